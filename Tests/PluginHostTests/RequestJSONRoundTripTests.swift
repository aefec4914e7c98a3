import Testing
import ValuegenCore
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

    /// valuegen.json's `optimizeFor` is in the request only when it says, after the options
    /// and before the module;
    /// a goal this SDK does not name (a later version's) reads back as itself.
    @Test func optimizeForIsWrittenOnlyWhenSetAndReadsBack() throws {
        var request = try #require(try ExampleRequests.captured().first)
        #expect(request.optimizeFor == nil)
        #expect(request.json["optimizeFor"] == nil)
        request.options = .string("compact")
        for goal in [OptimizationGoal.speed, .codeSize, OptimizationGoal(rawValue: "balanced")] {
            request.optimizeFor = goal
            #expect(request.json["optimizeFor"] == .string(goal.rawValue))
            guard case .object(let members) = request.json else { Issue.record("the request is not an object"); return }
            #expect(members.suffix(3).map(\.key) == ["options", "optimizeFor", "module"])
            #expect(try Self.roundTrip(request) == request)
        }
    }

    /// A request of a host before `optimizeFor`, or one whose configuration does not say,
    /// reads as nil (speed); so does null, as for every optional member.
    @Test func aRequestWithoutOptimizeForReadsAsNil() throws {
        var json = try #require(try ExampleRequests.captured().first).json
        #expect(try GenerationRequest(json: json).optimizeFor == nil)
        json.set("optimizeFor", to: .null)
        #expect(try GenerationRequest(json: json).optimizeFor == nil)
        json.set("optimizeFor", to: .number(1))
        #expect(Self.shapeError { try GenerationRequest(json: json) } == "the request's /optimizeFor is not a string")
    }

    /// What the pipeline hands every feature: the configuration's goal, or nil.
    @Test func theRequestCarriesTheGoalOfTheSettings() throws {
        for goal in [nil, OptimizationGoal.speed, .codeSize] {
            let capture = CapturingFeature()
            let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
            var settings = GenerationSettings(defaultIncludes: ["JSON"])
            settings.optimizeFor = goal
            let generated = pipeline.generate(SchemaSource(path: "User.value", text: "User {\n  id: Int\n}\n"), settings: settings)
            #expect(!generated.hasErrors, "\(generated.diagnostics)")
            #expect(capture.requests.map(\.optimizeFor) == [goal])
        }
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
