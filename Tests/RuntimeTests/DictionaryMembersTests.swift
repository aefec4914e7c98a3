import Foundation
import Testing
import ValuegenRuntime

/// How generated code finds members: the primary key, then legacy keys in order, `NSNull` as
/// absent (but for a required member with one key), errors with the member's key and the path of
/// a case's content; and an unknown case's content as a property-list tree.
@Suite("Dictionary: members, errors and unknown content")
struct DictionaryMembersTests {
    @Test func theFirstKeyWithAValueWinsAndNullCountsAsAbsent() throws {
        let members = DictionaryMembers(["zip": "2", "postcode": "3", "zip code": NSNull()])
        #expect(try members.decode(String.self, forKeys: "zip code", "zip", "postcode") == "2")
        #expect(try members.decode(String.self, forKeys: "zip code") == nil)
        #expect(try members.decode(String.self, forKeys: "other") == nil)
        #expect(try members.decodeRequired(String.self, forKeys: "zip code", "postcode") == "3")
    }

    @Test func aRequiredMemberIsMissingOrRefusesNull() {
        let members = DictionaryMembers(["name": NSNull()])
        #expect(throws: DictionaryError(message: "missing member \"id\"")) { try members.decodeRequired(Int.self, forKeys: "id") }
        #expect(throws: DictionaryError(message: "expected a string, found null", path: [.key("name")])) {
            try members.decodeRequired(String.self, forKeys: "name")
        }
        #expect(throws: DictionaryError(message: "missing member \"name\"")) { try members.decodeRequired(String.self, forKeys: "name", "title") }
    }

    @Test func aReadingClosureGetsTheValueAndItsErrorsTheKey() throws {
        let members = DictionaryMembers(["id": "7", "bad": "x"])
        #expect(try members.decode(forKeys: "id") { value throws(DictionaryError) in try Int(lenientPropertyListValue: value) } == 7)
        #expect(throws: DictionaryError(message: "expected an integer or a string holding one, found \"x\"", path: [.key("bad")])) {
            try members.decodeRequired(forKeys: "bad") { value throws(DictionaryError) in try Int(lenientPropertyListValue: value) }
        }
    }

    @Test func aCasesContentAddsItsKeyToTheErrorsOfItsMembers() throws {
        let members = DictionaryMembers(["image": ["url": 3]])
        let content = try members.members(forKey: "image")
        #expect(content.path == [.key("image")])
        #expect(throws: DictionaryError(message: "expected a string, found 3", path: [.key("image"), .key("url")])) {
            try content.decodeRequired(String.self, forKeys: "url")
        }
        #expect(throws: DictionaryError(message: "missing member \"width\"", path: [.key("image")])) {
            try content.decodeRequired(Int.self, forKeys: "width")
        }
        #expect(throws: DictionaryError(message: "expected a dictionary, found a string", path: [.key("image")])) {
            try DictionaryMembers(["image": "x"]).members(forKey: "image")
        }
    }

    @Test func errorsDescribeThePathAsJSONErrorsDo() {
        let error = DictionaryError(message: "expected an integer, found a string", path: [.key("a"), .key("b c"), .index(2)])
        #expect(error.description == #"$.a["b c"][2]: expected an integer, found a string"#)
        #expect(error.inside(.key("root")).pathDescription == #"$.root.a["b c"][2]"#)
    }

    @Test func unknownContentBecomesATreeWithoutNulls() throws {
        let json = try RawJSON(#"{"a":1,"b":null,"c":[true,null,"x"],"d":{"e":2.5}}"#)
        let tree = try #require(json.propertyListValue as? [String: Any])
        #expect(tree["b"] == nil)
        #expect((tree["c"] as? [Any])?.count == 2)
        _ = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
        #expect(try RawJSON("null").propertyListValue == nil)
        #expect(try RawJSON(propertyListValue: tree).description == #"{"a":1,"c":[true,"x"],"d":{"e":2.5}}"#)
    }

    @Test func aTreeBecomesJSONWithDatesAndDataAsJSONWritesThem() throws {
        let tree: [String: Any] = ["when": Date(timeIntervalSince1970: 0), "bytes": Data([1, 2, 3]), "n": 3.0, "u": UInt64.max, "flag": false]
        #expect(try RawJSON(propertyListValue: tree).description == #"{"bytes":"AQID","flag":false,"n":3,"u":18446744073709551615,"when":"1970-01-01T00:00:00.000Z"}"#)
        #expect(throws: DictionaryError(message: "expected a property-list value, found a value of type DictionaryMembersTests", path: [.key("x")])) {
            try RawJSON(propertyListValue: ["x": DictionaryMembersTests()])
        }
    }
}
