import Foundation
import Testing
import ValuegenRuntime

/// The reader against Foundation's JSONSerialization and JSONDecoder: on strict RFC 8259
/// documents both accept or both refuse, and what both accept reads as the same values.
@Suite("JSON compared with Foundation")
struct JSONFoundationComparisonTests {
    private static let accepted: [String] = [
        "{}", "[]", " [ 1 , 2 ] ", #"[1,2.5,-3e2,true,false,null,"x"]"#, #"{"a":{"b":[{}]}}"#, "0", "-0", "-0.0e-0", "1E+2", "1e-400",
        #""\u00e9\ud83d\ude00""#, #""\/""#, #""\u0000""#, "\"\u{7F}\"", #""\"\\\b\f\n\r\t""#, "\"😀\"",
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ]

    private static let refused: [[UInt8]] = [
        "", " ", "[", "{", "01", "-01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity", "'a'", "{a:1}", "[1 2]", "[1,,2]", #"{"a"}"#,
        #"{"a":1 "b":2}"#, "1 2", "[1]]", "/* c */ 1", "0x10", "tru", "nul", #""\q""#, #""\x41""#, #""\u12""#, "\"a\tb\"",
        #""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\uD800x""#,
        String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
        String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
    ].map { Array($0.utf8) } + [
        [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        [0x22, 0x00, 0x22], [0x5B, 0x31, 0x5D, 0x00],
    ]

    private func foundationAccepts(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
    }

    private func readerAccepts(_ bytes: [UInt8]) -> Bool {
        (try? AnyJSONValue(jsonBytes: bytes)) != nil
    }

    @Test func bothAcceptTheSameValidDocuments() {
        for json in Self.accepted {
            let bytes = Array(json.utf8)
            #expect(foundationAccepts(bytes), "\(json.prefix(40))")
            #expect(readerAccepts(bytes), "\(json.prefix(40))")
        }
    }

    @Test func bothRefuseTheSameInvalidDocuments() {
        for bytes in Self.refused {
            let label = String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription
            #expect(!foundationAccepts(bytes), "\(label)")
            #expect(!readerAccepts(bytes), "\(label)")
        }
    }

    @Test func documentsFoundationToleratesAreStillRefused() {
        // JSONSerialization accepts a trailing comma and a byte order mark; RFC 8259 does not
        // allow the first and lets a reader refuse the second, and the writer never makes them.
        expectError([Int].self, "[1,]", "expected an integer, found ']'", at: 3, path: [.index(1)])
        expectError([String: Int].self, #"{"a":1,}"#, "expected a member name, found '}'", at: 7)
        expectError([Int].self, Array("\u{FEFF}[1]".utf8), "expected an array, found byte 0xEF", at: 0)
    }

    @Test func bothReadTheSameValues() throws {
        let documents = [
            #"{"b":[1.5,null,-2e-3,1e300],"a":[],"é😀":[0.1,5e-324,1.7976931348623157e308,-0.0]}"#,
            #"{"x":[12345678901234567890,9007199254740993,0.30000000000000004,123456.789e-2]}"#,
        ]
        for json in documents {
            let data = Data(json.utf8)
            let ours = try [String: [Double?]](jsonData: data)
            let theirs = try JSONDecoder().decode([String: [Double?]].self, from: data)
            #expect(ours == theirs)
            #expect(try JSONDecoder().decode([String: [Double?]].self, from: ours.jsonData()) == theirs)
        }
        let strings = #"["plain","\"\\\/\b\f\n\r\t","\u00e9\ud83d\ude00","😀 𝄞","\u0000\u001f"]"#
        #expect(try [String](jsonData: Data(strings.utf8)) == JSONDecoder().decode([String].self, from: Data(strings.utf8)))
        let values = ["a\u{0}b", "\u{1F}", "é😀", "\"\\/"]
        #expect(try JSONDecoder().decode([String].self, from: values.jsonData()) == values)
        #expect(try JSONDecoder().decode([String: Int64].self, from: ["min": Int64.min, "max": Int64.max].jsonData()) == ["min": Int64.min, "max": Int64.max])
    }

    @Test func bothRefuseIntegersOutOfRange() {
        for (json, type) in [("[128]", Int8.self as any (JSONDecodable & Decodable).Type), ("[-1]", UInt.self), ("[18446744073709551616]", UInt64.self), ("[1.5]", Int.self)] {
            let data = Data(json.utf8)
            #expect(throws: (any Error).self, "\(json)") { try decodeArray(type, foundation: data) }
            #expect(throws: JSONError.self, "\(json)") { try decodeArray(type, ours: data) }
        }
    }

    private func decodeArray<T: JSONDecodable & Decodable>(_ type: T.Type, foundation data: Data) throws {
        _ = try JSONDecoder().decode([T].self, from: data)
    }

    private func decodeArray<T: JSONDecodable & Decodable>(_ type: T.Type, ours data: Data) throws {
        _ = try [T](jsonData: data)
    }
}
