import Testing
import ValuegenPluginSDK

/// The SDK's JSON parser, which every plugin call goes through: RFC 8259, strict about what
/// is not JSON, and safe on hostile input.
@Suite struct JSONParserTests {
    /// Why the text is not JSON, as the parser says it: `invalid JSON at byte N: reason`.
    static func failure(_ text: String) -> String? {
        failure(Array(text.utf8))
    }

    static func failure(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    static func failure(_ message: String, at offset: Int) -> String {
        "invalid JSON at byte \(offset): \(message)"
    }

    @Test func parsesEveryKindOfValueKeepingMemberOrder() throws {
        let value = try JSONParser.parse(#" {"b": [true, false, null], "a": {"n": -12, "s": "x"}, "e": [], "o": {}} "#)
        #expect(value == .object([
            JSONMember(key: "b", value: .array([.bool(true), .bool(false), .null])),
            JSONMember(key: "a", value: .object([JSONMember(key: "n", value: .number(-12)), JSONMember(key: "s", value: .string("x"))])),
            JSONMember(key: "e", value: .array([])),
            JSONMember(key: "o", value: .object([])),
        ]))
    }

    @Test func readsEveryEscape() throws {
        #expect(try JSONParser.parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC""#) == .string("\" \\ / \u{08} \u{0C} \n \r \t A é €"))
    }

    @Test func readsRawUTF8() throws {
        #expect(try JSONParser.parse("\"é€😀\"") == .string("é€😀"))
    }

    @Test func joinsASurrogatePair() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONParser.parse(#""a\uD83D\uDE00b""#) == .string("a😀b"))
    }

    @Test(arguments: [
        (#""\ud83d""#, 7),
        (#""\ud83dx""#, 7),
        (#""\ud83d\u0041""#, 13),
        (#""\ude00""#, 7),
        (#""\ude00\ud83d""#, 7),
    ])
    func refusesALoneSurrogate(_ text: String, offset: Int) {
        #expect(Self.failure(text) == Self.failure("a lone surrogate in \\u escape", at: offset))
    }

    @Test func refusesInvalidUTF8() {
        #expect(Self.failure([0x22, 0x61, 0xFF, 0x22]) == Self.failure("a string is not valid UTF-8", at: 3))
        #expect(Self.failure(Array(#""\n"#.utf8) + [0xC3, 0x22]) == Self.failure("a string is not valid UTF-8", at: 5))
    }

    @Test func refusesControlCharactersInStrings() {
        #expect(Self.failure("\"a\u{01}b\"") == Self.failure("a control character in a string", at: 2))
        #expect(Self.failure("\"line\nbreak\"") == Self.failure("a control character in a string", at: 5))
    }

    @Test func refusesInvalidEscapes() {
        #expect(Self.failure(#""\x""#) == Self.failure("invalid escape '\\x'", at: 3))
        #expect(Self.failure(#""\u12G4""#) == Self.failure("expected a hexadecimal digit", at: 5))
    }

    @Test func acceptsNestingToTheLimit() throws {
        let depth = JSONParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONParser.parse(text) != .null)
    }

    @Test func refusesNestingBeyondTheLimit() {
        let depth = JSONParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(Self.failure(text) == Self.failure("nesting deeper than 512", at: 512))
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(Self.failure(objects)?.hasSuffix(": nesting deeper than 512") == true)
    }

    @Test(arguments: [
        ("0", 0), ("-0", 0), ("7", 7), ("-12", -12), ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("1E+2", 100),
        ("25e-1", 2.5), ("9007199254740992", 9007199254740992), ("123456789012345678901234567890", 1.2345678901234568e29),
        ("1e308", 1e308), ("5e-324", Double.leastNonzeroMagnitude),
    ])
    func readsNumbers(_ text: String, value: Double) throws {
        #expect(try JSONParser.parse(text) == .number(value))
    }

    @Test(arguments: [
        ("01", "unexpected data after the document", 1),
        ("1.", "expected a digit after '.'", 2),
        (".5", "expected a value", 0),
        ("+1", "expected a value", 0),
        ("-", "expected a value", 1),
        ("1e", "expected a digit in the exponent", 2),
        ("1e400", "a number out of range", 5),
        ("-1e400", "a number out of range", 6),
        ("NaN", "expected a value", 0),
    ])
    func refusesWhatIsNotAJSONNumber(_ text: String, message: String, offset: Int) {
        #expect(Self.failure(text) == Self.failure(message, at: offset))
    }

    @Test(arguments: [
        ("", "unexpected end of the document", 0),
        ("[1,]", "expected a value", 3),
        ("[1 2]", "expected ',' or ']'", 3),
        (#"{"a" 1}"#, "expected ':'", 5),
        (#"{"a": 1,}"#, "expected a member name", 8),
        ("{a: 1}", "expected a member name", 1),
        ("tru", "unexpected end of the document", 0),
        ("nul!", "expected 'null'", 0),
        (#""open"#, "unterminated string", 5),
        ("{} x", "unexpected data after the document", 3),
    ])
    func refusesMalformedDocuments(_ text: String, message: String, offset: Int) {
        #expect(Self.failure(text) == Self.failure(message, at: offset))
    }

    @Test func failureSaysWhere() {
        #expect(Self.failure("[1,]") == "invalid JSON at byte 3: expected a value")
    }
}
