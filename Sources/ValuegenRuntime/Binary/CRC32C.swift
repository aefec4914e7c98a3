/// CRC-32C (Castagnoli: the reflected polynomial 0x82F63B78, initial value and final XOR
/// 0xFFFFFFFF), the checksum a self-describing binary document ends with
/// (docs/BinaryFormat.md, "Self-describing documents"); the checksum of iSCSI, ext4, LevelDB
/// and Snappy's framing format. `checksum(of: Array("123456789".utf8))` is 0xE3069283.
///
/// It finds every change of up to 32 consecutive bits, so every damaged byte, and any other
/// damage but once in 2^32. Computed sixteen bytes at a step with sixteen tables ("slicing by
/// 16", 16 KB), in plain Swift: about 2 GB/s here, a fifth faster than slicing by 8. (The CPU's
/// own CRC-32C instruction would be faster still, but Swift reaches it only in code compiled
/// for CPUs that all have it.)
public enum CRC32C {
    /// The checksum of the bytes; `continuing` the checksum of the bytes before them, to
    /// checksum data in pieces (`checksum(of: a + b) == checksum(of: b, continuing: checksum(of: a))`).
    public static func checksum(of bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        tables.withUnsafeBufferPointer { tables in
            var crc = ~previous
            var index = 0
            let count = bytes.count
            while count - index >= 16 {
                let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ UInt64(crc)
                let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                // Byte i of the sixteen is followed by 15 - i others: table 15 - i.
                var next = tables[15 << 8 | Int(first & 0xFF)] ^ tables[14 << 8 | Int(first >> 8 & 0xFF)]
                next ^= tables[13 << 8 | Int(first >> 16 & 0xFF)] ^ tables[12 << 8 | Int(first >> 24 & 0xFF)]
                next ^= tables[11 << 8 | Int(first >> 32 & 0xFF)] ^ tables[10 << 8 | Int(first >> 40 & 0xFF)]
                next ^= tables[9 << 8 | Int(first >> 48 & 0xFF)] ^ tables[8 << 8 | Int(first >> 56)]
                next ^= tables[7 << 8 | Int(second & 0xFF)] ^ tables[6 << 8 | Int(second >> 8 & 0xFF)]
                next ^= tables[5 << 8 | Int(second >> 16 & 0xFF)] ^ tables[4 << 8 | Int(second >> 24 & 0xFF)]
                next ^= tables[3 << 8 | Int(second >> 32 & 0xFF)] ^ tables[2 << 8 | Int(second >> 40 & 0xFF)]
                next ^= tables[1 << 8 | Int(second >> 48 & 0xFF)] ^ tables[Int(second >> 56)]
                crc = next
                index += 16
            }
            while index < count {
                crc = tables[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
            return ~crc
        }
    }

    /// The checksum of the bytes.
    public static func checksum(of bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum(of: $0) }
    }

    /// Table `k` (at `k << 8`) holds the CRC of a byte followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 16 << 8)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1
            }
            tables[byte] = crc
        }
        for table in 1..<16 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) << 8 | byte]
                tables[table << 8 | byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()
}
