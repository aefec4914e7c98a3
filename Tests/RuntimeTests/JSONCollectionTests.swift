import Foundation
import Testing
@testable import ValuegenRuntime

@Suite("JSON collections and optionals")
struct JSONCollectionTests {
    @Test func keyCountIsTheLengthOfTheDecodedKey() throws {
        // Generated code switches over `count` before it compares keys: escaped keys must
        // count (and match) as their decoded text.
        let probe = try KeyProbe(jsonBytes: Array(#"{"ab":1,"a\u0062":2,"\u00e9":3,"é":4,"":5}"#.utf8))
        #expect(probe.counts == [2, 2, 2, 2, 0])
        #expect(probe.strings == ["ab", "ab", "é", "é", ""])
        #expect(probe.matchesAB == [true, true, false, false, false])
    }

    @Test func optionalsAreNullWhenNil() throws {
        #expect(encoded(Int?.none) == "null")
        #expect(encoded(Int?.some(3)) == "3")
        #expect(try decode(Int?.self, " null ") == nil)
        #expect(try decode(Int?.self, "3") == 3)
        #expect(try decode([String?].self, #"["a",null,"b"]"#) == ["a", nil, "b"])
        expectError(Int?.self, "nul", "expected an integer, found 'nul'", at: 0)
        expectError(Int?.self, "nulls", "expected the end of the document, found 's'", at: 4)
    }

    @Test func arraysRoundTripAndReadAtTheRoot() throws {
        #expect(try [Int](jsonData: Data("[1,2,3]".utf8)) == [1, 2, 3])
        #expect(try [Int](jsonBytes: Array(" [ 1 , 2 ] ".utf8)) == [1, 2])
        #expect(try [[String]](jsonData: Data(#"[["a"],[],["b","c"]]"#.utf8)) == [["a"], [], ["b", "c"]])
        #expect(encoded([Int]()) == "[]")
        #expect(encoded([[1, 2], [], [3]]) == "[[1,2],[],[3]]")
        #expect(String(decoding: [1, 2].jsonData(), as: UTF8.self) == "[1,2]")
        let nested: [[String: [Double?]]] = [["b": [1.5, nil], "a": []], [:]]
        #expect(try [[String: [Double?]]](jsonData: nested.jsonData()) == nested)
    }

    @Test func setsRoundTripAndCollapseRepeatedElements() throws {
        let set: Set<String> = ["a", "b", "c"]
        #expect(try Set<String>(jsonData: set.jsonData()) == set)
        #expect(try decode(Set<Int>.self, "[1,2,2,1]") == [1, 2])
        #expect(encoded(Set<Int>()) == "[]")
        expectError(Set<Int>.self, "{}", "expected an array, found an object", at: 0)
    }

    @Test func dictionariesWriteTheirKeysSorted() throws {
        let dictionary = ["b": 1, "a": 2, "é": 3, "A": 0, "": 5, "a b": 6]
        #expect(encoded(dictionary) == #"{"":5,"A":0,"a":2,"a b":6,"b":1,"é":3}"#)
        #expect(try decode([String: Int].self, encoded(dictionary)) == dictionary)
        #expect(encoded([String: Int]()) == "{}")
        #expect(encoded(["quote\"": "x\n"]) == #"{"quote\"":"x\n"}"#)
    }

    @Test func dictionariesKeepTheLastOfRepeatedKeys() throws {
        #expect(try decode([String: Int].self, #"{"a":1,"b":2,"a":3}"#) == ["a": 3, "b": 2])
        // The same key spelt with an escape is the same key.
        #expect(try decode([String: Int].self, #"{"ab":1,"a\u0062":2}"#) == ["ab": 2])
    }

    @Test func dictionaryErrorsNameTheMember() {
        expectError([String: Int].self, #"{"a":1,"zip code":"x"}"#, "expected an integer, found a string", at: 18, path: [.key("zip code")])
        expectError([String: [Int]].self, #"{"a":[1,true]}"#, "expected an integer, found a boolean", at: 8, path: [.key("a"), .index(1)])
        expectError([String: Int].self, "[]", "expected an object, found an array", at: 0)
    }
}

@Suite("JSON Foundation types")
struct JSONFoundationTypeTests {
    @Test func urlsAreStrings() throws {
        let url = URL(string: "https://example.com/a%20b?q=1&r=%C3%A9#top")!
        #expect(encoded(url) == #""https://example.com/a%20b?q=1&r=%C3%A9#top""#)
        #expect(try decode(URL.self, encoded(url)) == url)
        #expect(try decode(URL.self, #""relative/path""#).relativeString == "relative/path")
        #expect(try decode(URL.self, #""file:///tmp/x.json""#).path == "/tmp/x.json")
        expectError(URL.self, #" """#, #"expected a URL, found """#, at: 1)
        expectError(URL.self, "1", "expected a string, found a number", at: 0)
    }

    @Test func datesAreISO8601WithMillisecondsInUTC() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_896.789)
        #expect(encoded(date) == #""2024-05-01T12:34:56.789Z""#)
        #expect(try decode(Date.self, encoded(date)) == date)
        #expect(encoded(Date(timeIntervalSince1970: 0)) == #""1970-01-01T00:00:00.000Z""#)
        #expect(encoded(Date(timeIntervalSince1970: 1_714_566_896.7894)) == #""2024-05-01T12:34:56.789Z""#)
        #expect(encoded(Date(timeIntervalSince1970: 1_714_566_896.9996)) == #""2024-05-01T12:34:57.000Z""#)
    }

    @Test func datesBefore1970AndInNegativeYearsRoundTrip() throws {
        #expect(encoded(Date(timeIntervalSince1970: -1.5)) == #""1969-12-31T23:59:58.500Z""#)
        #expect(encoded(Date(timeIntervalSince1970: -62_167_219_200)) == #""0000-01-01T00:00:00.000Z""#)
        #expect(encoded(Date(timeIntervalSince1970: -62_167_219_200.001)) == #""-000001-12-31T23:59:59.999Z""#)
        #expect(try decode(Date.self, #""-000001-12-31T23:59:59.999Z""#) == Date(timeIntervalSince1970: -62_167_219_200.001))
        for text in ["-000044-03-15T12:00:00.000Z", "+010000-01-01T00:00:00.000Z", "1900-02-28T23:59:59.001Z", "2000-02-29T00:00:00.000Z", "9999-12-31T23:59:59.999Z"] {
            #expect(try encoded(decode(Date.self, "\"" + text + "\"")) == "\"" + text + "\"")
        }
        var generator = SeededGenerator(seed: 1970)
        for _ in 0..<10_000 {
            // Any millisecond between the years -2000 and 10000 reads back to the same Date.
            let milliseconds = Int64.random(in: -125_000_000_000_000...253_402_300_799_999, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(try decode(Date.self, encoded(date)) == date, "\(milliseconds)")
        }
    }

    @Test func datesAsFarAsTheExpandedYearsRoundTripAndOthersAreTheNearestOfThem() throws {
        for text in ["+999999-12-31T23:59:59.999Z", "-999999-01-01T00:00:00.000Z", "4001-01-01T00:00:00.000Z"] {
            #expect(try encoded(decode(Date.self, "\"" + text + "\"")) == "\"" + text + "\"")
        }
        #expect(try decode(Date.self, encoded(Date.distantFuture)) == .distantFuture)
        #expect(try decode(Date.self, encoded(Date.distantPast)) == .distantPast)
        // Nothing is written that would not read back: not a year beyond six digits.
        for seconds in [1e14, .infinity] {
            #expect(encoded(Date(timeIntervalSince1970: seconds)) == #""+999999-12-31T23:59:59.999Z""#)
        }
        for seconds in [-1e14, -.infinity] {
            #expect(encoded(Date(timeIntervalSince1970: seconds)) == #""-999999-01-01T00:00:00.000Z""#)
        }
        #expect(encoded(Date(timeIntervalSince1970: .nan)) == #""0001-01-01T00:00:00.000Z""#)
    }

    @Test func datesReadOffsetsAndAnyFraction() throws {
        let expected = Date(timeIntervalSince1970: 1_714_566_896.789)
        #expect(try decode(Date.self, #""2024-05-01T14:34:56.789+02:00""#) == expected)
        #expect(try decode(Date.self, #""2024-05-01T07:04:56.789-05:30""#) == expected)
        #expect(try decode(Date.self, #""2024-05-01t12:34:56.789z""#) == expected)
        #expect(try decode(Date.self, #""2024-05-01T12:34:56Z""#) == Date(timeIntervalSince1970: 1_714_566_896))
        #expect(try decode(Date.self, #""2024-05-01T12:34:56.5Z""#) == Date(timeIntervalSince1970: 1_714_566_896.5))
        #expect(try encoded(decode(Date.self, #""2024-05-01T12:34:56.789123456Z""#)) == #""2024-05-01T12:34:56.789Z""#)
    }

    /// A date read as every date was read before it was parsed in place: a `String` made first.
    struct DateReadThroughString: JSONDecodable, Equatable {
        var date: Date
        init(from reader: inout JSONReader) throws(JSONError) {
            date = try reader.readString(converting: ISO8601.parse, orFail: { "expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found \"\($0)\"" })
        }
    }

    @Test func datesReadInPlaceAsThroughAString() {
        // Dates written every way ISO 8601 allows here, then broken: escapes (read through a
        // String), non-ASCII, cut, doubled and changed bytes; each in a document of its own
        // (at its end, where the in-place reading leaves it to the String road) and all in one.
        var random = SeededGenerator(seed: 8601)
        var texts: [String] = []
        for _ in 0..<3_000 {
            let seconds = Double(Int64.random(in: -70_000_000_000...70_000_000_000, using: &random)) / 1000
            var text = String(encoded(Date(timeIntervalSince1970: seconds)).dropFirst().dropLast())
            switch Int.random(in: 0..<10, using: &random) {
            case 0: text = text.replacingOccurrences(of: "Z", with: ["+02:00", "-05:30", "z", "+00:00"].randomElement(using: &random)!)
            case 1: text = text.replacingOccurrences(of: ".", with: #"\u002E"#)
            case 2: text = text.replacingOccurrences(of: "T", with: ["t", "é", " ", "\\T"].randomElement(using: &random)!)
            case 3: text.removeLast(Int.random(in: 1...3, using: &random))
            case 4: text += ["0", "Z", " ", "12345"].randomElement(using: &random)!
            case 5:
                var bytes = Array(text.utf8)
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8(ascii: ["9", ":", "-", "x"].randomElement(using: &random)!)
                text = String(decoding: bytes, as: UTF8.self)
            default: break
            }
            texts.append(text)
        }
        var reads: [Result<Date, JSONError>] = []
        for text in texts {
            // White space after the string: a string whose sixteen-byte block ends past the
            // document is read through a String, and the in-place reading would not be compared.
            for json in ["\"\(text)\"" + String(repeating: " ", count: 32), "\"\(text)\""] {
                let read = Result { () throws(JSONError) in try decode(Date.self, json) }
                let reference = Result { () throws(JSONError) in try decode(DateReadThroughString.self, json).date }
                #expect(read == reference, "\(json)")
                reads.append(read)
            }
        }
        // One document of the dates that read, which stops at no error, and one of them all.
        let dates = zip(texts, reads.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)).filter { (try? $0.1.get()) != nil }.map(\.0)
        #expect(dates.count > texts.count / 2 && dates.count < texts.count)
        for strings in [dates, texts] {
            let document = "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            let all = Result { () throws(JSONError) in try decode([Date].self, document) }
            let reference = Result { () throws(JSONError) in try decode([DateReadThroughString].self, document).map(\.date) }
            #expect(all == reference)
        }
    }

    @Test func invalidDatesAreErrors() {
        for text in ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-05-01", "2024-05-01T12:34:56", "2024-05-01T24:00:00Z",
                     "2024-05-01T12:34:56.Z", "24-05-01T12:34:56Z", "2024-05-01T12:34:56+0200", "2024-05-01T12:34:56Z ", "-2024-05-01T00:00:00Z", ""] {
            expectError(Date.self, "\"" + text + "\"", "expected an ISO 8601 date such as 2024-05-01T12:34:56.789Z, found \"\(text)\"", at: 0)
        }
        expectError(Date.self, "1714566896", "expected a string, found a number", at: 0)
    }

    @Test func dataIsBase64() throws {
        #expect(encoded(Data([0, 1, 2, 255])) == #""AAEC/w==""#)
        #expect(encoded(Data()) == #""""#)
        #expect(try decode(Data.self, #""AAEC/w==""#) == Data([0, 1, 2, 255]))
        #expect(try decode(Data.self, #""AAEC\/w==""#) == Data([0, 1, 2, 255]))
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(try decode(Data.self, encoded(bytes)) == bytes)
        expectError(Data.self, #"  "AAEC/w=""#, "expected base64 data, found a string that is not base64", at: 2)
        expectError(Data.self, #""!!!!""#, "expected base64 data, found a string that is not base64", at: 0)
    }

    @Test func uuidsAreStrings() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(encoded(uuid) == #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)
        #expect(try decode(UUID.self, #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#) == uuid)
        let many = (0..<20).map { _ in UUID() }
        #expect(try [UUID](jsonData: many.jsonData()) == many)
        expectError([UUID].self, #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8"]"#, #"expected a UUID, found "E621E1F8""#, at: 41, path: [.index(1)])
    }
}

/// Records what the reader says of each key of an object.
private struct KeyProbe: JSONDecodable {
    var counts: [Int] = []
    var strings: [String] = []
    var matchesAB: [Bool] = []

    init(from reader: inout JSONReader) throws(JSONError) {
        var counts: [Int] = []
        var strings: [String] = []
        var matchesAB: [Bool] = []
        try reader.readObject { _, key throws(JSONError) in
            counts.append(key.count)
            strings.append(key.string)
            matchesAB.append(key.matches("ab"))
        }
        self.counts = counts
        self.strings = strings
        self.matchesAB = matchesAB
    }
}
