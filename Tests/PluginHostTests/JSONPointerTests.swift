import Testing
@testable import ValuegenPluginHost
import ValuegenPluginSDK

/// valuegen.query/1 resolves RFC 6901 JSON pointers into the request, and nothing that only
/// resembles one.
@Suite struct JSONPointerTests {
    static let document = try! JSONParser.parse(#"{"types": [{"name": "User"}, {"name": "Address"}], "a/b": 1, "m~n": 2, "": 3}"#)

    @Test(arguments: [
        ("/types/0/name", "\"User\""),
        ("/types/1/name", "\"Address\""),
        ("/types", "[{\"name\":\"User\"},{\"name\":\"Address\"}]"),
        ("/a~1b", "1"),
        ("/m~0n", "2"),
        ("/", "3"),
    ])
    func resolves(_ pointer: String, json: String) throws {
        let found = try #require(JSONPointer.resolve(pointer, in: Self.document))
        #expect(String(decoding: JSONSerializer.serialize(found), as: UTF8.self) == json)
    }

    @Test func emptyPointerIsTheWholeDocument() {
        #expect(JSONPointer.resolve("", in: Self.document) == Self.document)
    }

    @Test(arguments: ["types", "/types/2", "/types/01", "/types/+1", "/types/-0", "/types/ 1", "/types/1 ", "/types/-", "/types/0x1", "/types/0/name/0", "/missing", "/a/b"])
    func findsNothingAt(_ pointer: String) {
        #expect(JSONPointer.resolve(pointer, in: Self.document) == nil)
    }
}
