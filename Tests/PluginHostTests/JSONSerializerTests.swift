import Testing
import ValuegenPluginSDK

/// The SDK's JSON writer, which writes every request: compact, members in order, strings
/// escaped as RFC 8259 requires and nothing more, the same bytes every time.
@Suite struct JSONSerializerTests {
    static func text(_ value: JSONValue) -> String {
        String(decoding: JSONSerializer.serialize(value), as: UTF8.self)
    }

    @Test func writesCompactlyInMemberOrder() {
        let value = JSONValue.object([
            JSONMember(key: "z", value: .array([.bool(true), .bool(false), .null])),
            JSONMember(key: "a", value: .object([])),
            JSONMember(key: "m", value: .array([])),
        ])
        #expect(Self.text(value) == #"{"z":[true,false,null],"a":{},"m":[]}"#)
    }

    @Test func escapesWhatJSONRequires() {
        #expect(Self.text(.string("quote \" backslash \\ newline \n return \r tab \t")) == #""quote \" backslash \\ newline \n return \r tab \t""#)
    }

    @Test func escapesOtherControlCharactersAsLowercaseHex() {
        #expect(Self.text(.string("\u{00}\u{01}\u{08}\u{0C}\u{1F}")) == #""\u0000\u0001\u0008\u000c\u001f""#)
    }

    @Test func leavesEverythingElseAsUTF8() {
        #expect(Self.text(.string("/ \u{7F} é € 😀 \u{2028}")) == "\"/ \u{7F} é € 😀 \u{2028}\"")
    }

    @Test func escapesMemberNames() {
        #expect(Self.text(.object([JSONMember(key: "a\"b\n", value: .number(1))])) == #"{"a\"b\n":1}"#)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (-3.0, "-3"), (1234567.0, "1234567"), (8.9e15, "8900000000000000"),
        (0.5, "0.5"), (-2.25, "-2.25"), (0.1, "0.1"), (1e-7, "1e-07"), (1e20, "1e+20"), (9.1e15, "9.1e+15"),
    ])
    func writesNumbers(_ number: Double, text: String) {
        #expect(Self.text(.number(number)) == text)
    }

    @Test func writesNullForNumbersJSONCannotHold() {
        #expect(Self.text(.array([.number(.infinity), .number(-.infinity), .number(.nan)])) == "[null,null,null]")
    }

    @Test func whatItWritesParsesBackEqual() throws {
        let value = JSONValue.object([
            JSONMember(key: "text", value: .string("\" \\ \n \u{01} é 😀")),
            JSONMember(key: "numbers", value: .array([.number(0), .number(-1), .number(0.1), .number(1e-7), .number(1e20), .number(123456.789)])),
            JSONMember(key: "nested", value: .object([JSONMember(key: "", value: .array([.null, .bool(true)]))])),
        ])
        #expect(try JSONParser.parse(JSONSerializer.serialize(value)) == value)
    }
}
