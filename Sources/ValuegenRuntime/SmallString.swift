// Strings of up to 15 UTF-8 bytes built straight from checked bytes.
//
// The standard library keeps such a string inside the String value itself (no allocation):
// on 64-bit little-endian platforms the bytes in order, zero padding, and in the last byte a
// tag saying "small, immortal, ASCII or not" and the count. Building that from bytes the
// readers have already checked costs a few instructions; `String(decoding:as:)` validates the
// bytes again and copies them one at a time, a tenth of the time of reading a typical model.
//
// The layout is the standard library's business, not ours, so we never assume it: the first
// use compares what we would build with what the standard library builds for sample strings
// of every length, ASCII and not, and when anything differs (another platform, another
// layout) `SmallString.make` is never used and callers take the standard path.

enum SmallString {
    /// Whether `make` builds exactly the Strings the standard library builds.
    static let isAvailable: Bool = {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        guard MemoryLayout<String>.size == 16 else { return false }
        let samples = ["", "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi",
                       "abcdefghij", "abcdefghijk", "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn",
                       "abcdefghijklmno", "é", "Zürich", "Tōkyō", "São Paulo", "Reykjavík", "€", "😀", "日本語の", "ü😀ü😀ü", "e\u{301}", "A\u{30A}x"]
        for sample in samples {
            let bytes = Array(sample.utf8)
            // A native string made at run time from the bytes, as a reader would.
            let native = String(decoding: bytes, as: UTF8.self)
            var padded = bytes + [UInt8](repeating: 0, count: 16 - bytes.count)
            let words = padded.withUnsafeMutableBytes { buffer in
                (buffer.loadUnaligned(fromByteOffset: 0, as: UInt64.self), buffer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
            let expected = rawWords(low: words.0, high: words.1, count: bytes.count, isASCII: bytes.allSatisfy { $0 < 0x80 })
            let actual = unsafeBitCast(native, to: (UInt64, UInt64).self)
            guard actual == expected else { return false }
        }
        return true
        #else
        return false
        #endif
    }()

    /// The String of `count` (at most 15) well-formed UTF-8 bytes held in `low` and `high` as
    /// little-endian loads give them (the first byte lowest), every byte past `count` zero.
    /// Only when `isAvailable`.
    @inline(__always)
    static func make(low: UInt64, high: UInt64, count: Int, isASCII: Bool) -> String {
        var words = rawWords(low: low, high: high, count: count, isASCII: isASCII)
        // Moved out rather than cast: a cast copies the String, and copying one retains it
        // (a call that does nothing for a small string).
        return withUnsafeMutableBytes(of: &words) { buffer in
            buffer.baseAddress.unsafelyUnwrapped.bindMemory(to: String.self, capacity: 1).move()
        }
    }

    /// The `count` bytes at `base` (at most 15) as ``make(low:high:count:isASCII:)`` takes
    /// them, read with overlapping loads that touch no byte outside them (the Binary reader's
    /// strings can end where its buffer does).
    @inline(__always)
    static func words(at base: UnsafeRawPointer, count: Int) -> (low: UInt64, high: UInt64) {
        if count >= 8 {
            let low = base.loadUnaligned(as: UInt64.self)
            // Bytes 8 ..< count are the last count - 8 of the word that ends with the string.
            let last = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            return (low, count == 8 ? 0 : last &>> UInt64(truncatingIfNeeded: (16 &- count) &* 8))
        }
        if count >= 4 {
            let first = UInt64(base.loadUnaligned(as: UInt32.self))
            let last = UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            return (first | (last &>> UInt64(truncatingIfNeeded: (8 &- count) &* 8)) &<< 32, 0)
        }
        if count == 0 {
            return (0, 0)
        }
        // One to three bytes: the first, the middle and the last (some the same byte).
        let middle = count &>> 1
        let low = UInt64(base.load(as: UInt8.self))
            | UInt64(base.load(fromByteOffset: middle, as: UInt8.self)) &<< UInt64(truncatingIfNeeded: middle &* 8)
            | UInt64(base.load(fromByteOffset: count &- 1, as: UInt8.self)) &<< UInt64(truncatingIfNeeded: (count &- 1) &* 8)
        return (low, 0)
    }

    /// The two words of the String: the bytes, with the tag and the count in the top byte.
    @inline(__always)
    private static func rawWords(low: UInt64, high: UInt64, count: Int, isASCII: Bool) -> (UInt64, UInt64) {
        // Immortal and small (0xA0), and ASCII (0x40) when it is.
        let tag: UInt64 = (isASCII ? 0xE0 : 0xA0) | UInt64(truncatingIfNeeded: count)
        return (low, high | tag << 56)
    }
}
