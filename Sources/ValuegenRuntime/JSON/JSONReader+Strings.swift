#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Strings: scanning, escapes (surrogate pairs included) and UTF-8.

extension JSONReader {

    /// The string at the offset (which is at its opening quote).
    @inline(__always)
    mutating func scanString() throws(JSONError) -> String {
        guard let plain = scanPlainString() else {
            return try scanStringFully()
        }
        let start = offset &+ 1
        if plain.isShort, makesSmallStrings {
            if !plain.isASCII {
                try validateUTF8(start..<plain.end)
            }
            offset = plain.end &+ 1
            return SmallString.make(low: plain.low, high: plain.high, count: plain.end &- start, isASCII: plain.isASCII)
        }
        let string = try makeString(start..<plain.end, isASCII: plain.isASCII)
        offset = plain.end &+ 1
        return string
    }

    /// The String of a string's raw bytes without escapes, its UTF-8 checked once: here, when
    /// a byte is above ASCII, and then made without the standard library's second check
    /// (`String(checkedUTF8:count:isASCII:)`).
    @inline(__always)
    func makeString(_ range: Range<Int>, isASCII: Bool) throws(JSONError) -> String {
        if !isASCII {
            try validateUTF8(range)
        }
        return String(checkedUTF8: (baseAddress + range.lowerBound).assumingMemoryBound(to: UInt8.self), count: range.count, isASCII: isASCII)
    }

    /// A string without escapes, as ``scanPlainString()`` finds it.
    struct PlainString {
        /// Where its closing quote is.
        var end: Int
        /// Every byte below 0x80: well-formed UTF-8 without checking.
        var isASCII: Bool
        /// Whether it is shorter than sixteen bytes; then `low` and `high` hold its bytes as
        /// little-endian loads give them, zeros after them.
        var isShort: Bool
        var low: UInt64
        var high: UInt64

        /// `count` is the number of the block's bytes before the quote.
        @inline(__always)
        init(end: Int, isASCII: Bool, isShort: Bool, block: SIMD16<UInt8>, count: Int) {
            self.end = end
            self.isASCII = isASCII
            self.isShort = isShort
            let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
            low = count >= 8 ? words[0] : words[0] & ((1 &<< UInt64(count &* 8)) &- 1)
            high = count <= 8 ? 0 : words[1] & ((1 &<< UInt64((count &- 8) &* 8)) &- 1)
        }
    }

    /// What `convert` makes of the string that is the next value, read from the document's
    /// bytes where they are, when it has no escape and only ASCII: `convert` gets its bytes and
    /// how many bytes from its first may be read (the document's, past the string). The offset
    /// moves past the string; nil, having moved past nothing but white space, when the next
    /// value is anything else or `convert` makes nothing of it, and the caller reads it through a
    /// `String` (`readString(converting:orFail:)`), for its value or its error. Dates read so.
    @inline(__always)
    mutating func readPlainASCIIString<Value>(_ convert: (UnsafeBufferPointer<UInt8>, _ readable: Int) -> Value?) -> Value? {
        skipWhitespace()
        guard offset < byteCount, byte(at: offset) == UInt8(ascii: "\""), let plain = scanPlainString(), plain.isASCII else { return nil }
        let start = offset &+ 1
        let bytes = UnsafeBufferPointer(start: (baseAddress + start).assumingMemoryBound(to: UInt8.self), count: plain.end &- start)
        guard let value = convert(bytes, byteCount &- start) else { return nil }
        offset = plain.end &+ 1
        return value
    }

    /// The common case of strings, sixteen bytes at a time, without moving the offset (which
    /// is at the opening quote): no escape, and the block of sixteen bytes that holds the
    /// closing quote inside the document. nil leaves everything else, errors included, to the
    /// full path.
    @inline(__always)
    func scanPlainString() -> PlainString? {
        let start = offset &+ 1
        var index = start
        let count = byteCount
        // While all is ASCII, a byte above it stops the scan too: then the quote found is the
        // first special byte, and what stands before it needs no check.
        while index &+ 16 <= count {
            let block = baseAddress.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let special = Self.specialBytes(block) | Self.highBytes(block)
            if !Self.hasAny(special) {
                index &+= 16
                continue
            }
            let first = Self.firstLane(special)
            let byte = self.byte(at: index &+ first)
            if byte == UInt8(ascii: "\"") {
                return PlainString(end: index &+ first, isASCII: true, isShort: index == start, block: block, count: first)
            }
            guard byte >= 0x80 else { return nil }
            break
        }
        // Above ASCII: the quote is the first quote, backslash or control character.
        while index &+ 16 <= count {
            let block = baseAddress.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            let special = Self.specialBytes(block)
            if !Self.hasAny(special) {
                index &+= 16
                continue
            }
            let first = Self.firstLane(special)
            guard self.byte(at: index &+ first) == UInt8(ascii: "\"") else { return nil }
            return PlainString(end: index &+ first, isASCII: false, isShort: index == start, block: block, count: first)
        }
        return nil
    }

    /// ``scanString()`` for strings with escapes, near the end of the document, and errors:
    /// in one pass when it can, else in two.
    @inline(never)
    mutating func scanStringFully() throws(JSONError) -> String {
        if let string = try readEscapedStringInOnePass() {
            return string
        }
        return try scanStringInTwoPasses()
    }

    /// Any string, its end found first (``scanRawString()``) and its contents then decoded:
    /// what ``readEscapedStringInOnePass()`` leaves (and gives the errors of), and the
    /// reference the tests hold every faster way of reading a string to.
    mutating func scanStringInTwoPasses() throws(JSONError) -> String {
        let raw = try scanRawString()
        if raw.isEscaped {
            return try unescape(raw.range, isASCII: raw.isASCII)
        }
        return try makeString(raw.range, isASCII: raw.isASCII)
    }

    /// Where a string's contents are, and what a caller needs to know to read them.
    struct RawString {
        var range: Range<Int>
        var isEscaped: Bool
        /// false when every escape is a two-byte one (`\n`, `\"`, `\/`, …); true when one
        /// may be something else, a `\u` escape or one to refuse, and the escapes need checking.
        var mayHaveOtherEscapes: Bool
        /// Every byte below 0x80: well-formed UTF-8 without checking.
        var isASCII: Bool
    }

    /// The bytes of the member name at the offset (which is at its opening quote) in the
    /// common case, and the offset after its closing quote; nil leaves everything else to
    /// ``scanKeySlowly()``, and the offset where it was.
    @inlinable @inline(__always)
    mutating func scanPlainKey() -> UnsafeRawBufferPointer? {
        // Member names are short and plain: one block of sixteen bytes holds most of them and
        // their closing quote, nothing special before it (no backslash, control character or
        // byte above ASCII); two blocks hold the long ones servers write
        // (`profile_sidebar_border_color`, `payment_method_details`), which were scanned twice
        // when they went to `scanKeySlowly()`.
        let start = position &+ 1
        guard start &+ 16 <= byteCount else { return nil }
        var index = start
        var special = Self.specialBytes(block(at: index)) | Self.highBytes(block(at: index))
        if !Self.hasAny(special) {
            index &+= 16
            guard index &+ 16 <= byteCount else { return nil }
            special = Self.specialBytes(block(at: index)) | Self.highBytes(block(at: index))
            guard Self.hasAny(special) else { return nil }
        }
        let end = index &+ Self.firstLane(special)
        guard self.byte(at: end) == UInt8(ascii: "\"") else { return nil }
        position = end &+ 1
        return UnsafeRawBufferPointer(start: baseAddress + start, count: end &- start)
    }

    /// A member name of sixteen bytes or more, with bytes above ASCII or escapes, near the end
    /// of the document, or an error.
    @usableFromInline @inline(never)
    mutating func scanKeySlowly() throws(JSONError) -> JSONKey {
        if let plain = scanPlainString() {
            let start = offset &+ 1
            if !plain.isASCII {
                try validateUTF8(start..<plain.end)
            }
            offset = plain.end &+ 1
            return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<plain.end]), unescaped: nil)
        }
        let raw = try scanRawString()
        if raw.isEscaped {
            return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[raw.range]), unescaped: try unescape(raw.range, isASCII: raw.isASCII))
        }
        if !raw.isASCII {
            try validateUTF8(raw.range)
        }
        return JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[raw.range]), unescaped: nil)
    }

    /// Moves past a string, checking control characters (escapes' syntax and UTF-8 are the
    /// caller's to check); returns the range of its contents and whether it has escapes.
    ///
    /// Sixteen bytes at a time, and no branch an escape, so that a URL written with `\/` or a
    /// text full of `\r\n` costs little more than one without: a block's backslashes are
    /// checked all at once against the bytes after them, which must make two-byte escapes
    /// (anything else, `\u` included, is left to the caller's exact check); the first quote
    /// or control character ends the string unless the backslashes just before it are odd in
    /// number, which one byte tells in all but escaped quotes. A control character, the last
    /// bytes of the document and the end of it are left to ``scanRawStringSlowly()``, which
    /// throws the error.
    @inline(__always)
    mutating func scanRawString() throws(JSONError) -> RawString {
        let start = offset &+ 1
        // A local index, stored back once: the loop then keeps it in a register.
        var index = start
        // Lane by lane, for the blocks before the last: backslashes, backslashes that do not
        // make a two-byte escape with the byte after them, and bytes above ASCII.
        var backslashes: UInt32 = 0
        var otherEscapes: UInt32 = 0
        var high: UInt32 = 0
        let count = byteCount
        // Seventeen bytes: a backslash's escape is checked with a load one byte further on.
        blocks: while index &+ 17 <= count {
            let block = self.block(at: index)
            let blockBackslashes = Self.backslashBytes(block)
            // `\/` first, a URL's only escape: one compare, without a branch on whether the
            // block has a backslash (in a URL, whether a block has one is a coin toss), and
            // the other escapes only when a block has another.
            let next = self.block(at: index &+ 1)
            var blockOtherEscapes = blockBackslashes & ~Self.slashBytes(next)
            if Self.hasAny(blockOtherEscapes) {
                blockOtherEscapes &= ~Self.twoByteEscapeBytes(next)
            }
            let blockHigh = Self.highBytes(block)
            var stops = Self.quoteOrControlBytes(block)
            while Self.hasAny(stops) {
                let lane = Self.firstLane(stops)
                let end = index &+ lane
                if isEscaped(end, inStringFrom: start) {
                    stops &= ~Self.lanes(below: lane &+ 1)
                    continue
                }
                guard byte(at: end) == UInt8(ascii: "\"") else { break blocks }
                let inside = Self.lanes(below: lane)
                backslashes |= blockBackslashes & inside
                otherEscapes |= blockOtherEscapes & inside
                high |= blockHigh & inside
                offset = end &+ 1
                return RawString(range: start..<end, isEscaped: Self.hasAny(backslashes), mayHaveOtherEscapes: Self.hasAny(otherEscapes), isASCII: !Self.hasAny(high))
            }
            backslashes |= blockBackslashes
            otherEscapes |= blockOtherEscapes
            high |= blockHigh
            index &+= 16
        }
        offset = start &- 1
        return try scanRawStringSlowly()
    }

    /// Whether the byte at `index` of a string whose contents start at `start` is escaped:
    /// whether the run of backslashes before it is odd.
    @inline(__always)
    func isEscaped(_ index: Int, inStringFrom start: Int) -> Bool {
        var before = index &- 1
        while before >= start, byte(at: before) == UInt8(ascii: "\\") { before &-= 1 }
        return (index &- 1 &- before) & 1 == 1
    }

    /// ``scanRawString()`` a byte at a time: for a string in the last fifteen bytes of the
    /// document and for errors, with the reader's errors and offsets.
    @inline(never)
    mutating func scanRawStringSlowly() throws(JSONError) -> RawString {
        let start = offset &+ 1
        var index = start
        var escaped = false
        var longOrInvalidEscapes = false
        var isASCII = true
        let count = byteCount
        while index < count {
            let byte = self.byte(at: index)
            if byte == UInt8(ascii: "\"") {
                offset = index &+ 1
                return RawString(range: start..<index, isEscaped: escaped, mayHaveOtherEscapes: longOrInvalidEscapes, isASCII: isASCII)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                if index &+ 1 < count {
                    let next = self.byte(at: index &+ 1)
                    if !Self.isTwoByteEscape(next) {
                        longOrInvalidEscapes = true
                    }
                    // The escaped byte is the string's too: above ASCII, its UTF-8 is checked
                    // before the escape is refused.
                    if next >= 0x80 { isASCII = false }
                }
                index &+= 2
                continue
            }
            if byte < 0x20 {
                offset = index
                throw fail("a control character (\(Self.hex(byte))) in a string must be escaped")
            }
            if byte >= 0x80 { isASCII = false }
            index &+= 1
        }
        offset = start &- 1
        throw fail("unterminated string")
    }

    /// Whether `\` followed by `byte` is one of JSON's two-byte escapes (`\"`, `\\`, `\/`,
    /// `\b`, `\f`, `\n`, `\r`, `\t`): a bit test, where a `switch` was an indirect jump that
    /// text full of escapes kept mispredicting.
    @inline(__always)
    static func isTwoByteEscape(_ byte: UInt8) -> Bool {
        // Bits 0x22 and 0x2F of the first word; 0x5C, 0x62, 0x66, 0x6E, 0x72 and 0x74 of the
        // second, for 0x40…0x7F.
        let low: UInt64 = 1 << 0x22 | 1 << 0x2F
        let high: UInt64 = 1 << (0x5C - 0x40) | 1 << (0x62 - 0x40) | 1 << (0x66 - 0x40) | 1 << (0x6E - 0x40) | 1 << (0x72 - 0x40) | 1 << (0x74 - 0x40)
        let word = byte < 0x40 ? low : byte < 0x80 ? high : 0
        return (word &>> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// Checks the raw bytes of a string without building a String (member names, skipped
    /// strings, and strings with escapes before they are decoded: escapes are ASCII and always
    /// give whole scalars, so the raw bytes are valid exactly when the decoded ones are).
    ///
    /// Inlined, and its work done by static functions of the document's bytes, so that the
    /// mutating code that reads strings calls them on its reader, not on a copy of it (a
    /// method's call on an `inout` reader copies the reader when the method is not inlined).
    @inline(__always)
    func validateUTF8(_ range: Range<Int>) throws(JSONError) {
        guard !bytes.isWellFormedUTF8(in: range) else { return }
        throw Self.invalidUTF8(in: bytes, range)
    }

    @inline(never)
    static func invalidUTF8(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> JSONError {
        JSONError(message: "a string is not valid UTF-8", offset: bytes.firstInvalidUTF8(in: range) ?? range.lowerBound)
    }
}
