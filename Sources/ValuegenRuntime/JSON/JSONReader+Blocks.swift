// Blocks of sixteen bytes, as simdjson's front end reads them: one vector compare tells which
// of the sixteen bytes are special, and the first special one is found from the mask's
// trailing zeros. `SIMD16<UInt8>` compiles to one SSE2 or NEON register on the platforms we
// build for; wider vectors were no faster on these documents, whose runs between special
// bytes (white space after a newline, a URL, a sentence between escapes) are mostly short.

extension JSONReader {
    /// The sixteen bytes from `index`, which is at most `byteCount - 16`.
    @inlinable @inline(__always)
    func block(at index: Int) -> SIMD16<UInt8> {
        baseAddress.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
    }

    /// The sixteen bytes at `index` as two little-endian words XORed with spaces: a byte is
    /// zero exactly where a space is. Words rather than a vector for indentation: the position
    /// of the first other byte is known a few cycles sooner (no move out of a vector register),
    /// and the next value's reading waits on it.
    @inlinable @inline(__always)
    func nonSpaceWords(at index: Int) -> SIMD2<UInt64> {
        SIMD2(
            UInt64(littleEndian: baseAddress.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x2020_2020_2020_2020,
            UInt64(littleEndian: baseAddress.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)) ^ 0x2020_2020_2020_2020
        )
    }

    /// The index of the first nonzero byte of two words; 16 when both are zero.
    @inlinable @inline(__always)
    static func firstLane(_ words: SIMD2<UInt64>) -> Int {
        // Both counts and a select, not a branch: whether the first hit is in the first eight
        // bytes (an indentation's depth, a string's length) is what a predictor cannot guess.
        let low = words[0].trailingZeroBitCount
        let high = 64 &+ words[1].trailingZeroBitCount
        return (low == 64 ? high : low) &>> 3
    }

    /// Whether a mask has any byte set: one test of the two words or'ed, where `!= .zero`
    /// compiled to a branch a word, and whether the first word has a hit (an indentation's
    /// depth, a string's length) is what a predictor cannot guess.
    @inlinable @inline(__always)
    static func hasAny(_ mask: SIMD2<UInt64>) -> Bool {
        mask[0] | mask[1] != 0
    }

    /// 0xFF in each of the first `count` (0 to 16) bytes, 0 in the others.
    @inlinable @inline(__always)
    static func lanes(below count: Int) -> SIMD2<UInt64> {
        let low: UInt64 = count >= 8 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
        let high: UInt64 = count <= 8 ? 0 : count >= 16 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: (count &- 8) &* 8)) &- 1
        return SIMD2(low, high)
    }

    /// 0xFF in each byte of the block above ASCII, 0 in the others.
    @inlinable @inline(__always)
    static func highBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        unsafeBitCast(unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>(), to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is a quote, a backslash or a control character,
    /// 0 in the others; as two words, the first byte lowest.
    @inlinable @inline(__always)
    static func specialBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        // Typed constants: written inline as `SIMD16(repeating:)` the comparisons are not
        // vectorized.
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return unsafeBitCast((block .== quotes) .| (block .== backslashes) .| (block .< spaces), to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is a quote or a control character, 0 in the others.
    @inline(__always)
    static func quoteOrControlBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return unsafeBitCast((block .== quotes) .| (block .< spaces), to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is a backslash, 0 in the others.
    @inlinable @inline(__always)
    static func backslashBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        return unsafeBitCast(block .== backslashes, to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is a slash, 0 in the others.
    @inline(__always)
    static func slashBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let slashes = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
        return unsafeBitCast(block .== slashes, to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that, after a backslash, makes one of JSON's two-byte
    /// escapes (`"`, `\\`, `/`, `b`, `f`, `n`, `r`, `t`), 0 in the others: every escape of a
    /// block checked at once, where a loop over them was a branch an escape.
    @inline(__always)
    static func twoByteEscapeBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let slashes = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let bs = SIMD16<UInt8>(repeating: UInt8(ascii: "b"))
        let fs = SIMD16<UInt8>(repeating: UInt8(ascii: "f"))
        let ns = SIMD16<UInt8>(repeating: UInt8(ascii: "n"))
        let rs = SIMD16<UInt8>(repeating: UInt8(ascii: "r"))
        let ts = SIMD16<UInt8>(repeating: UInt8(ascii: "t"))
        let punctuation = (block .== quotes) .| (block .== slashes) .| (block .== backslashes)
        let letters = (block .== bs) .| (block .== fs) .| (block .== ns) .| (block .== rs) .| (block .== ts)
        return unsafeBitCast(punctuation .| letters, to: SIMD2<UInt64>.self)
    }

    /// 0xFF in each byte of the block that is not JSON's white space (space, tab, line feed,
    /// carriage return), 0 in the others.
    @inlinable @inline(__always)
    static func nonWhitespaceBytes(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        let returns = SIMD16<UInt8>(repeating: 0x0D)
        let tabs = SIMD16<UInt8>(repeating: 0x09)
        let whitespace = (block .== spaces) .| (block .== lineFeeds) .| (block .== returns) .| (block .== tabs)
        return ~unsafeBitCast(whitespace, to: SIMD2<UInt64>.self)
    }
}
