import Testing
@testable import ValuegenRuntime

/// `BinaryReader.isASCII`, which decides whether a string's bytes are made into a String
/// without a check: every length to 200 (blocks of 64 bytes, of 16, the overlapping last one,
/// words), a byte above ASCII at each position or none.
@Suite("Binary ASCII check")
struct BinaryASCIICheckTests {
    @Test func everyLengthAndPosition() {
        for count in 0...200 {
            for position in -1..<count {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count + 32)
                if position >= 0 { bytes[16 + position] = 0x80 | UInt8(position & 0x7F) }
                // Bytes above ASCII just outside the range must not count.
                bytes[15] = 0xFF
                bytes[16 + count] = 0xFF
                let ascii = bytes.withUnsafeBytes { BinaryReader.isASCII($0.baseAddress! + 16, count: count) }
                #expect(ascii == (position < 0), "count \(count), byte above ASCII at \(position)")
            }
        }
    }
}
