import Foundation
import Testing
import ValuegenRuntime

/// Dictionaries keyed by integers (issue 23): JSON objects whose member names are the keys in
/// decimal, `{"138586341": …}`, read with the member names Foundation's Codable accepts for a
/// `[Int: T]` (what `Int(_: String)` accepts), through the JSON feature, the Dictionary
/// feature's property lists and Coding's container extensions alike.
@Suite("Integer keys")
struct IntegerKeyTests {
    // MARK: - JSON

    @Test func integerKeyedDictionariesRoundTripInNumericOrder() throws {
        let events: [Int64: String] = [138_586_341: "a", -5: "b", 9: "c", 10: "d", .min: "min", .max: "max"]
        #expect(encoded(events) == #"{"-9223372036854775808":"min","-5":"b","9":"c","10":"d","138586341":"a","9223372036854775807":"max"}"#)
        #expect(try decode([Int64: String].self, encoded(events)) == events)
        #expect(encoded([UInt64.max: [1: true]] as [UInt64: [Int: Bool]]) == #"{"18446744073709551615":{"1":true}}"#)
        #expect(encoded([Int8: Int]()) == "{}")
        #expect(encoded([[1: 1], [:], [-1: 2]] as [[Int: Int]]) == #"[{"1":1},{},{"-1":2}]"#)
        try roundTrips([Int.min: 1, Int.max: 2, 0: 3])
        try roundTrips([Int8.min: 1, Int8.max: 2])
        try roundTrips([Int16.min: 1, Int16.max: 2])
        try roundTrips([Int32.min: 1, Int32.max: 2])
        try roundTrips([UInt.max: 1, 0: 2])
        try roundTrips([UInt8.max: 1, 0: 2])
        try roundTrips([UInt16.max: 1])
        try roundTrips([UInt32.max: 1])
    }

    @Test func membersNamesHoldKeysAsFoundationReadsThem() throws {
        #expect(try decode([Int: Int].self, #"{"+7":1,"007":2,"-0":3,"\u0031\u0032":4}"#) == [7: 2, 0: 3, 12: 4])
        #expect(try decode([UInt8: Int].self, #"{"-0":1,"+255":2,"-000":3}"#) == [0: 3, 255: 2])
        #expect(try decode([Int8: Int].self, #"{"-128":1,"-0000000000000000000000128":2}"#) == [-128: 2])
    }

    @Test func aKeyTwoNamesHoldKeepsTheLastValueAsARepeatedNameDoes() throws {
        #expect(try decode([Int: String].self, #"{"1":"a","2":"b","01":"c"}"#) == [1: "c", 2: "b"])
        #expect(try decode([UInt16: String].self, #"{"5":"a","5":"b"}"#) == [5: "b"])
    }

    @Test func aNameThatHoldsNoKeyIsAnErrorAtTheName() {
        for name in ["", "-", "+", "1.0", "1e3", " 1", "1 ", "0x1", "1_000", "１", "--1", "+-1", "abc"] {
            let json = #"{"1":0, "\#(name)":1}"#
            expectError([Int: Int].self, json, "expected a member name holding an integer, found \"\(name)\"", at: 8, path: [.key(name)])
        }
        expectError([UInt8: Int].self, #"{"256":1}"#, #"member name "256" is out of the range of UInt8"#, at: 1, path: [.key("256")])
        expectError([UInt8: Int].self, #"{"-1":1}"#, #"member name "-1" is out of the range of UInt8"#, at: 1, path: [.key("-1")])
        expectError([Int64: Int].self, #"{"9223372036854775808":1}"#, #"member name "9223372036854775808" is out of the range of Int64"#, at: 1, path: [.key("9223372036854775808")])
        // An escaped name is reported at its quote too, by its text.
        expectError([[Int: Int]].self, #"[{"\u0041":1}]"#, #"expected a member name holding an integer, found "A""#, at: 2, path: [.index(0), .key("A")])
        // Past the dictionary, errors are the reader's as for any object.
        expectError([Int: Int].self, #"{"1":"x"}"#, "expected an integer, found a string", at: 5, path: [.key("1")])
        expectError([Int: Int].self, "[]", "expected an object, found an array", at: 0)
    }

    /// Every text that `T(_: String)` reads is read to the same key; every other text is refused.
    @Test func acceptsExactlyWhatSwiftsIntegerParserAccepts() throws {
        var texts = ["0", "-0", "+0", "00", "+", "-", "", "1", "-1", "+1", "0001", "-0001", "+-1", "1-", "1+", " 1", "٣", "1.", ".1", "1e1",
                     "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768", "-32769", "65535", "65536",
                     "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "18446744073709551615", "18446744073709551616", "-18446744073709551616", "99999999999999999999999"]
        var generator = SeededGenerator(seed: 23)
        let alphabet = Array("0123456789+-a ")
        for _ in 0..<3000 {
            let length = Int.random(in: 0...21, using: &generator)
            texts.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        try expectSwiftsParsing(Int.self, texts)
        try expectSwiftsParsing(Int8.self, texts)
        try expectSwiftsParsing(Int16.self, texts)
        try expectSwiftsParsing(Int32.self, texts)
        try expectSwiftsParsing(Int64.self, texts)
        try expectSwiftsParsing(UInt.self, texts)
        try expectSwiftsParsing(UInt8.self, texts)
        try expectSwiftsParsing(UInt16.self, texts)
        try expectSwiftsParsing(UInt32.self, texts)
        try expectSwiftsParsing(UInt64.self, texts)
    }

    /// Foundation's JSONDecoder reads `[Int: T]` from an object itself: it reads the same
    /// documents to the same dictionaries, and refuses the same names.
    @Test func readsWhatFoundationReadsForIntKeys() throws {
        for json in [#"{"1":1,"-20":2}"#, #"{"+3":3}"#, #"{"007":7}"#, #"{"-0":0}"#, #"{"9223372036854775807":1}"#, #"{"\u0034\u0032":42}"#] {
            let foundation = try JSONDecoder().decode([Int: Int].self, from: Data(json.utf8))
            #expect(try decode([Int: Int].self, json) == foundation, "\(json)")
            #expect(try JSONDecoder().decode([Int: Int].self, from: Data(encoded(foundation).utf8)) == foundation)
        }
        for json in [#"{"a":1}"#, #"{" 1":1}"#, #"{"1.0":1}"#, #"{"9223372036854775808":1}"#, #"{"":1}"#] {
            #expect((try? JSONDecoder().decode([Int: Int].self, from: Data(json.utf8))) == nil, "\(json)")
            #expect((try? decode([Int: Int].self, json)) == nil, "\(json)")
        }
    }

    // MARK: - Property lists (the Dictionary feature)

    @Test func propertyListsHoldTheKeysAsStrings() throws {
        let events: [Int64: Int] = [-3: 1, 138_586_341: 2]
        let value = try #require(events.propertyListValue as? [String: Any])
        #expect(value.keys.sorted() == ["-3", "138586341"])
        #expect(try [Int64: Int](propertyListValue: value) == events)
        let data = try PropertyListSerialization.data(fromPropertyList: events.propertyListValue, format: .binary, options: 0)
        #expect(try [Int64: Int](propertyListValue: PropertyListSerialization.propertyList(from: data, format: nil)) == events)
        let fromJSON = try JSONSerialization.jsonObject(with: Data(encoded(events).utf8))
        #expect(try [Int64: Int](propertyListValue: fromJSON) == events)
        #expect(try [UInt8: [Int: String]](propertyListValue: ["+7": ["007": "x"]]) == [7: [7: "x"]])
    }

    @Test func propertyListErrorsNameTheMember() {
        #expect(failure([Int: Int].self, ["1": 1, "x": 2]) == #"$.x: expected a member name holding an integer, found "x""#)
        #expect(failure([Int8: Int].self, ["200": 1]) == #"$.200: member name "200" is out of the range of Int8"#)
        #expect(failure([Int: Int].self, ["1": "one"]) == #"$.1: expected an integer, found a string"#)
        #expect(failure([Int: Int].self, ["1": 1, "01": 2, "+1": 3]).hasPrefix(#"$: member names "#))
        #expect(failure([Int: Int].self, ["01": 1, "1": 2]) == #"$: member names "01" and "1" hold the same key, 1"#)
    }

    // MARK: - Coding (Foundation's coders)

    @Test func codingWritesAnObjectAsTheJSONFeatureDoes() throws {
        let record = CodedEvents(events: [138_586_341: "a", -5: "b"], maybe: [7: true])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(json == #"{"events":{"-5":"b","138586341":"a"},"maybe":{"7":true}}"#)
        #expect(try JSONDecoder().decode(CodedEvents.self, from: Data(json.utf8)) == record)
        // What the JSON feature writes for the same dictionaries, read by Coding.
        let events = encoded(record.events)
        #expect(try JSONDecoder().decode(CodedEvents.self, from: Data(#"{"events":\#(events)}"#.utf8)) == CodedEvents(events: record.events, maybe: nil))
        #expect(String(decoding: try encoder.encode(CodedEvents(events: [:], maybe: nil)), as: UTF8.self) == #"{"events":{}}"#)
    }

    @Test func codingReadsTheArrayOfKeysAndValuesFoundationWrites() throws {
        // Foundation's own form for [Int64: T], which Coding wrote before it wrote objects.
        let legacy = try JSONEncoder().encode(FoundationEvents(events: [4: "x"], maybe: [9: false]))
        #expect(String(decoding: legacy, as: UTF8.self).contains(#"[4,"x"]"#))
        #expect(try JSONDecoder().decode(CodedEvents.self, from: legacy) == CodedEvents(events: [4: "x"], maybe: [9: false]))
    }

    @Test func codingErrorsHaveTheCodingPath() {
        #expect(codingFailure(#"{"events":{"1":"a","x":"b"}}"#) == #"dataCorrupted events.x: expected a member name holding an integer, found "x""#)
        #expect(codingFailure(#"{"events":{"99999999999999999999":"a"}}"#) == #"dataCorrupted events.99999999999999999999: member name "99999999999999999999" is out of the range of Int64"#)
        #expect(codingFailure(#"{"events":{"1":"a","01":"b"}}"#) == #"dataCorrupted events: member names "01" and "1" hold the same key, 1"#)
        #expect(codingFailure(#"{"events":"x"}"#).hasPrefix("typeMismatch events: "))
        #expect(codingFailure(#"{"events":{},"maybe":{"1":3}}"#).hasPrefix("typeMismatch maybe.1: "))
    }

    // MARK: - Support

    private func roundTrips<K: FixedWidthInteger & JSONObjectKey & Codable>(_ dictionary: [K: Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try decode([K: Int].self, encoded(dictionary)) == dictionary, sourceLocation: sourceLocation)
        #expect(try [K: Int](propertyListValue: dictionary.propertyListValue) == dictionary, sourceLocation: sourceLocation)
        let bytes = dictionary.keys.sorted().map { "\"\($0)\":\(dictionary[$0]!)" }.joined(separator: ",")
        #expect(encoded(dictionary) == "{\(bytes)}", sourceLocation: sourceLocation)
    }

    private func expectSwiftsParsing<K: FixedWidthInteger & JSONObjectKey>(_ type: K.Type, _ texts: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for text in texts {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let read = try? decode([K: Int].self, "{\"\(escaped)\":1}")
            #expect(read?.keys.first == K(text), "\(K.self) from \"\(text)\"", sourceLocation: sourceLocation)
            #expect(K.key(forMemberName: text) == K(text), "\(K.self) from \"\(text)\"", sourceLocation: sourceLocation)
        }
    }

    private func codingFailure(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(CodedEvents.self, from: Data(json.utf8))
            return "no error"
        } catch DecodingError.dataCorrupted(let context) {
            return "dataCorrupted \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        } catch DecodingError.typeMismatch(_, let context) {
            return "typeMismatch \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        } catch {
            return "\(error)"
        }
    }
}

/// What generated `Coding` code does for `events: [Int64: String]` and `maybe: [UInt8: Bool]?`.
private struct CodedEvents: Codable, Equatable {
    var events: [Int64: String]
    var maybe: [UInt8: Bool]?

    enum CodingKeys: String, CodingKey {
        case events, maybe
    }

    init(events: [Int64: String], maybe: [UInt8: Bool]?) {
        self.events = events
        self.maybe = maybe
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        events = try container.decodeIntegerKeyed([Int64: String].self, forKey: .events)
        maybe = try container.decodeIntegerKeyedIfPresent([UInt8: Bool].self, forKey: .maybe)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIntegerKeyed(events, forKey: .events)
        try container.encodeIntegerKeyedIfPresent(maybe, forKey: .maybe)
    }
}

/// The same members as Foundation's synthesized Codable writes them: arrays of keys and values.
private struct FoundationEvents: Codable {
    var events: [Int64: String]
    var maybe: [UInt8: Bool]?
}
