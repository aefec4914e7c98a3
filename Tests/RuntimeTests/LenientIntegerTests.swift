import Foundation
import Testing
import ValuegenRuntime

/// Integers that may come as strings: `readLenientInteger` and `decodeLenient` accept a number
/// as the strict readers do, and a string holding exactly an integer in decimal, the same
/// strings both.
@Suite("Lenient integers")
struct LenientIntegerTests {
    @Test func readsNumbersAndStringsHoldingIntegers() throws {
        #expect(try readLenient(Int.self, "42") == 42)
        #expect(try readLenient(Int.self, #" "42""#) == 42)
        #expect(try readLenient(Int.self, #""-17""#) == -17)
        #expect(try readLenient(Int.self, #""007""#) == 7)
        #expect(try readLenient(Int64.self, #""-9223372036854775808""#) == .min)
        #expect(try readLenient(UInt64.self, #""18446744073709551615""#) == .max)
        #expect(try readLenient(UInt8.self, #""\u0032""#) == 2)
        #expect(try readLenient(UInt.self, #""-0""#) == 0)
    }

    @Test func refusesAnythingElseWithTheOffsetAndPath() {
        for text in ["", "-", "+1", " 1", "1 ", "1.0", "1e3", "0x1F", "１", "12a", "--1"] {
            expectLenientError(Int.self, "\"\(text)\"", "expected an integer or a string holding one, found \"\(text)\"", at: 6)
        }
        expectLenientError(UInt8.self, #""300""#, #""300" is out of the range of UInt8"#, at: 6)
        expectLenientError(UInt8.self, #""-1""#, #""-1" is out of the range of UInt8"#, at: 6)
        expectLenientError(Int8.self, #""-129""#, #""-129" is out of the range of Int8"#, at: 6)
        expectLenientError(Int64.self, #""9223372036854775808""#, #""9223372036854775808" is out of the range of Int64"#, at: 6)
        expectLenientError(UInt8.self, "300", "300 is out of the range of UInt8", at: 6)
        expectLenientError(Int.self, "1.5", "expected an integer, found 1.5", at: 6)
        expectLenientError(Int.self, "true", "expected an integer or a string holding one, found a boolean", at: 6)
        expectLenientError(Int.self, "null", "expected an integer or a string holding one, found null", at: 6)
        expectLenientError(Int.self, "[1]", "expected an integer or a string holding one, found an array", at: 6)
        expectLenientError(Int.self, #""1"#, "unterminated string", at: 6)
    }

    @Test func decodesTheSameThroughFoundation() throws {
        let decoder = JSONDecoder()
        let read = try decoder.decode(LenientRecord.self, from: Data(#"{"id":"123","count":4,"limit":"-5"}"#.utf8))
        #expect(read == LenientRecord(id: 123, count: 4, limit: -5))
        #expect(try decoder.decode(LenientRecord.self, from: Data(#"{"id":7,"limit":null}"#.utf8)) == LenientRecord(id: 7, count: nil, limit: nil))
    }

    @Test func foundationErrorsHaveTheCodingPath() {
        expectCodingError(#"{"id":"12a"}"#, "expected an integer or a string holding one, found \"12a\"", path: ["id"], corrupted: true)
        expectCodingError(#"{"id":"+1"}"#, "expected an integer or a string holding one, found \"+1\"", path: ["id"], corrupted: true)
        expectCodingError(#"{"id":1,"count":"300"}"#, #""300" is out of the range of UInt8"#, path: ["count"], corrupted: true)
        expectCodingError(#"{"id":true}"#, "expected an integer or a string holding one, found neither", path: ["id"], corrupted: false)
        expectCodingError(#"{"id":1,"limit":[1]}"#, "expected an integer or a string holding one, found neither", path: ["limit"], corrupted: false)
    }

    // MARK: - Support

    func readLenient<T: FixedWidthInteger>(_ type: T.Type, _ json: String) throws(JSONError) -> T {
        let bytes = Array(json.utf8)
        let result: Result<T, JSONError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var reader = JSONReader(bytes: buffer)
                let value = try reader.readLenientInteger(T.self)
                try reader.finish()
                return value
            }
        }
        return try result.get()
    }

    /// The error of reading `{"value":<json>}`.
    func expectLenientError<T: FixedWidthInteger>(
        _ type: T.Type, _ json: String, _ message: String, at offset: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let bytes = Array(("{\"value\":" + json + "}").utf8)
        let error = bytes.withUnsafeBytes { buffer -> JSONError? in
            var reader = JSONReader(bytes: buffer)
            do throws(JSONError) {
                try reader.readObject { reader, _ throws(JSONError) in _ = try reader.readLenientInteger(T.self) }
                return nil
            } catch {
                return error
            }
        }
        let expected = JSONError(message: message, offset: offset + 3, path: [.key("value")])
        #expect(error == expected, sourceLocation: sourceLocation)
    }

    func expectCodingError(_ json: String, _ description: String, path: [String], corrupted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let record = try JSONDecoder().decode(LenientRecord.self, from: Data(json.utf8))
            Issue.record("read \(record)", sourceLocation: sourceLocation)
        } catch DecodingError.dataCorrupted(let context) where corrupted {
            #expect(context.codingPath.map(\.stringValue) == path, sourceLocation: sourceLocation)
            #expect(context.debugDescription == description, sourceLocation: sourceLocation)
        } catch DecodingError.typeMismatch(_, let context) where !corrupted {
            #expect(context.codingPath.map(\.stringValue) == path, sourceLocation: sourceLocation)
            #expect(context.debugDescription == description, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// Lenient attributes as generated `Coding` code decodes them.
struct LenientRecord: Decodable, Equatable {
    var id: Int
    var count: UInt8?
    var limit: Int32?

    enum CodingKeys: String, CodingKey {
        case id, count, limit
    }

    init(id: Int, count: UInt8?, limit: Int32?) {
        self.id = id
        self.count = count
        self.limit = limit
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeLenient(Int.self, forKey: .id)
        count = try container.decodeLenientIfPresent(UInt8.self, forKey: .count)
        limit = try container.decodeLenientIfPresent(Int32.self, forKey: .limit)
    }
}
