import Foundation
import Testing
import ValuegenRuntime

/// The standard types as property-list values: what each writes, and what each reads, as Swift
/// values and as the `NSNumber`s, booleans and collections that `JSONSerialization` and
/// `PropertyListSerialization` give.
@Suite("Dictionary: standard conformances")
struct DictionaryConformanceTests {
    /// The value after Foundation has parsed `json`, as a dictionary from JSON arrives.
    private func fromJSON(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
    }

    @Test func integersReadExactValuesOfAnyNumberKind() throws {
        #expect(try Int(propertyListValue: 42) == 42)
        #expect(try Int(propertyListValue: NSNumber(value: 42)) == 42)
        #expect(try Int(propertyListValue: 42.0) == 42)
        #expect(try Int8(propertyListValue: try fromJSON("-128")) == -128)
        #expect(try UInt64(propertyListValue: try fromJSON("18446744073709551615")) == UInt64.max)
        #expect(try UInt8(propertyListValue: Int64(255)) == 255)
        #expect(try Int(propertyListValue: try fromJSON("3.0")) == 3)
    }

    @Test func integersRefuseFractionsOverflowBooleansAndStrings() throws {
        #expect(failure(Int.self, 2.5) == "$: expected an integer, found 2.5")
        #expect(failure(Int.self, try fromJSON("2.5")) == "$: expected an integer, found 2.5")
        #expect(failure(Int8.self, 300) == "$: expected an integer that fits Int8, found 300")
        #expect(failure(UInt.self, -1) == "$: expected an integer that fits UInt, found -1")
        #expect(failure(Int.self, try fromJSON("18446744073709551615")) == "$: expected an integer that fits Int, found 18446744073709551615")
        #expect(failure(Int.self, Double.infinity) == "$: expected an integer, found inf")
        #expect(failure(Int.self, true) == "$: expected an integer, found a boolean")
        #expect(failure(Int.self, try fromJSON("true")) == "$: expected an integer, found a boolean")
        #expect(failure(Int.self, "1") == "$: expected an integer, found a string")
        #expect(failure(Int.self, NSNull()) == "$: expected an integer, found null")
    }

    @Test func lenientIntegersReadStringsHoldingIntegers() throws {
        #expect(try Int(lenientPropertyListValue: "-42") == -42)
        #expect(try Int(lenientPropertyListValue: 7) == 7)
        #expect(throws: DictionaryError(message: "expected an integer or a string holding one, found \"4.2\"")) { try Int(lenientPropertyListValue: "4.2") }
        #expect(throws: DictionaryError(message: "expected an integer that fits Int8, found \"300\"")) { try Int8(lenientPropertyListValue: "300") }
        #expect(throws: DictionaryError(message: "expected an integer or a string holding one, found a boolean")) { try Int(lenientPropertyListValue: true) }
    }

    @Test func floatingPointReadsAnyNumberButABoolean() throws {
        #expect(try Double(propertyListValue: 2.5) == 2.5)
        #expect(try Double(propertyListValue: 3) == 3)
        #expect(try Double(propertyListValue: try fromJSON("1e300")) == 1e300)
        #expect(try Float(propertyListValue: NSNumber(value: 0.5)) == 0.5)
        #expect(try CGFloat(propertyListValue: 1.5) == 1.5)
        #expect(CGFloat(1.5).propertyListValue is Double)
        #expect(failure(Double.self, false) == "$: expected a number, found a boolean")
        #expect(failure(Double.self, "2.5") == "$: expected a number, found a string")
    }

    @Test func booleansReadSwiftAndFoundationBooleansButNotNumbers() throws {
        #expect(try Bool(propertyListValue: true) == true)
        #expect(try Bool(propertyListValue: try fromJSON("false")) == false)
        #expect(try Bool(propertyListValue: NSNumber(value: true)) == true)
        #expect(failure(Bool.self, 1) == "$: expected true or false, found 1")
        #expect(failure(Bool.self, try fromJSON("1")) == "$: expected true or false, found 1")
    }

    @Test func urlsAndUUIDsAreStrings() throws {
        let url = try #require(URL(string: "https://example.com/a?b=c"))
        #expect(url.propertyListValue as? String == "https://example.com/a?b=c")
        #expect(try URL(propertyListValue: "https://example.com/a?b=c") == url)
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(uuid.propertyListValue as? String == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try UUID(propertyListValue: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == uuid)
        #expect(failure(UUID.self, "nope") == "$: expected a UUID, found \"nope\"")
    }

    @Test func datesAndDataStayThemselvesAndReadJSONStringsToo() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_896)
        #expect(date.propertyListValue as? Date == date)
        #expect(try Date(propertyListValue: date) == date)
        #expect(try Date(propertyListValue: "2024-05-01T12:34:56Z") == date)
        #expect(failure(Date.self, "May") == "$: expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found \"May\"")
        #expect(failure(Date.self, 12) == "$: expected a date, found 12")
        let data = Data([1, 2, 3])
        #expect(data.propertyListValue as? Data == data)
        #expect(try Data(propertyListValue: "AQID") == data)
        #expect(failure(Data.self, "***") == "$: expected base64 data, found a string that is not base64")
    }

    @Test func dateStylesWriteTheStylesFormAndReadItBack() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_896.5)
        #expect(date.propertyListValue(style: .secondsSince1970) as? Double == 1_714_566_896.5)
        #expect(date.propertyListValue(style: .millisecondsSince1970) as? Double == 1_714_566_896_500)
        #expect(date.propertyListValue(style: .format("yyyy-MM-dd")) as? String == "2024-05-01")
        #expect(try Date(propertyListValue: 1_714_566_896_500, style: .millisecondsSince1970) == date)
        #expect(try Date(propertyListValue: date, style: .format("yyyy-MM-dd")) == date)
        #expect(try [Date](propertyListValue: [1_714_566_896.5], style: .secondsSince1970) == [date])
        #expect(throws: DictionaryError(message: "expected a number, found a string", path: [.index(1)])) {
            try [Date](propertyListValue: [1.0, "x"], style: .secondsSince1970)
        }
        #expect(throws: DictionaryError(message: "expected a date in the format \"yyyy\", found \"x\"")) {
            try Date(propertyListValue: "x", style: .format("yyyy"))
        }
    }

    @Test func collectionsNameTheIndexOrKeyOfAnError() throws {
        #expect(try [Int](propertyListValue: [1, 2]) == [1, 2])
        #expect(try [Int](propertyListValue: try fromJSON("[1,2]")) == [1, 2])
        #expect(try Set<String>(propertyListValue: ["a", "b", "a"]) == ["a", "b"])
        #expect(try [String: [Int]](propertyListValue: try fromJSON(#"{"a":[1]}"#)) == ["a": [1]])
        #expect(failure([[Int]].self, [[1], [2, "x"]]) == "$[1][1]: expected an integer, found a string")
        #expect(failure([String: Int].self, ["zip code": 2.5]) == #"$["zip code"]: expected an integer, found 2.5"#)
        #expect(failure([Int].self, ["a": 1]) == "$: expected an array, found a dictionary")
        #expect(failure([String: Int].self, [1]) == "$: expected a dictionary, found an array")
    }

    @Test func aDictionaryFromAPropertyListReadsThoughItsKeysAreAnyHashable() throws {
        let bytes = try PropertyListSerialization.data(fromPropertyList: ["outer": ["inner": 1]], format: .binary, options: 0)
        let tree = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
        #expect(try [String: [String: Int]](propertyListValue: tree) == ["outer": ["inner": 1]])
        #expect(failure([String: Int].self, [1: 2] as [AnyHashable: Any]) == "$: expected a dictionary with string keys, found the key 1")
    }

    @Test func optionalsReadNullAsNilAndWriteItAsNull() throws {
        #expect(try Int?(propertyListValue: NSNull()) == nil)
        #expect(try [Int?](propertyListValue: [1, NSNull()]) == [1, nil])
        #expect(Int?.none.propertyListValue is NSNull)
        #expect(Int?.some(3).propertyListValue as? Int == 3)
    }

    @Test func writtenTreesArePropertyLists() throws {
        let tree: Any = ["a": [1, 2].propertyListValue, "b": Set(["x"]).propertyListValue, "c": ["k": 2.5].propertyListValue, "d": Date().propertyListValue, "e": UInt8(3).propertyListValue, "f": Float(1.5).propertyListValue]
        _ = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
    }
}

/// `$.path: message` of reading `value` as `T`, or "no error".
func failure<T: DictionaryDecodable>(_ type: T.Type, _ value: Any) -> String {
    do {
        _ = try T(propertyListValue: value)
        return "no error"
    } catch {
        return error.description
    }
}
