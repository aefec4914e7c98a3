import Foundation
import Testing
import ValuegenRuntime

/// The reader's and writer's fast paths give exactly what the plain definitions give: values,
/// bytes, errors, messages, offsets and paths, on many random and edge-case inputs.
@Suite struct BinaryFastPathTests {
    // MARK: - Varints

    /// LEB128 as docs/BinaryFormat.md defines it, byte by byte.
    private static func referenceVarint(_ bytes: [UInt8], from start: Int, end: Int, boundary: String) -> Result<(UInt64, Int), BinaryError> {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        var index = start
        while true {
            guard index < end else { return .failure(BinaryError(message: "a varint runs past the end of \(boundary)", offset: start)) }
            let byte = bytes[index]
            index += 1
            if shift == 63, byte > 1 {
                return .failure(BinaryError(message: byte >= 0x80 ? "a varint is longer than 10 bytes" : "a varint overflows 64 bits", offset: start))
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                if byte == 0, index > start + 1 {
                    return .failure(BinaryError(message: "a varint is not in its shortest form (it ends in a zero byte)", offset: start))
                }
                return .success((value, index))
            }
            shift += 7
        }
    }

    private static func randomVarintBytes(using generator: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0...3, using: &generator) {
        case 0:
            // Well-formed, of every length.
            var value = generator.next() >> UInt64.random(in: 0...63, using: &generator)
            var bytes: [UInt8] = []
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            return bytes + [UInt8(value)]
        case 1:
            // Continuation bytes, then maybe an end.
            let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
            return bytes + (Bool.random(using: &generator) ? [UInt8.random(in: 0...2, using: &generator)] : [])
        default:
            return (0..<Int.random(in: 0...12, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
    }

    @Test func readsRootVarintsAsTheDefinitionDoes() {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<20_000 {
            let candidate = Self.randomVarintBytes(using: &generator)
            let document = binaryDocument("") + candidate
            let expected: Result<UInt64, BinaryError>
            switch Self.referenceVarint(document, from: 5, end: document.count, boundary: "the data") {
            case .failure(let error):
                expected = .failure(error)
            case .success(let (value, end)):
                let extra = document.count - end
                expected = extra == 0 ? .success(value) : .failure(BinaryError(message: "expected the end of the data, found \(extra) more byte\(extra == 1 ? "" : "s")", offset: end))
            }
            let read = Result { () throws(BinaryError) in try UInt64(binaryBytes: document) }
            #expect(read == expected, "\(hexString(candidate))")
        }
    }

    @Test func readsVarintsInsideAValueAsTheDefinitionDoes() {
        // An array of two varints, the first random, the second 00, with bytes after the array
        // (so that eight bytes can be loaded past its end).
        var generator = SeededGenerator(seed: 32)
        for _ in 0..<20_000 {
            let candidate = Self.randomVarintBytes(using: &generator)
            let payload = [UInt8(2)] + candidate + [0]
            guard payload.count < 128 else { continue }
            let document = binaryDocument("") + [UInt8(payload.count)] + payload + Array(repeating: 0x81, count: Int.random(in: 0...9, using: &generator))
            let arrayEnd = 6 + payload.count
            let boundary = "the enclosing value at byte \(arrayEnd)"
            var expected: Result<[UInt64], BinaryError>
            switch candidate.isEmpty ? .failure(BinaryError(message: "2 elements cannot fit in the remaining 1 byte", offset: 6)) : Self.referenceVarint(document, from: 7, end: arrayEnd, boundary: boundary) {
            case .failure(let error) where candidate.isEmpty:
                expected = .failure(error)
            case .failure(var error):
                error.path = [0]
                expected = .failure(error)
            case .success(let (first, end)):
                switch Self.referenceVarint(document, from: end, end: arrayEnd, boundary: boundary) {
                case .failure(var error):
                    error.path = [1]
                    expected = .failure(error)
                case .success(let (second, secondEnd)):
                    if secondEnd != arrayEnd {
                        let extra = arrayEnd - secondEnd
                        expected = .failure(BinaryError(message: "\(extra) byte\(extra == 1 ? " is" : "s are") left over at the end of a length-delimited value", offset: secondEnd))
                    } else if document.count != arrayEnd {
                        let extra = document.count - arrayEnd
                        expected = .failure(BinaryError(message: "expected the end of the data, found \(extra) more byte\(extra == 1 ? "" : "s")", offset: arrayEnd))
                    } else {
                        expected = .success([first, second])
                    }
                }
            }
            let read = Result { () throws(BinaryError) in try [UInt64](binaryBytes: document) }
            #expect(read == expected, "\(hexString(document))")
        }
    }

    @Test func writesVarintsAsTheDefinitionDoes() {
        var generator = SeededGenerator(seed: 33)
        for _ in 0..<20_000 {
            let value = generator.next() >> UInt64.random(in: 0...63, using: &generator)
            var expected: [UInt8] = []
            var rest = value
            while rest >= 0x80 {
                expected.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            expected.append(UInt8(rest))
            var writer = BinaryWriter(capacity: Int.random(in: 1...20, using: &generator))
            writer.writeVarint(value)
            writer.writeVarint(value)
            #expect(writer.bytes == expected + expected, "\(value)")
        }
    }

    @Test func writesStringsOfEveryShortLengthByteForByte() {
        for length in 0...80 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            var writer = BinaryWriter(capacity: 1)
            writer.writeString(text)
            writer.writeString(text)
            let one = [UInt8(length)] + Array(text.utf8)
            #expect(writer.bytes == one + one, "\(length)")
        }
    }

    // MARK: - Strings

    private static func randomUTF8ish(using generator: inout SeededGenerator) -> [UInt8] {
        let scalars: [String] = ["a", "Z", " ", "é", "€", "😀", "\u{7F}", "\u{80}", "\u{FFFF}", "\u{10FFFF}"]
        var bytes: [UInt8] = []
        let count = [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 247].randomElement(using: &generator)!
        while bytes.count < count {
            bytes += Array(scalars.randomElement(using: &generator)!.utf8)
        }
        if Int.random(in: 0...2, using: &generator) == 0, !bytes.isEmpty {
            // One byte of anything, anywhere.
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
        if bytes.first == 0xFF {
            bytes[0] = 0xFE  // a reference, tested elsewhere
        }
        return bytes
    }

    @Test func readsStringsAsTheStandardLibraryValidatesThem() throws {
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<20_000 {
            let bytes = Self.randomUTF8ish(using: &generator)
            var length: [UInt8] = []
            var rest = bytes.count
            while rest >= 0x80 {
                length.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            length.append(UInt8(rest))
            let document = binaryDocument("") + length + bytes
            let read = Result { () throws(BinaryError) in try String(binaryBytes: document) }
            let start = 5 + length.count
            let span = bytes.withUnsafeBufferPointer { buffer in Result { () throws(UTF8.ValidationError) in _ = try UTF8Span(validating: buffer.span) } }
            switch span {
            case .success:
                #expect(try read.get() == String(validating: bytes, as: UTF8.self), "\(hexString(bytes))")
            case .failure(let error):
                #expect(read == .failure(BinaryError(message: "a string is not valid UTF-8", offset: start + error.byteOffsets.lowerBound)), "\(hexString(bytes))")
            }
        }
    }

    // MARK: - Messages in order and in any order

    /// Fields of each kind, numbered above and below 15, some optional.
    private struct Fields: Equatable {
        var number: Int
        var text: String
        var ratio: Double
        var words: [String]
        var flag: Bool?
        var nested: BinaryField<Int>?
        var far: Int?

        static func == (first: Fields, second: Fields) -> Bool {
            first.number == second.number && first.text == second.text && first.ratio.bitPattern == second.ratio.bitPattern
                && first.words == second.words && first.flag == second.flag && first.nested?.value == second.nested?.value && first.far == second.far
        }
    }

    /// The fields read so far, and how any field is read in a loop.
    private struct ReadFields {
        var number: Int?
        var text: String?
        var ratio: Double?
        var words: [String]?
        var flag: Bool?
        var nested: BinaryField<Int>?
        var far: Int?

        mutating func read(_ field: Int, from reader: inout BinaryReader) throws(BinaryError) {
            switch field {
            case 1: number = try reader.read(Int.self)
            case 2: text = try reader.read(String.self)
            case 3: ratio = try reader.read(Double.self)
            case 4: words = try reader.read([String].self)
            case 5: flag = try reader.read(Bool.self)
            case 6: nested = try reader.read(BinaryField<Int>.self)
            case 20: far = try reader.read(Int.self)
            default: break
            }
        }

        func fields(_ reader: BinaryReader) throws(BinaryError) -> Fields {
            guard let number else { throw reader.error("missing field 1 (number) of Fields") }
            guard let text else { throw reader.error("missing field 2 (text) of Fields") }
            return Fields(number: number, text: text, ratio: ratio ?? 0, words: words ?? [], flag: flag, nested: nested, far: far)
        }
    }

    /// Read as generated code reads: in the order written, then the loop.
    private static func readInOrder(from reader: inout BinaryReader) throws(BinaryError) -> Fields {
        var read = ReadFields()
        let message = try reader.beginMessage()
        read.number = try reader.readNextField(1, Int.self)
        read.text = try reader.readNextField(2, String.self)
        read.ratio = try reader.readNextField(3, Double.self)
        read.words = try reader.readNextField(4, [String].self)
        read.flag = try reader.readNextField(5, Bool.self)
        read.nested = try reader.readNextField(6, BinaryField<Int>.self)
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            try read.read(field, from: &reader)
        }
        return try read.fields(reader)
    }

    /// Read field by field with `readMessage`.
    private static func readLooped(from reader: inout BinaryReader) throws(BinaryError) -> Fields {
        var read = ReadFields()
        try reader.readMessage { reader, field throws(BinaryError) in
            try read.read(field, from: &reader)
        }
        return try read.fields(reader)
    }

    /// Reads an element both ways, from copies of the reader at the same place, and expects
    /// the same fields or the same error, and the same place after.
    private struct Probe: BinaryDecodable {
        static var binaryWireType: BinaryWireType { .lengthDelimited }

        init(from reader: inout BinaryReader) throws(BinaryError) {
            var copy = reader
            let inOrder = Result { () throws(BinaryError) in try BinaryFastPathTests.readInOrder(from: &copy) }
            let looped = Result { () throws(BinaryError) in try BinaryFastPathTests.readLooped(from: &reader) }
            #expect(inOrder == looped)
            if case .success = looped {
                #expect(copy.offset == reader.offset)
            }
            _ = try looped.get()
        }
    }

    private static func field(_ number: Int, _ value: some BinaryEncodable) -> [UInt8] {
        var writer = BinaryWriter()
        writer.writeField(number, value)
        return writer.bytes
    }

    @Test func readsFieldsInOrderAsTheLoopReadsThem() {
        var generator = SeededGenerator(seed: 35)
        let words = ["alpha", "beta", "gamma", "delta", "é€😀"]
        for _ in 0..<5_000 {
            var fields: [[UInt8]] = [
                Self.field(1, Int.random(in: -1000...1000, using: &generator) &* (Bool.random(using: &generator) ? 1 : 1 << 60)),
                Self.field(2, words.randomElement(using: &generator)!),
                Self.field(3, [0.5, 698.483, .pi, -0.0, 1e300].randomElement(using: &generator)!),
                Self.field(4, (0..<Int.random(in: 0...3, using: &generator)).map { _ in words.randomElement(using: &generator)! }),
            ]
            if Bool.random(using: &generator) { fields.append(Self.field(5, Bool.random(using: &generator))) }
            if Bool.random(using: &generator) { fields.append(Self.field(6, BinaryField(Int.random(in: -5...5, using: &generator)))) }
            if Bool.random(using: &generator) { fields.append(Self.field(20, Int.random(in: -5...5, using: &generator))) }
            // Unknown fields, duplicates, other orders, wrong wire types.
            if Int.random(in: 0...3, using: &generator) == 0 { fields.insert(Self.field(Int.random(in: 7...12, using: &generator), "unknown"), at: Int.random(in: 0...fields.count, using: &generator)) }
            if Int.random(in: 0...3, using: &generator) == 0 { fields.append(fields.randomElement(using: &generator)!) }
            if Int.random(in: 0...3, using: &generator) == 0 { fields.shuffle(using: &generator) }
            if Int.random(in: 0...5, using: &generator) == 0 { fields.append(Self.field(Int.random(in: 1...6, using: &generator), Float(1))) }
            var body = fields.flatMap { $0 }
            // Sometimes a byte of anything, anywhere, or the end cut off.
            if Int.random(in: 0...3, using: &generator) == 0, !body.isEmpty {
                body[Int.random(in: 0..<body.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if Int.random(in: 0...5, using: &generator) == 0, !body.isEmpty {
                body.removeLast(Int.random(in: 1...body.count, using: &generator))
            }
            guard body.count < 120 else { continue }
            let document = binaryDocument("") + [UInt8(body.count + 2), 1, UInt8(body.count)] + body
            _ = Result { () throws(BinaryError) in try [Probe](binaryBytes: document) }
        }
    }
}
