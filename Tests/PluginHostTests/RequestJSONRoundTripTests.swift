import Testing
import ValuegenPluginSDK

/// A request survives the trip through its JSON form: what a plugin built with the SDK reads
/// is what the host encoded.
@Suite struct RequestJSONRoundTripTests {
    static func roundTrip(_ request: GenerationRequest) throws -> GenerationRequest {
        try GenerationRequest(json: try JSONParser.parse(JSONSerializer.serialize(request.json)))
    }

    /// Why the JSON does not have the shape of a request.
    static func shapeError(_ read: () throws -> GenerationRequest) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func everyExampleRequestReadsBackEqual() throws {
        for request in try ExampleRequests.captured() {
            #expect(try Self.roundTrip(request) == request, "\(request.file.path)")
        }
    }

    @Test func encodingIsDeterministicToTheByte() throws {
        for request in try ExampleRequests.captured() {
            let bytes = JSONSerializer.serialize(request.json)
            #expect(JSONSerializer.serialize(try Self.roundTrip(request).json) == bytes, "\(request.file.path)")
        }
    }

    @Test func optionsOfEveryKindReadBackEqual() throws {
        var request = try #require(try ExampleRequests.captured().first)
        request.options = .object([
            JSONMember(key: "zeta", value: .string("first member stays first")),
            JSONMember(key: "alpha", value: .array([.number(1), .number(-2.5), .number(1e21), .bool(false), .null])),
            JSONMember(key: "text", value: .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 😀")),
            JSONMember(key: "nested", value: .object([JSONMember(key: "empty", value: .object([]))])),
        ])
        #expect(try Self.roundTrip(request) == request)
    }

    /// The SDK's reader treats a null member as an absent one, so `"options": null` in
    /// valuegen.json reaches a Swift plugin as no options at all.
    @Test func nullOptionsReadBackAsAbsent() throws {
        var request = try #require(try ExampleRequests.captured().first)
        request.options = .null
        #expect(try Self.roundTrip(request).options == nil)
    }

    @Test func missingMemberIsNamedByItsPointer() throws {
        var json = try #require(try ExampleRequests.captured().first).json
        json.update("types", 0) { $0.remove("canBeSendable") }
        #expect(Self.shapeError { try GenerationRequest(json: json) } == "the request has no /types/0/canBeSendable")
    }

    @Test func memberOfTheWrongTypeIsNamedByItsPointer() throws {
        var json = try #require(try ExampleRequests.captured().first).json
        json.update("types", 0, "location") { $0.set("line", to: .string("1")) }
        #expect(Self.shapeError { try GenerationRequest(json: json) } == "the request's /types/0/location/line is not an integer")
    }

    @Test func unknownKindIsRefused() throws {
        var json = try #require(try ExampleRequests.captured().first).json
        json.update("file") { $0.set("kind", to: .string("struct")) }
        #expect(Self.shapeError { try GenerationRequest(json: json) } == "the request's /file/kind is not a known ModelKind")
    }

    @Test func bytesThatAreNotJSONAreRefusedWithTheParsersReason() throws {
        let bytes: [UInt8] = Array(#"{"schemaVersion": 1,"#.utf8)
        #expect(Self.shapeError { try bytes.withUnsafeBytes { buffer in try GenerationRequest(jsonBytes: buffer) } } == "invalid JSON at byte 20: expected a member name")
    }
}
