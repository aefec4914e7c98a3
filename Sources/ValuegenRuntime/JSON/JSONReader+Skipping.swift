// Skipping a value: what a model does with the members it does not read, which on the JSON
// servers send is most of them. Nothing is built: strings are scanned sixteen bytes at a time,
// their escapes and UTF-8 checked in place, and objects and arrays walked by loops of their
// own rather than through `readObject`'s closure. The checks are those of reading: a skipped
// value is refused exactly when reading it would be, with the same error, offset and path.

extension JSONReader {
    /// Reads and discards one value of any kind, checking it as strictly as any other.
    public mutating func skipValue() throws(JSONError) {
        skipWhitespace()
        guard position < byteCount else { throw fail("expected a value, found the end of the document") }
        switch byte(at: position) {
        case UInt8(ascii: "{"): try skipObject()
        case UInt8(ascii: "["): try skipArray()
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBoolAtOffset()
        case UInt8(ascii: "n"):
            guard decodeNull() else { throw fail("expected a value, found \(describeNext())") }
        default:
            try skipNumber()
        }
    }

    /// The number at the offset, its syntax checked as ``scanNumber(expecting:)`` checks it
    /// but nothing gathered for a conversion: its runs of digits eight bytes at a time. What
    /// is not a well-formed number (and a number in the document's last eight bytes, a digit
    /// at a time) goes to `scanNumber`, which gives the error.
    mutating func skipNumber() throws(JSONError) {
        var index = position
        let count = byteCount
        if index < count, byte(at: index) == UInt8(ascii: "-") { index &+= 1 }
        if index < count, byte(at: index) == UInt8(ascii: "0") {
            index &+= 1
            // A leading zero is an error: `scanNumber` reports it.
            guard index >= count || !isDigit(byte(at: index)) else { return try skipNumberGenerally() }
        } else {
            guard let end = endOfDigits(from: index) else { return try skipNumberGenerally() }
            index = end
        }
        if index < count, byte(at: index) == UInt8(ascii: ".") {
            guard let end = endOfDigits(from: index &+ 1) else { return try skipNumberGenerally() }
            index = end
        }
        if index < count, byte(at: index) | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if index < count, byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index &+= 1 }
            guard let end = endOfDigits(from: index) else { return try skipNumberGenerally() }
            index = end
        }
        position = index
    }

    /// Where the run of one or more digits at `index` ends; nil when there is no digit there.
    @inline(__always)
    private func endOfDigits(from start: Int) -> Int? {
        var index = start
        let count = byteCount
        while index &+ 8 <= count {
            let nonDigits = Self.nonDigitBytes(baseAddress.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
            if nonDigits != 0 {
                index &+= nonDigits.trailingZeroBitCount &>> 3
                return index > start ? index : nil
            }
            index &+= 8
        }
        while index < count, isDigit(byte(at: index)) { index &+= 1 }
        return index > start ? index : nil
    }

    /// ``skipNumber()`` by ``scanNumber(expecting:)``: for what is not a well-formed number.
    @inline(never)
    private mutating func skipNumberGenerally() throws(JSONError) {
        position = try scanNumber(expecting: "a value").end
    }

    /// The string at the offset (at its opening quote), checked as reading it would check it.
    ///
    /// A loop of its own rather than ``scanRawString()``'s, for what skipping needs and no
    /// more: a block of a string's middle, where nothing stops and the only escapes are `\/`
    /// (a URL's), costs one test, its bytes OR'ed into a vector that tells at the end whether
    /// any was above ASCII. The first quote that comes before any other escape ends the
    /// string, and cannot be escaped (the backslash before it would be another escape). A
    /// string with another escape (`\"`, `\n`, `\u…`: rare in what models leave unread) or a
    /// control character (an error) is left to ``skipStringGenerally()``, from its start.
    @usableFromInline @inline(never)
    mutating func skipString() throws(JSONError) {
        let start = position &+ 1
        var index = start
        let count = byteCount
        var passed = SIMD16<UInt8>()
        while index &+ 17 <= count {
            let block = self.block(at: index)
            let next = self.block(at: index &+ 1)
            let stops = Self.bits(Self.quoteOrControlMask(block))
            // `scanRawString`'s `backslashBytes(block) & ~slashBytes(next)`, combined before the
            // move out of the vector register: one `pmovmskb` a block fewer (0.5 % of `issues`).
            let otherEscapes = Self.bits(Self.backslashMask(block) .& .!Self.slashMask(next))
            if stops | otherEscapes == 0 {
                passed |= block
                index &+= 16
                continue
            }
            // The first quote, control character or escape other than `\/`: the end when it is
            // a quote.
            let lane = Self.firstLane(stops | otherEscapes)
            let end = index &+ lane
            guard byte(at: end) == UInt8(ascii: "\"") else { break }
            position = end &+ 1
            if Self.hasAny(Self.highBytes(passed) | Self.highBytes(block) & Self.lanes(below: lane)) {
                try validateUTF8(start..<end)
            }
            return
        }
        position = start &- 1
        try skipStringGenerally()
    }

    /// ``skipString()`` through ``scanRawString()``: near the end of the document, and for
    /// errors.
    @inline(never)
    private mutating func skipStringGenerally() throws(JSONError) {
        let raw = try scanRawString()
        if raw.mayHaveOtherEscapes {
            try checkEscapes(raw.range, isASCII: raw.isASCII)
        } else if !raw.isASCII {
            try validateUTF8(raw.range)
        }
    }

    /// The object at the offset (at its `{`), as ``readObject(_:)`` reads it with a body that
    /// reads nothing.
    @inline(never)
    private mutating func skipObject() throws(JSONError) {
        try enter()
        position &+= 1
        skipWhitespace()
        if nextIs(UInt8(ascii: "}")) {
            position &+= 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard nextIs(UInt8(ascii: "\"")) else {
                throw fail("expected a member name, found \(describeNext())")
            }
            let keyStart = position
            if scanPlainKey() == nil {
                try skipString()
            }
            skipWhitespace()
            guard nextIs(UInt8(ascii: ":")) else {
                throw fail("expected ':' after a member name, found \(describeNext())").inside(.key(key(at: keyStart)))
            }
            position &+= 1
            skipSpaceAfterColon()
            do {
                try skipValueAtOffset()
            } catch {
                throw error.inside(.key(key(at: keyStart)))
            }
            skipWhitespaceBeforeCommaOrClose()
            guard position < byteCount else { throw fail("unexpected end of the document in an object") }
            let next = byte(at: position)
            if next == UInt8(ascii: ",") {
                position &+= 1
            } else if next == UInt8(ascii: "}") {
                position &+= 1
                depth -= 1
                return
            } else {
                throw fail("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
    }

    /// ``skipWhitespace()`` after a member's value in a skipped object: also predicts the line
    /// that closes the object, a step less indented than its members, which the line ahead of
    /// a member does not (`predictedLineStart(after:)`): an indented document's every skipped
    /// object ends with one. (A skipped document, at level 1, closes at the margin, which is
    /// left to `skipWhitespace()`.)
    @inline(__always)
    private mutating func skipWhitespaceBeforeCommaOrClose() {
        let index = position
        if index < byteCount, byte(at: index) == 0x0A,
           let start = lineStart(after: index, indentedBy: (depth &- 1) &* indentationStep),
           byte(at: start) == UInt8(ascii: "}") {
            position = start
            return
        }
        skipWhitespace()
    }

    /// The array at the offset (at its `[`), as ``readArray(_:)`` reads it with a body that
    /// reads nothing.
    @inline(never)
    private mutating func skipArray() throws(JSONError) {
        guard try beginArray() else { return }
        var index = 0
        repeat {
            do {
                try skipValueAtOffset()
            } catch {
                throw error.inside(.index(index))
            }
            index += 1
        } while try continueArray()
    }

    /// ``skipValue()`` for a value at the offset (white space already skipped), as an unread
    /// member's value and the values inside a skipped object or array are: a `null` (most of
    /// the members a model leaves are) without a call, a string (most of what is skipped)
    /// with one call rather than two.
    @inlinable @inline(__always)
    mutating func skipValueAtOffset() throws(JSONError) {
        if isNull(at: position) {
            position &+= 4
        } else if position < byteCount, byte(at: position) == UInt8(ascii: "\"") {
            try skipString()
        } else {
            try skipValue()
        }
    }

    /// The member name at `keyStart` (its opening quote), which was read without an error:
    /// for the path of an error inside its value.
    @inline(never)
    private func key(at keyStart: Int) -> String {
        var reader = self
        reader.position = keyStart
        return (try? reader.scanKeySlowly().string) ?? ""
    }
}
