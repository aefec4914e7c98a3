#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

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

    /// Bit `i` set where lane `i` of a comparison of sixteen bytes is true: x86's `pmovmskb`,
    /// one instruction, so that a block's special bytes are a small integer that one test
    /// checks, one `tzcnt` finds the first of, and a mask of lanes clears.
    @inlinable @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        #if arch(x86_64)
        UInt32(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(mask, to: SIMD2<Int64>.self)))
        #else
        portableBits(mask)
        #endif
    }

    /// ``bits(_:)`` without the platform's instruction (what ARM builds use): each lane's
    /// weight, and the weights of each half summed by a multiply.
    @inlinable @inline(__always)
    static func portableBits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt32 {
        let weights = SIMD16<UInt8>(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128)
        let weighted = unsafeBitCast(unsafeBitCast(mask, to: SIMD16<UInt8>.self) & weights, to: SIMD2<UInt64>.self)
        let low = (weighted[0] &* 0x0101_0101_0101_0101) &>> 56
        let high = (weighted[1] &* 0x0101_0101_0101_0101) &>> 56
        return UInt32(truncatingIfNeeded: low | high &<< 8)
    }

    /// The lane of the lowest bit of a mask that has one.
    @inlinable @inline(__always)
    static func firstLane(_ bits: UInt32) -> Int {
        bits.trailingZeroBitCount
    }

    /// Whether a block's mask has any lane set.
    @inlinable @inline(__always)
    static func hasAny(_ bits: UInt32) -> Bool {
        bits != 0
    }

    /// The lanes below `count` (0 to 16) set, the others clear.
    @inlinable @inline(__always)
    static func lanes(below count: Int) -> UInt32 {
        (1 &<< UInt32(truncatingIfNeeded: count)) &- 1
    }

    /// The block's bytes above ASCII.
    @inlinable @inline(__always)
    static func highBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        bits(unsafeBitCast(block, to: SIMD16<Int8>.self) .< SIMD16<Int8>())
    }

    /// The block's quotes, backslashes and control characters.
    @inlinable @inline(__always)
    static func specialBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        // Typed constants: written inline as `SIMD16(repeating:)` the comparisons are not
        // vectorized.
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return bits((block .== quotes) .| (block .== backslashes) .| (block .< spaces))
    }

    /// The block's quotes and control characters.
    @inline(__always)
    static func quoteOrControlBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        bits(quoteOrControlMask(block))
    }

    @inline(__always)
    static func quoteOrControlMask(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return (block .== quotes) .| (block .< spaces)
    }

    /// The block's backslashes.
    @inlinable @inline(__always)
    static func backslashBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        bits(backslashMask(block))
    }

    @inlinable @inline(__always)
    static func backslashMask(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        return block .== backslashes
    }

    /// The block's slashes.
    @inline(__always)
    static func slashBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        bits(slashMask(block))
    }

    @inline(__always)
    static func slashMask(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let slashes = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
        return block .== slashes
    }

    /// The block's bytes that, after a backslash, make one of JSON's two-byte escapes (`"`,
    /// `\\`, `/`, `b`, `f`, `n`, `r`, `t`): every escape of a block checked at once, where a
    /// loop over them was a branch an escape.
    @inline(__always)
    static func twoByteEscapeBytes(_ block: SIMD16<UInt8>) -> UInt32 {
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
        return bits(punctuation .| letters)
    }

    /// The block's bytes that are not spaces (an indentation's end).
    @inlinable @inline(__always)
    static func nonSpaceBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        return ~bits(block .== spaces) & 0xFFFF
    }

    /// The block's bytes that are not JSON's white space (space, tab, line feed, carriage
    /// return).
    @inlinable @inline(__always)
    static func nonWhitespaceBytes(_ block: SIMD16<UInt8>) -> UInt32 {
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        let lineFeeds = SIMD16<UInt8>(repeating: 0x0A)
        let returns = SIMD16<UInt8>(repeating: 0x0D)
        let tabs = SIMD16<UInt8>(repeating: 0x09)
        let whitespace = (block .== spaces) .| (block .== lineFeeds) .| (block .== returns) .| (block .== tabs)
        return ~bits(whitespace) & 0xFFFF
    }
}
