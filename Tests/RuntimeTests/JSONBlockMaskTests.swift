import Testing
@testable import ValuegenRuntime

/// The masks of a block of sixteen bytes (bit `i` for byte `i`), as the reader's scanning
/// takes them from one instruction (`pmovmskb` on x86), against a byte-at-a-time predicate;
/// and the portable computation other platforms use against the same predicate, so that it is
/// checked on every platform, not only where it runs.
@Suite("JSON block masks")
struct JSONBlockMaskTests {
    /// Bytes that matter to some mask, and random ones, so that every mask gets hits and misses.
    static let interesting: [UInt8] = [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x2F, 0x5C, 0x62, 0x66, 0x6E, 0x72, 0x74, 0x75, 0x7F, 0x80, 0xC3, 0xFF]

    static func randomBlock(_ generator: inout SeededGenerator) -> SIMD16<UInt8> {
        var block = SIMD16<UInt8>()
        for lane in 0..<16 {
            let random = generator.next()
            block[lane] = random % 3 == 0 ? UInt8(truncatingIfNeeded: random >> 8) : interesting[Int((random >> 8) % UInt64(interesting.count))]
        }
        return block
    }

    static func expected(_ block: SIMD16<UInt8>, _ predicate: (UInt8) -> Bool) -> UInt32 {
        var bits: UInt32 = 0
        for lane in 0..<16 where predicate(block[lane]) { bits |= 1 << UInt32(lane) }
        return bits
    }

    @Test func everyMaskHasTheBitsOfItsBytes() {
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<20_000 {
            let block = Self.randomBlock(&generator)
            #expect(JSONReader.highBytes(block) == Self.expected(block) { $0 >= 0x80 })
            #expect(JSONReader.specialBytes(block) == Self.expected(block) { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 })
            #expect(JSONReader.quoteOrControlBytes(block) == Self.expected(block) { $0 == 0x22 || $0 < 0x20 })
            #expect(JSONReader.backslashBytes(block) == Self.expected(block) { $0 == 0x5C })
            #expect(JSONReader.slashBytes(block) == Self.expected(block) { $0 == 0x2F })
            #expect(JSONReader.twoByteEscapeBytes(block) == Self.expected(block) { JSONReader.isTwoByteEscape($0) })
            #expect(JSONReader.nonWhitespaceBytes(block) == Self.expected(block) { ![0x20, 0x0A, 0x0D, 0x09].contains($0) })
        }
    }

    @Test func thePortableMaskIsThePlatformsMask() {
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<20_000 {
            let block = Self.randomBlock(&generator)
            let threshold = UInt8(truncatingIfNeeded: generator.next())
            let signed = block .< SIMD16<UInt8>(repeating: threshold)
            let want = Self.expected(block) { $0 < threshold }
            #expect(JSONReader.portableBits(signed) == want)
            #expect(JSONReader.bits(signed) == want)
        }
    }

    @Test func lanesAndFirstLane() {
        for count in 0...16 {
            let lanes = JSONReader.lanes(below: count)
            #expect(lanes == (count == 0 ? 0 : UInt32.max >> UInt32(32 - count)))
            if count < 16 {
                #expect(JSONReader.firstLane(~lanes & 0xFFFF) == count)
            }
        }
        #expect(!JSONReader.hasAny(UInt32(0)))
        #expect(JSONReader.hasAny(UInt32(1) << 15))
    }
}
