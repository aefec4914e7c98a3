// UTF-8 validation shared by the JSON reader and the binary reader. Not the standard library's
// `String(validating:as:)`: it is generic over the encoding, unspecialized outside the standard
// library, and looked up generic metadata for every string (a fifth of the time of reading a
// model). This also says where the bad byte is, for the error.

extension UnsafeRawBufferPointer {
    /// Whether the bytes of `range` are well-formed UTF-8, as ``firstInvalidUTF8(in:)`` says
    /// but without saying where (callers ask it for the offset of an error): sixteen ASCII
    /// bytes at a time, and every block with a byte above ASCII through a state machine, a
    /// table load and a shift a byte (`UTF8StateMachine`) with no branch on what the bytes are,
    /// where the sequence-by-sequence check mispredicted the lengths of mixed text (CJK, Latin
    /// with accents, emoji).
    func isWellFormedUTF8(in range: Range<Int>) -> Bool {
        guard let base = baseAddress else { return true }
        return UTF8StateMachine.transitions.withUnsafeBufferPointer { table in
            let table = table.baseAddress.unsafelyUnwrapped
            var index = range.lowerBound
            let end = range.upperBound
            var state: UInt64 = 0
            while index &+ 16 <= end {
                let block = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if state & 63 == UTF8StateMachine.accept, JSONReader.highBytes(block) == 0 {
                    index &+= 16
                    continue
                }
                for lane in 0..<16 {
                    state = table[Int(block[lane])] &>> state
                }
                index &+= 16
            }
            while index < end {
                state = table[Int(base.load(fromByteOffset: index, as: UInt8.self))] &>> state
                index &+= 1
            }
            return state & 63 == UTF8StateMachine.accept
        }
    }

    /// Where the first ill-formed UTF-8 sequence in `range` starts, or nil when the bytes are
    /// well-formed (Unicode's table 3-7: no overlong forms, no surrogates, nothing above
    /// U+10FFFF).
    func firstInvalidUTF8(in range: Range<Int>) -> Int? {
        guard let base = baseAddress else { return nil }
        var index = range.lowerBound
        let end = range.upperBound
        let highBits: UInt64 = 0x8080_8080_8080_8080
        while index < end {
            // Sixteen ASCII bytes at a time, the common case, to the first byte above ASCII.
            while index &+ 16 <= end {
                let words = base.loadUnaligned(fromByteOffset: index, as: SIMD2<UInt64>.self)
                let low = words[0] & highBits
                let high = words[1] & highBits
                if low | high == 0 {
                    index &+= 16
                    continue
                }
                index &+= low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                break
            }
            // Then sequence after sequence while they follow one another (CJK text, emoji).
            while index < end {
                let lead = base.load(fromByteOffset: index, as: UInt8.self)
                if lead < 0x80 {
                    index &+= 1
                    break
                }
                guard let length = Self.sequenceLength(base, at: index, lead: lead, end: end) else { return index }
                index &+= length
            }
        }
        return nil
    }

    /// The length of the well-formed sequence that starts with `lead` (above ASCII) at
    /// `index`, or nil when it is ill-formed or cut short by `end`.
    @inline(__always)
    private static func sequenceLength(_ base: UnsafeRawPointer, at index: Int, lead: UInt8, end: Int) -> Int? {
        @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: index &+ offset, as: UInt8.self) }
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        switch lead {
        case 0xC2...0xDF:
            guard index &+ 2 <= end, isContinuation(byte(1)) else { return nil }
            return 2
        case 0xE0...0xEF:
            guard index &+ 3 <= end else { return nil }
            let second = byte(1)
            // E0 needs A0…BF (no overlong form), ED needs 80…9F (no surrogate).
            let lower: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let upper: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard second >= lower, second <= upper, isContinuation(byte(2)) else { return nil }
            return 3
        case 0xF0...0xF4:
            guard index &+ 4 <= end else { return nil }
            let second = byte(1)
            // F0 needs 90…BF (no overlong form), F4 needs 80…8F (nothing above U+10FFFF).
            let lower: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let upper: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard second >= lower, second <= upper, isContinuation(byte(2)), isContinuation(byte(3)) else { return nil }
            return 4
        default:
            return nil
        }
    }
}

/// UTF-8's well-formed sequences (Unicode's table 3-7) as a state machine whose transitions
/// for one byte are packed into one word: the state is the bit offset of its six-bit field,
/// and the next state is the word for the byte shifted right by the state (the shift takes the
/// low six bits of the count, so what is left above them does not matter). The error state
/// leads to itself on every byte.
enum UTF8StateMachine {
    static let accept: UInt64 = 0
    static let error: UInt64 = 6
    /// After a lead byte, this many continuation bytes (80…BF) to come.
    static let oneMore: UInt64 = 12
    static let twoMore: UInt64 = 18
    static let threeMore: UInt64 = 24
    /// After E0 (A0…BF next, no overlong form), ED (80…9F, no surrogate), F0 (90…BF, no
    /// overlong form) and F4 (80…8F, nothing above U+10FFFF).
    static let afterE0: UInt64 = 30
    static let afterED: UInt64 = 36
    static let afterF0: UInt64 = 42
    static let afterF4: UInt64 = 48

    /// The word for each byte (`UTF8StateMachineTests` checks it against
    /// ``next(after:from:)``): constants, so that the array is laid out by the compiler and
    /// reading it costs no initialization check.
    static let transitions: [UInt64] = [
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 00…03
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 04…07
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 08…0B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 0C…0F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 10…13
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 14…17
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 18…1B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 1C…1F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 20…23
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 24…27
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 28…2B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 2C…2F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 30…33
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 34…37
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 38…3B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 3C…3F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 40…43
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 44…47
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 48…4B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 4C…4F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 50…53
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 54…57
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 58…5B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 5C…5F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 60…63
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 64…67
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 68…6B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 6C…6F
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 70…73
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 74…77
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 78…7B
        0x06186186186180, 0x06186186186180, 0x06186186186180, 0x06186186186180,  // 7C…7F
        0x1218C192300186, 0x1218C192300186, 0x1218C192300186, 0x1218C192300186,  // 80…83
        0x1218C192300186, 0x1218C192300186, 0x1218C192300186, 0x1218C192300186,  // 84…87
        0x1218C192300186, 0x1218C192300186, 0x1218C192300186, 0x1218C192300186,  // 88…8B
        0x1218C192300186, 0x1218C192300186, 0x1218C192300186, 0x1218C192300186,  // 8C…8F
        0x0648C192300186, 0x0648C192300186, 0x0648C192300186, 0x0648C192300186,  // 90…93
        0x0648C192300186, 0x0648C192300186, 0x0648C192300186, 0x0648C192300186,  // 94…97
        0x0648C192300186, 0x0648C192300186, 0x0648C192300186, 0x0648C192300186,  // 98…9B
        0x0648C192300186, 0x0648C192300186, 0x0648C192300186, 0x0648C192300186,  // 9C…9F
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // A0…A3
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // A4…A7
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // A8…AB
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // AC…AF
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // B0…B3
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // B4…B7
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // B8…BB
        0x06486312300186, 0x06486312300186, 0x06486312300186, 0x06486312300186,  // BC…BF
        0x06186186186186, 0x06186186186186, 0x0618618618618C, 0x0618618618618C,  // C0…C3
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // C4…C7
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // C8…CB
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // CC…CF
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // D0…D3
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // D4…D7
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // D8…DB
        0x0618618618618C, 0x0618618618618C, 0x0618618618618C, 0x0618618618618C,  // DC…DF
        0x0618618618619E, 0x06186186186192, 0x06186186186192, 0x06186186186192,  // E0…E3
        0x06186186186192, 0x06186186186192, 0x06186186186192, 0x06186186186192,  // E4…E7
        0x06186186186192, 0x06186186186192, 0x06186186186192, 0x06186186186192,  // E8…EB
        0x06186186186192, 0x061861861861A4, 0x06186186186192, 0x06186186186192,  // EC…EF
        0x061861861861AA, 0x06186186186198, 0x06186186186198, 0x06186186186198,  // F0…F3
        0x061861861861B0, 0x06186186186186, 0x06186186186186, 0x06186186186186,  // F4…F7
        0x06186186186186, 0x06186186186186, 0x06186186186186, 0x06186186186186,  // F8…FB
        0x06186186186186, 0x06186186186186, 0x06186186186186, 0x06186186186186,  // FC…FF
    ]

    /// The state after `byte` from `state`: the definition the table is made from.
    static func next(after byte: UInt8, from state: UInt64) -> UInt64 {
        switch state {
        case accept:
            switch byte {
            case 0x00...0x7F: return accept
            case 0xC2...0xDF: return oneMore
            case 0xE0: return afterE0
            case 0xED: return afterED
            case 0xE1...0xEF: return twoMore
            case 0xF0: return afterF0
            case 0xF1...0xF3: return threeMore
            case 0xF4: return afterF4
            default: return error
            }
        case oneMore: return (0x80...0xBF).contains(byte) ? accept : error
        case twoMore: return (0x80...0xBF).contains(byte) ? oneMore : error
        case threeMore: return (0x80...0xBF).contains(byte) ? twoMore : error
        case afterE0: return (0xA0...0xBF).contains(byte) ? oneMore : error
        case afterED: return (0x80...0x9F).contains(byte) ? oneMore : error
        case afterF0: return (0x90...0xBF).contains(byte) ? twoMore : error
        case afterF4: return (0x80...0x8F).contains(byte) ? twoMore : error
        default: return error
        }
    }

    static let states = [accept, error, oneMore, twoMore, threeMore, afterE0, afterED, afterF0, afterF4]
}
