import Foundation
import Testing
import ValuegenRuntime

/// Every malformed document is a thrown JSONError with what was expected, the byte offset and
/// the path: never a crash, never a value.
@Suite("JSON bad input")
struct JSONBadInputTests {
    // MARK: - Truncation

    @Test func truncatedDocumentsSayWhatWasExpected() {
        expectError([Int].self, "[1,", "expected an integer, found the end of the document", at: 3, path: [.index(1)])
        expectError([Int].self, "[1", "unexpected end of the document in an array", at: 2)
        expectError([Int].self, "[", "expected an integer, found the end of the document", at: 1, path: [.index(0)])
        expectError([String: Int].self, #"{"a":1"#, "unexpected end of the document in an object", at: 6)
        expectError([String: Int].self, #"{"a":"#, "expected an integer, found the end of the document", at: 5, path: [.key("a")])
        expectError([String: Int].self, #"{"a""#, "expected ':' after a member name, found the end of the document", at: 4, path: [.key("a")])
        expectError([String: Int].self, #"{"a"#, "unterminated string", at: 1)
        expectError([String: Int].self, "{", "expected a member name, found the end of the document", at: 1)
        expectError(String.self, #""abc"#, "unterminated string", at: 0)
        expectError(String.self, #""ab\"#, "unterminated string", at: 0)
        expectError(String.self, #""ab\""#, "unterminated string", at: 0)
        expectError(String.self, #""\u12"#, "unterminated string", at: 0)
        expectError(Bool.self, "tru", "expected true or false, found 'tru'", at: 0)
        expectError(Bool.self, "f", "expected true or false, found 'f'", at: 0)
        expectError(Int.self, "-", "expected a digit after '-' in a number", at: 1)
        expectError(Double.self, "1.", "expected a digit after '.' in a number", at: 2)
        expectError(Double.self, "1e", "expected a digit in the exponent of a number", at: 2)
        expectError(Double.self, "1e-", "expected a digit in the exponent of a number", at: 3)
    }

    @Test func everyPrefixOfAValidDocumentIsAnError() throws {
        let json = #"""
        {"name":"Ünïcode \"team\" 😀\u00e9\ud83d\ude00","count":-12,"ratio":1.5e-3,"big":12345678901234567890,
         "ok":true,"none":null,"tags":["a","b\n",""],"users":[{"id":1,"nickname":"x"},{}],
         "nested":{"deep":[[1],[2,3],{"k":[false]}]},"t":false}
        """#
        let bytes = Array(json.utf8)
        _ = try AnyJSONValue(jsonBytes: bytes)
        _ = try [String: AnyJSONValue](jsonBytes: bytes)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            #expect(throws: JSONError.self, "prefix of \(length) bytes") { try AnyJSONValue(jsonBytes: prefix) }
            #expect(throws: JSONError.self, "prefix of \(length) bytes") { try [String: AnyJSONValue](jsonBytes: prefix) }
        }
        let model = Array(JSONModelTests.sampleTeamJSON.utf8)
        _ = try Team(jsonBytes: model)
        for length in 0..<model.count {
            #expect(throws: JSONError.self, "prefix of \(length) bytes") { try Team(jsonBytes: Array(model[..<length])) }
        }
    }

    // MARK: - Types and numbers

    @Test func wrongTypesSayWhatWasExpectedAndWhatWasFound() {
        expectError(Int.self, #""1""#, "expected an integer, found a string", at: 0)
        expectError(Int.self, "true", "expected an integer, found a boolean", at: 0)
        expectError(Double.self, "[1]", "expected a number, found an array", at: 0)
        expectError(String.self, "{}", "expected a string, found an object", at: 0)
        expectError(Bool.self, "null", "expected true or false, found null", at: 0)
        expectError([Int].self, "{}", "expected an array, found an object", at: 0)
        expectError([String: Int].self, " [] ", "expected an object, found an array", at: 1)
        expectError([[Int]].self, "[[1],2]", "expected an array, found a number", at: 5, path: [.index(1)])
        expectError(AnyJSONValue.self, "@", "expected a value, found '@'", at: 0)
    }

    @Test func numbersWithLeadingZerosAreErrors() throws {
        expectError(Int.self, "01", "a number cannot have a leading zero", at: 0)
        expectError(Int.self, "-01", "a number cannot have a leading zero", at: 0)
        expectError(Double.self, "00.5", "a number cannot have a leading zero", at: 0)
        expectError([Int].self, "[1, 012]", "a number cannot have a leading zero", at: 4, path: [.index(1)])
        #expect(try decode(Double.self, "0.5") == 0.5)
        #expect(try decode(Int.self, "0") == 0)
    }

    @Test func incompleteNumbersAreErrors() {
        expectError(Double.self, "1.e5", "expected a digit after '.' in a number", at: 2)
        expectError(Double.self, "1E+x", "expected a digit in the exponent of a number", at: 3)
        expectError(Double.self, "- 1", "expected a digit after '-' in a number", at: 1)
        expectError(Double.self, "-a", "expected a digit after '-' in a number", at: 1)
        expectError(Double.self, ".5", "expected a number, found '.'", at: 0)
        expectError(Double.self, "+1", "expected a number, found '+'", at: 0)
        expectError(Double.self, "Infinity", "expected a number, found 'Infinity'", at: 0)
        expectError(Int.self, "0x10", "expected the end of the document, found 'x'", at: 1)
        expectError(Int.self, "1_000", "expected the end of the document, found '_'", at: 1)
        expectError(AnyJSONValue.self, "[1.]", "expected a digit after '.' in a number", at: 3, path: [.index(0)])
    }

    // MARK: - UTF-8

    @Test func invalidUTF8InStringsIsAnErrorAtItsFirstByte() throws {
        let quote: UInt8 = 0x22
        let cases: [(bytes: [UInt8], offset: Int)] = [
            ([quote, 0x61, 0x80, quote], 2),               // a continuation byte alone
            ([quote, 0xC0, 0xAF, quote], 1),               // overlong '/'
            ([quote, 0xC1, 0xBF, quote], 1),               // overlong
            ([quote, 0xE0, 0x80, 0xAF, quote], 1),         // overlong, three bytes
            ([quote, 0xED, 0xA0, 0x80, quote], 1),         // an encoded surrogate
            ([quote, 0xF4, 0x90, 0x80, 0x80, quote], 1),   // above U+10FFFF
            ([quote, 0xF5, 0x80, 0x80, 0x80, quote], 1),
            ([quote, 0x61, 0x62, 0xE2, 0x82, quote], 3),   // cut short by the end of the string
            ([quote, 0xF0, 0x9F, 0x98, quote], 1),
            ([quote, 0xFF, quote], 1),
            ([quote, 0xC3, 0xA9, 0xC3, quote], 3),
        ]
        for (bytes, offset) in cases {
            expectError(String.self, bytes, "a string is not valid UTF-8", at: offset)
            // With an escape the string takes the other path; the offset is the same byte's.
            expectError(String.self, [quote, 0x5C, 0x6E] + bytes.dropFirst(), "a string is not valid UTF-8", at: offset + 2)
            // In a member name, and in a member that is skipped.
            expectError([String: Int].self, [0x7B] + bytes + [0x3A, 0x31, 0x7D], "a string is not valid UTF-8", at: offset + 1)
            expectError(AnyJSONValue.self, Array(#"{"a":"#.utf8) + bytes + [0x7D], "a string is not valid UTF-8", at: offset + 5, path: [.key("a")])
            expectError(Team.self, Array(#"{"unknown":"#.utf8) + bytes + [0x7D], "a string is not valid UTF-8", at: offset + 11, path: [.key("unknown")])
        }
        for valid: [UInt8] in [[0xC2, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBF]] {
            #expect(try String(jsonBytes: [quote] + valid + [quote]) == String(decoding: valid, as: UTF8.self))
            #expect(throws: Never.self) { try AnyJSONValue(jsonBytes: [0x7B, quote] + valid + [quote, 0x3A, quote] + valid + [quote, 0x7D]) }
        }
    }

    @Test func invalidUTF8OutsideStringsIsAnUnexpectedByte() {
        expectError([Int].self, [0x5B, 0x31, 0x2C, 0x20, 0xFF, 0x5D], "expected an integer, found byte 0xFF", at: 4, path: [.index(1)])
        expectError(Int.self, [0xEF, 0xBB, 0xBF, 0x31], "expected an integer, found byte 0xEF", at: 0)
        expectError(Int.self, [0x31, 0xC3, 0xA9], "expected the end of the document, found byte 0xC3", at: 1)
        expectError([String: Int].self, [0x7B, 0xC3, 0xA9, 0x3A, 0x31, 0x7D], "expected a member name, found byte 0xC3", at: 1)
        expectError(Int.self, [0x31, 0x00], "expected the end of the document, found byte 0x00", at: 1)
    }

    // MARK: - Escapes

    @Test func loneSurrogatesAreErrors() {
        expectError(String.self, #""\uD800""#, #"a lone surrogate \uD800 in a string"#, at: 1)
        expectError(String.self, #""ab\uDC00""#, #"a lone surrogate \uDC00 in a string"#, at: 3)
        expectError(String.self, #""\udfff\ud800""#, #"a lone surrogate \uDFFF in a string"#, at: 1)
        expectError(String.self, #""\uD800\u0041""#, #"a lone surrogate \uD800 in a string"#, at: 1)
        expectError(String.self, #""\uD83D\uD83D\uDE00""#, #"a lone surrogate \uD83D in a string"#, at: 1)
        expectError(String.self, #""\uDBFFx""#, #"a lone surrogate \uDBFF in a string"#, at: 1)
        expectError(String.self, #""\uD83D\n""#, #"a lone surrogate \uD83D in a string"#, at: 1)
        expectError([String: Int].self, #"{"\uD800":1}"#, #"a lone surrogate \uD800 in a string"#, at: 2)
        expectError(AnyJSONValue.self, #"["\uDE00"]"#, #"a lone surrogate \uDE00 in a string"#, at: 2, path: [.index(0)])
    }

    @Test func invalidEscapesAreErrors() {
        expectError(String.self, #""\q""#, #"an invalid escape in a string: '\' followed by 'q'"#, at: 1)
        expectError(String.self, #""ab\U0041""#, #"an invalid escape in a string: '\' followed by 'U'"#, at: 3)
        expectError(String.self, #""\x41""#, #"an invalid escape in a string: '\' followed by 'x'"#, at: 1)
        expectError(String.self, #""\'""#, #"an invalid escape in a string: '\' followed by '''"#, at: 1)
        expectError(String.self, #""\0""#, #"an invalid escape in a string: '\' followed by '0'"#, at: 1)
        expectError(String.self, [0x22, 0x5C, 0x01, 0x22], #"an invalid escape in a string: '\' followed by byte 0x01"#, at: 1)
        expectError(String.self, [0x22, 0x5C, 0xC3, 0xA9, 0x22], #"an invalid escape in a string: '\' followed by byte 0xC3"#, at: 1)
        expectError(String.self, #""\u12G4""#, #"a \u escape needs four hexadecimal digits"#, at: 5)
        expectError(String.self, #""\u12""#, #"a \u escape needs four hexadecimal digits"#, at: 3)
        expectError(String.self, #""\u""#, #"a \u escape needs four hexadecimal digits"#, at: 3)
        expectError(AnyJSONValue.self, #"{"a":"\q"}"#, #"an invalid escape in a string: '\' followed by 'q'"#, at: 6, path: [.key("a")])
        expectError(Team.self, #"{"unknown":["\q"]}"#, #"an invalid escape in a string: '\' followed by 'q'"#, at: 13, path: [.key("unknown"), .index(0)])
    }

    @Test func unescapedControlCharactersAreErrors() throws {
        expectError(String.self, "\"a\tb\"", "a control character (0x09) in a string must be escaped", at: 2)
        expectError(String.self, [0x22, 0x00, 0x22], "a control character (0x00) in a string must be escaped", at: 1)
        expectError(String.self, [0x22, 0x1F, 0x22], "a control character (0x1F) in a string must be escaped", at: 1)
        expectError(String.self, "\"line\nbreak\"", "a control character (0x0A) in a string must be escaped", at: 5)
        expectError([String: Int].self, "{\"a\r\":1}", "a control character (0x0D) in a string must be escaped", at: 3)
        expectError(AnyJSONValue.self, "[\"\t\"]", "a control character (0x09) in a string must be escaped", at: 2, path: [.index(0)])
        #expect(try decode(String.self, "\"\u{7F}\"") == "\u{7F}")
    }

    // MARK: - Structure

    @Test func malformedStructureIsAnError() {
        expectError([Int].self, "[1 2]", "expected ',' or ']' in an array, found a number", at: 3)
        expectError([Int].self, "[1,]", "expected an integer, found ']'", at: 3, path: [.index(1)])
        expectError([Int].self, "[,1]", "expected an integer, found ','", at: 1, path: [.index(0)])
        expectError([Int].self, "[1}", "expected ',' or ']' in an array, found '}'", at: 2)
        expectError([String: Int].self, #"{"a":1,}"#, "expected a member name, found '}'", at: 7)
        expectError([String: Int].self, #"{"a":1 "b":2}"#, "expected ',' or '}' in an object, found a string", at: 7)
        expectError([String: Int].self, "{a:1}", "expected a member name, found 'a'", at: 1)
        expectError([String: Int].self, "{'a':1}", "expected a member name, found '''", at: 1)
        expectError([String: Int].self, #"{"a" 1}"#, "expected ':' after a member name, found a number", at: 5, path: [.key("a")])
        expectError([String: Int].self, #"{"a"::1}"#, "expected an integer, found ':'", at: 5, path: [.key("a")])
        expectError(AnyJSONValue.self, #"{"a":1]"#, "expected ',' or '}' in an object, found ']'", at: 6)
        expectError(AnyJSONValue.self, "[1,,2]", "expected a value, found ','", at: 3, path: [.index(1)])
    }

    @Test func trailingGarbageIsAnError() throws {
        expectError(Int.self, "1 2", "expected the end of the document, found a number", at: 2)
        expectError([Int].self, "[1]]", "expected the end of the document, found ']'", at: 3)
        expectError([String: Int].self, "{}x", "expected the end of the document, found 'x'", at: 2)
        expectError(String.self, #""a" "b""#, "expected the end of the document, found a string", at: 4)
        expectError(Int?.self, "null null", "expected the end of the document, found null", at: 5)
        expectError([Int].self, "[] // comment", "expected the end of the document, found '/'", at: 3)
        expectError(Bool.self, "truex", "expected the end of the document, found 'x'", at: 4)
        expectError(Int.self, "1,", "expected the end of the document, found ','", at: 1)
        #expect(try decode([Int].self, "[1] \n\t\r ") == [1])
    }

    @Test func anEmptyDocumentIsAnError() {
        expectError(Int.self, "", "expected an integer, found the end of the document", at: 0)
        expectError(Int?.self, "", "expected an integer, found the end of the document", at: 0)
        expectError(String.self, " \n ", "expected a string, found the end of the document", at: 3)
        expectError([Int].self, "", "expected an array, found the end of the document", at: 0)
        expectError([String: Int].self, "\t", "expected an object, found the end of the document", at: 1)
        expectError(AnyJSONValue.self, "", "expected a value, found the end of the document", at: 0)
        expectError(Team.self, [], "expected an object, found the end of the document", at: 0)
        #expect(throws: JSONError.self) { try [Int](jsonData: Data()) }
    }
}
