import Testing
import ValuegenRuntime

// CRC-32C (Castagnoli), the checksum a self-describing binary document ends with: the standard
// check value and RFC 3720's test vectors (iSCSI, appendix B.4), and the sixteen-bytes-at-a-step
// computation against the bit-by-bit definition at every length and alignment.

/// The definition, one bit at a time: reflected polynomial 0x82F63B78, initial value and final
/// XOR 0xFFFFFFFF.
private func bitwiseCRC32C(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
        }
    }
    return ~crc
}

@Suite struct CRC32CTests {
    @Test func givesTheStandardCheckValue() {
        #expect(CRC32C.checksum(of: Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum(of: []) == 0)
    }

    @Test func givesTheValuesOfRFC3720sTestVectors() {
        #expect(CRC32C.checksum(of: [UInt8](repeating: 0x00, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum(of: [UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum(of: Array(0...31)) == 0x46DD_794E)
        #expect(CRC32C.checksum(of: Array((0...31).reversed())) == 0x113F_DB5C)
    }

    @Test func agreesWithTheBitwiseDefinitionAtEveryLengthAndAlignment() {
        var state: UInt32 = 12345
        let bytes: [UInt8] = (0..<80).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        bytes.withUnsafeBytes { buffer in
            for start in 0..<8 {
                for end in start...bytes.count {
                    let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                    #expect(CRC32C.checksum(of: piece) == bitwiseCRC32C(piece), "bytes \(start)..<\(end)")
                }
            }
        }
    }

    @Test func continuesAChecksumOverDataInPieces() {
        let bytes = Array("The quick brown fox jumps over the lazy dog".utf8)
        let whole = CRC32C.checksum(of: bytes)
        bytes.withUnsafeBytes { buffer in
            for split in 0...bytes.count {
                let first = CRC32C.checksum(of: UnsafeRawBufferPointer(rebasing: buffer[..<split]))
                #expect(CRC32C.checksum(of: UnsafeRawBufferPointer(rebasing: buffer[split...]), continuing: first) == whole)
            }
        }
    }
}
