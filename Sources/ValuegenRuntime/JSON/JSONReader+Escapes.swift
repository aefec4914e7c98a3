// Escapes: decoded in bulk for strings that are read, checked without building anything for
// strings that are skipped. Both walk the string from backslash to backslash, sixteen bytes at
// a time, and decode each escape with `escape(at:end:)`, so they accept and refuse the same
// strings with the same errors.

extension JSONReader {
    /// The contents of a string with escapes (its raw bytes' `range`, as `scanRawString`
    /// found them), decoded. `isASCII` says whether every raw byte is below 0x80.
    ///
    /// The raw bytes' UTF-8 is checked first, when a byte is above ASCII (so ill-formed UTF-8
    /// anywhere in the string is reported before a malformed escape, the order the reader has
    /// always given). The runs between escapes are then copied in one piece into a temporary
    /// buffer on the stack (an escape never decodes to more bytes than it takes), and the
    /// String is made from what was written without a second check of its UTF-8 (the runs
    /// were checked, the escapes' bytes are written from valid scalars): its storage is
    /// allocated at its size, not the raw bytes' (`\u7535` is six bytes for three, and the
    /// allocator's bins for long raw strings are slow to search), and a result of at most 15
    /// bytes allocates nothing.
    func unescape(_ range: Range<Int>, isASCII: Bool) throws(JSONError) -> String {
        if !isASCII {
            try validateUTF8(range)
        }
        var failure: JSONError?
        let string = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { buffer -> String in
            do throws(JSONError) {
                let base = buffer.baseAddress.unsafelyUnwrapped
                let (written, escapesAboveASCII) = try unescape(range, into: base)
                return String(checkedUTF8: base, count: written, isASCII: isASCII && !escapesAboveASCII)
            } catch {
                failure = error
                return ""
            }
        }
        if let failure {
            throw failure
        }
        return string
    }

    /// The string at the offset (its opening quote) when it has escapes, decoded in one pass
    /// over its bytes, as simdjson reads strings: each block of sixteen bytes is stored to a
    /// buffer on the stack and searched for a quote, a backslash or a control character; an
    /// escape is decoded where it stands, and the closing quote ends the string. The two-pass
    /// way (``scanRawString()`` to find the end, then ``unescape(_:isASCII:)``) reads every
    /// byte twice.
    ///
    /// nil, with the offset unmoved, for what this pass leaves to the two-pass way, which
    /// gives the errors: a control character, an escape to refuse, a string whose decoded
    /// contents would not fit the buffer, and one that ends in the document's last sixteen
    /// bytes. The only error thrown here is ill-formed UTF-8, the first error the two-pass
    /// way would find in a string that has its closing quote and valid escapes.
    @inline(__always)
    mutating func readEscapedStringInOnePass() throws(JSONError) -> String? {
        let start = offset &+ 1
        var failure: JSONError?
        // At most 1024 bytes: the standard library then puts the buffer on the stack without
        // asking how much stack is left.
        let string = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1024) { buffer -> String? in
            let output = buffer.baseAddress.unsafelyUnwrapped
            // Room for a block and, after the bytes before a stop, an escape's four bytes.
            let room = buffer.count &- 20
            let count = byteCount
            var index = start
            var written = 0
            var passed = SIMD16<UInt8>()
            var highLanes: UInt32 = 0
            var scalars: UInt32 = 0
            while index &+ 16 <= count, written <= room {
                let block = self.block(at: index)
                UnsafeMutableRawPointer(output + written).storeBytes(of: block, as: SIMD16<UInt8>.self)
                let stops = Self.specialBytes(block)
                if !Self.hasAny(stops) {
                    passed |= block
                    index &+= 16
                    written &+= 16
                    continue
                }
                let lane = Self.firstLane(stops)
                highLanes |= Self.highBytes(block) & Self.lanes(below: lane)
                index &+= lane
                written &+= lane
                let byte = self.byte(at: index)
                if byte == UInt8(ascii: "\"") {
                    let isASCII = !Self.hasAny(Self.highBytes(passed) | highLanes)
                    do throws(JSONError) {
                        if !isASCII {
                            try validateUTF8(start..<index)
                        }
                    } catch {
                        failure = error
                        return nil
                    }
                    offset = index &+ 1
                    return String(checkedUTF8: output, count: written, isASCII: isASCII && scalars < 0x80)
                }
                guard byte == UInt8(ascii: "\\") else { return nil }
                // `\/`, a URL's escape and most of those servers write: no decoding.
                if index &+ 1 < count, self.byte(at: index &+ 1) == UInt8(ascii: "/") {
                    output[written] = UInt8(ascii: "/")
                    written &+= 1
                    index &+= 2
                    continue
                }
                guard let escape = try? self.escape(at: index, end: count) else { return nil }
                scalars |= escape.scalar
                written &+= Self.writeUTF8(escape.scalar, to: output + written)
                index &+= escape.length
            }
            return nil
        }
        if let failure {
            throw failure
        }
        return string
    }

    /// Writes the decoded contents of `range` to `output`, which has room for `range.count`
    /// bytes; returns how many it wrote, and whether an escape wrote a scalar above ASCII.
    private func unescape(_ range: Range<Int>, into output: UnsafeMutablePointer<UInt8>) throws(JSONError) -> (written: Int, escapesAboveASCII: Bool) {
        var index = range.lowerBound
        var written = 0
        var scalars: UInt32 = 0
        let end = range.upperBound
        let room = range.count
        while true {
            // Sixteen bytes at a time while they fit, stored whole before looking for the
            // backslash, so that the short runs between the escapes of a URL or a text cost a
            // store each rather than a call to memmove; what is stored past the backslash is
            // overwritten next. (The output is never further on than the input: an escape
            // never decodes to more bytes than it takes.)
            while index &+ 16 <= end, written &+ 16 <= room {
                let block = self.block(at: index)
                UnsafeMutableRawPointer(output + written).storeBytes(of: block, as: SIMD16<UInt8>.self)
                let backslashes = Self.backslashBytes(block)
                if !Self.hasAny(backslashes) {
                    index &+= 16
                    written &+= 16
                    continue
                }
                let lane = Self.firstLane(backslashes)
                index &+= lane
                written &+= lane
                let escape = try self.escape(at: index, end: end)
                scalars |= escape.scalar
                written &+= Self.writeUTF8(escape.scalar, to: output + written)
                index &+= escape.length
            }
            let backslash = nextBackslash(from: index, end: end)
            let run = backslash &- index
            if run > 0 {
                UnsafeMutableRawPointer(output + written).copyMemory(from: baseAddress + index, byteCount: run)
                written &+= run
            }
            if backslash == end { return (written, scalars >= 0x80) }
            let escape = try self.escape(at: backslash, end: end)
            scalars |= escape.scalar
            written &+= Self.writeUTF8(escape.scalar, to: output + written)
            index = backslash &+ escape.length
        }
    }

    /// Checks the escapes of a string's raw bytes (`range`, as `scanRawString` found them)
    /// as ``unescape(_:isASCII:)`` would, building nothing; its UTF-8 is checked first, when
    /// `isASCII` is false, so that the error is the one `unescape` would throw.
    func checkEscapes(_ range: Range<Int>, isASCII: Bool) throws(JSONError) {
        if !isASCII { try validateUTF8(range) }
        var index = range.lowerBound
        let end = range.upperBound
        while true {
            let backslash = nextBackslash(from: index, end: end)
            if backslash == end { return }
            index = backslash &+ (try escape(at: backslash, end: end)).length
        }
    }

    /// The first backslash in `index..<end`, or `end`.
    @inline(__always)
    private func nextBackslash(from start: Int, end: Int) -> Int {
        var index = start
        while index &+ 16 <= end {
            let backslashes = Self.backslashBytes(block(at: index))
            if Self.hasAny(backslashes) { return index &+ Self.firstLane(backslashes) }
            index &+= 16
        }
        while index < end, byte(at: index) != UInt8(ascii: "\\") { index &+= 1 }
        return index
    }

    /// The escape at `index` (a backslash) in a string whose raw bytes end at `end`: the
    /// scalar it stands for and how many bytes it takes (2, 6, or 12 for a surrogate pair).
    @inline(__always)
    private func escape(at index: Int, end: Int) throws(JSONError) -> (scalar: UInt32, length: Int) {
        // The two-byte escapes, most of a text's: a bit test and a table, where a `switch` over
        // every escape was an indirect jump that text full of escapes kept mispredicting.
        if index &+ 1 < end {
            let next = byte(at: index &+ 1)
            if Self.isTwoByteEscape(next) {
                return (UInt32(Self.decodedTwoByteEscape(next)), 2)
            }
            // A `\u` escape outside the surrogates, as text in other scripts is written
            // (`\u7535\u8111`): its four digits at once, without a call.
            if next == UInt8(ascii: "u"), index &+ 6 <= end,
               let scalar = Self.hexQuad(UInt32(littleEndian: baseAddress.loadUnaligned(fromByteOffset: index &+ 2, as: UInt32.self))),
               scalar & 0xF800 != 0xD800 {
                return (scalar, 6)
            }
        }
        return try Self.longOrInvalidEscape(in: baseAddress, at: index, end: end)
    }

    /// The value of four hexadecimal digits (as a little-endian load gives them, the first
    /// digit lowest), or nil when one is not a digit: every byte checked and converted at
    /// once, where ``hex4(in:at:end:)`` loops and branches over each.
    @inline(__always)
    static func hexQuad(_ word: UInt32) -> UInt32? {
        // Every byte below 0x80, so that adding a constant below 0x80 to each carries into
        // no other byte: a byte plus 0x80 - k has its high bit set exactly when it is >= k.
        guard word & 0x8080_8080 == 0 else { return nil }
        let decimal = (word &+ 0x5050_5050) & ~(word &+ 0x4646_4646)  // 0x30 ... 0x39
        let lower = word | 0x2020_2020
        let letter = (lower &+ 0x1F1F_1F1F) & ~(lower &+ 0x1919_1919)  // a ... f, A ... F
        guard (decimal | letter) & 0x8080_8080 == 0x8080_8080 else { return nil }
        // Each digit's value in its byte: the low nibble, plus 9 for a letter.
        let nibbles = (word & 0x0F0F_0F0F) &+ ((letter >> 7) & 0x0101_0101) &* 9
        // Bytes n0 n1 n2 n3 (n0 lowest, the most significant digit): pairs, then the two pairs.
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF
        return (pairs & 0xFF) << 8 | pairs >> 16
    }

    /// ``escape(at:end:)`` for what is not a two-byte escape: a `\u` escape (a surrogate pair
    /// included), or an error.
    ///
    /// Static, on the document's bytes: a method would be called on a copy of the reader
    /// from the mutating code that reads strings (a call on an `inout` reader copies it).
    @inline(never)
    private static func longOrInvalidEscape(in base: UnsafeRawPointer, at index: Int, end: Int) throws(JSONError) -> (scalar: UInt32, length: Int) {
        func failAt(_ message: String) -> JSONError { JSONError(message: message, offset: index) }
        func byte(at index: Int) -> UInt8 { base.load(fromByteOffset: index, as: UInt8.self) }
        guard index &+ 1 < end else { throw failAt("an escape at the end of a string") }
        let escape = byte(at: index &+ 1)
        switch escape {
        case UInt8(ascii: "u"):
            let scalar = try hex4(in: base, at: index &+ 2, end: end)
            if (0xD800...0xDBFF).contains(scalar) {
                guard index &+ 12 <= end, byte(at: index &+ 6) == UInt8(ascii: "\\"), byte(at: index &+ 7) == UInt8(ascii: "u") else {
                    throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                }
                let low = try hex4(in: base, at: index &+ 8, end: end)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
                }
                return (0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (low &- 0xDC00), 12)
            }
            if (0xDC00...0xDFFF).contains(scalar) {
                throw failAt("a lone surrogate \\u\(String(scalar, radix: 16, uppercase: true)) in a string")
            }
            return (scalar, 6)
        default:
            throw failAt("an invalid escape in a string: '\\' followed by \(Self.describe(byte: escape))")
        }
    }

    /// What a two-byte escape's second byte stands for (`n` for a line feed, …).
    @inline(__always)
    private static func decodedTwoByteEscape(_ byte: UInt8) -> UInt8 {
        // A switch of constants only: the compiler makes it a table.
        switch byte {
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        default: return byte
        }
    }

    static func hex4(in base: UnsafeRawPointer, at index: Int, end: Int) throws(JSONError) -> UInt32 {
        guard index + 4 <= end else { throw JSONError(message: "a \\u escape needs four hexadecimal digits", offset: index) }
        var value: UInt32 = 0
        for digitIndex in index..<(index + 4) {
            let byte = base.load(fromByteOffset: digitIndex, as: UInt8.self)
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONError(message: "a \\u escape needs four hexadecimal digits", offset: digitIndex)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Writes the scalar's UTF-8 (1 to 4 bytes) at `output`; returns how many bytes.
    @inline(__always)
    private static func writeUTF8(_ scalar: UInt32, to output: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            output[0] = UInt8(truncatingIfNeeded: scalar)
            return 1
        case 0x80..<0x800:
            output[0] = UInt8(truncatingIfNeeded: 0xC0 | (scalar >> 6))
            output[1] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return 2
        case 0x800..<0x10000:
            output[0] = UInt8(truncatingIfNeeded: 0xE0 | (scalar >> 12))
            output[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            output[2] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return 3
        default:
            output[0] = UInt8(truncatingIfNeeded: 0xF0 | (scalar >> 18))
            output[1] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 12) & 0x3F))
            output[2] = UInt8(truncatingIfNeeded: 0x80 | ((scalar >> 6) & 0x3F))
            output[3] = UInt8(truncatingIfNeeded: 0x80 | (scalar & 0x3F))
            return 4
        }
    }
}
