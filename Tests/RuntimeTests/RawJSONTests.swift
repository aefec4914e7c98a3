import Foundation
import Testing
@testable import ValuegenRuntime

/// `RawJSON`: one JSON value's bytes as written, without white space between its tokens,
/// checked as the reader checks what it reads, read with `readRawValue()` and written back by
/// `writeRaw(_:)` as they are.
@Suite("Raw JSON values")
struct RawJSONTests {
    @Test func keepsTheValueAsWrittenWithoutWhiteSpace() throws {
        // Numbers, escapes and member order as written; white space in strings is theirs.
        #expect(try RawJSON(#"{"b" : [1, 2.50, "x\u0041 \" y"], "a":null}"#).description == #"{"b":[1,2.50,"x\u0041 \" y"],"a":null}"#)
        #expect(try RawJSON(" \n 1e400\t").bytes == Array("1e400".utf8))
        #expect(try RawJSON(validating: Array("true".utf8)[...]).description == "true")
        #expect(try RawJSON("[\"\\\\\", \"\\\\\\\" \"\t, {\"k\\u0022 \": [ ]}]").description == #"["\\","\\\" ",{"k\u0022 ":[]}]"#)
        // An indented document and a compact one hold the same value.
        #expect(try RawJSON(#"{"a":1}"#) == RawJSON("{\n  \"a\": 1\r\n}"))
        #expect(try RawJSON(#"{"a":1}"#) != RawJSON(#"{"a":1.0}"#))
        #expect(try RawJSON(#"{"a":1,"b":2}"#) != RawJSON(#"{"b":2,"a":1}"#))
    }

    @Test func refusesWhatIsNotExactlyOneValue() {
        expectRawError("", "expected a value, found the end of the document", at: 0)
        expectRawError("1 2", "expected the end of the document, found a number", at: 2)
        expectRawError(#"{"a":[1,]}"#, "expected a value, found ']'", at: 8, path: [.key("a"), .index(1)])
        expectRawError(#"["\q"]"#, #"an invalid escape in a string: '\' followed by 'q'"#, at: 2, path: [.index(0)])
        expectRawError("01", "a number cannot have a leading zero", at: 0)
        expectRawError(String(repeating: "[", count: 513) + String(repeating: "]", count: 513), "nesting deeper than 512 levels", at: 512, path: Array(repeating: .index(0), count: 512))
        do {
            _ = try RawJSON(validating: [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error == JSONError(message: "a string is not valid UTF-8", offset: 1))
        }
    }

    @Test func readRawValueTakesTheValueAndMovesPastIt() throws {
        let document = Array(#"{"id": 7, "extra":  {"deep": [true, {"x": "é"}]} , "name": "n"}"#.utf8)
        var extra: RawJSON?
        var name: String?
        let outcome = readOutcome(document) { reader throws(JSONError) in
            try reader.readObject { reader, key throws(JSONError) in
                switch key {
                case "extra": extra = try reader.readRawValue()
                case "name": name = try reader.readString()
                default: break
                }
            }
            return true
        }
        #expect(outcome == .value(true, end: document.count))
        #expect(extra?.description == #"{"deep":[true,{"x":"é"}]}"#)
        #expect(name == "n")
        expectError(RawJSON.self, #"{"a":{"b":tru}}"#, "expected true or false, found 'tru'", at: 10, path: [.key("a"), .key("b")])
    }

    @Test func writeRawPutsTheBytesWhereAValueGoes() throws {
        let raw = try RawJSON(#"{"k": [1, "two words"]}"#)
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeRawKey("\"a\":")
        writer.writeRaw(raw)
        writer.writeKey("b")
        writer.beginArray()
        writer.writeRaw(raw)
        writer.writeRaw(try RawJSON("null"))
        writer.endArray()
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"a":{"k":[1,"two words"]},"b":[{"k":[1,"two words"]},null]}"#)
        #expect(encoded(raw) == #"{"k":[1,"two words"]}"#)
        #expect(try decode([RawJSON].self, #" [ 1 , "x" ] "#) == [RawJSON("1"), RawJSON(#""x""#)])
    }

    @Test func decodesAnyValueThroughFoundationAndWritesItWithTheWriter() throws {
        let json = #"{"z":[1,-2,18446744073709551615,1.5,1e300,"s",true,null,{}],"a":{"b":[]}}"#
        let raw = try JSONDecoder().decode(RawJSON.self, from: Data(json.utf8))
        // Members sorted by name: a Decoder does not keep their order.
        #expect(raw.description == #"{"a":{"b":[]},"z":[1,-2,18446744073709551615,1.5,1e+300,"s",true,null,{}]}"#)
        let nested = try JSONDecoder().decode([String: RawJSON].self, from: Data(#"{"x":"é\n","y":[[0.1]]}"#.utf8))
        #expect(nested == ["x": try RawJSON(#""é\n""#), "y": try RawJSON("[[0.1]]")])
    }

    @Test func encodesThroughFoundationAsTheSameTree() throws {
        let raw = try RawJSON(#"{"b": [1, -9223372036854775808, 18446744073709551615, 2.5, 1e2, "q\"", false, null], "a": {}}"#)
        let data = try JSONEncoder().encode(raw)
        let reread = try JSONSerialization.jsonObject(with: data) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(raw.bytes)) as? NSDictionary
        #expect(reread != nil && reread == original)
        // Integers that fit stay integers; other numbers are doubles as JSONEncoder writes them.
        #expect(String(decoding: try JSONEncoder().encode(try RawJSON("[1, 1.0, 1e2, 3.25]")), as: UTF8.self) == "[1,1,100,3.25]")
        #expect(try JSONDecoder().decode(RawJSON.self, from: JSONEncoder().encode(raw)) == JSONDecoder().decode(RawJSON.self, from: Data(raw.bytes)))
    }

    @Test func aNumberBeyondDoubleCannotBeEncodedThroughFoundation() throws {
        let raw = try RawJSON("[1e400]")
        do {
            _ = try JSONEncoder().encode(raw)
            Issue.record("1e400 was encoded")
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(context.debugDescription == "cannot encode the JSON value [1e400]: 1e400 is out of the range of Double at byte 1 ($[0])")
        }
    }

    @Test func binaryIsTheBytesLengthDelimited() throws {
        let raw = try RawJSON(#"{"a":1}"#)
        #expect(binaryPayloadHex(raw) == "07 7B 22 61 22 3A 31 7D")
        #expect(try binaryRoundTrip(raw) == raw)
        expectBinaryError(RawJSON.self, binaryDocument("03 5B 31 2C"), "the bytes are not one JSON value: expected a value, found the end of the document at byte 3 ($[1])", at: 5)
        expectBinaryError(RawJSON.self, binaryDocument("00"), "the bytes are not one JSON value: expected a value, found the end of the document at byte 0 ($)", at: 5)
    }

    func expectRawError(_ text: String, _ message: String, at offset: Int, path: [JSONPathComponent] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let raw = try RawJSON(text)
            Issue.record("expected the error \"\(message)\", read \(raw)", sourceLocation: sourceLocation)
        } catch {
            #expect(error == JSONError(message: message, offset: offset, path: path), sourceLocation: sourceLocation)
        }
    }
}
