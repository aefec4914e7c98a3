import Testing
@testable import ValuegenRuntime

/// Strings of up to 15 ASCII bytes, which the Binary reader builds in place
/// (`SmallString.words(at:count:)`, then `SmallString.make`): the bytes read are the string's
/// and no others, even where the string ends the data, and the String is the standard
/// library's own.
@Suite("Binary small strings")
struct BinarySmallStringTests {
    @Test func wordsHoldTheBytesAndNothingAround() {
        for count in 0...15 {
            // Bytes above ASCII just outside the string must not come in.
            var bytes = [UInt8](repeating: 0xFF, count: count + 32)
            for index in 0..<count {
                bytes[16 + index] = UInt8(0x41 + index)
            }
            let words = bytes.withUnsafeBytes { SmallString.words(at: $0.baseAddress! + 16, count: count) }
            var padded = Array(bytes[16..<16 + count]) + [UInt8](repeating: 0, count: 16 - count)
            let expected = padded.withUnsafeMutableBytes { buffer in
                (buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self), buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
            #expect(words.low == expected.0 && words.high == expected.1, "count \(count)")
        }
    }

    @Test func stringsThatEndTheDataReadBackAsTheStandardLibrarysStrings() throws {
        var generator = SeededGenerator(seed: 23)
        let pieces = ["a", "Z", "0", " ", "~", "\u{7F}", "é", "€", "😀"]
        for count in 0...40 {
            for _ in 0..<50 {
                var text = ""
                while text.utf8.count < count {
                    let piece = pieces[Int(generator.next() % UInt64(generator.next() % 3 == 0 ? pieces.count : 6))]
                    if text.utf8.count + piece.utf8.count > count { break }
                    text += piece
                }
                let utf8 = Array(text.utf8)
                // A length byte, then the string's bytes, the last of them the data's last.
                let data = [UInt8(utf8.count)] + utf8
                let read = try data.withUnsafeBytes { bytes throws(BinaryError) in
                    var reader = BinaryReader(bytes: bytes)
                    let string = try reader.readString()
                    try reader.finish()
                    return string
                }
                let expected = String(decoding: utf8, as: UTF8.self)
                #expect(read == expected)
                #expect(Array(read.utf8) == utf8)
                #expect(read.hashValue == expected.hashValue)
                if utf8.count <= 15 {
                    #expect(unsafeBitCast(read, to: (UInt64, UInt64).self) == unsafeBitCast(expected, to: (UInt64, UInt64).self), "\(utf8)")
                }
            }
        }
    }

    @Test func invalidShortStringsAreStillRefusedAtTheirFirstBadByte() {
        // Bytes above ASCII take the checked path whatever their length.
        let cases: [(bytes: [UInt8], firstBad: Int)] = [([0xC3], 1), ([0x61, 0xFF], 2), ([0x61, 0x62, 0xE2, 0x82], 3), ([0x61, 0x80, 0x62], 2)]
        for (bad, firstBad) in cases {
            let data = [UInt8(bad.count)] + bad
            let outcome: BinaryError? = data.withUnsafeBytes { bytes -> BinaryError? in
                var reader = BinaryReader(bytes: bytes)
                do throws(BinaryError) {
                    _ = try reader.readString()
                    return nil
                } catch {
                    return error
                }
            }
            #expect(outcome == BinaryError(message: "a string is not valid UTF-8", offset: firstBad), "\(bad)")
        }
    }
}
