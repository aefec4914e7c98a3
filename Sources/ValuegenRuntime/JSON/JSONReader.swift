#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads JSON (RFC 8259) straight from its UTF-8 bytes into Swift values: no `Any`, no
/// `Decoder` containers, no intermediate tree. Generated `JSON` code drives it; so can you.
///
/// A reader borrows the bytes it reads; it is valid only while they are (use the
/// conveniences `init(jsonData:)` / `init(jsonBytes:)`, which arrange that).
/// Everything is checked: UTF-8, escapes (surrogate pairs included), number syntax, integer
/// ranges, nesting depth and the stack it takes. Errors say what was expected, the byte
/// offset and the path.
public struct JSONReader {
    // The parts that read objects are inlinable: specialized in generated code for its
    // closure, they run with the closure inlined, as if the reader were part of the model's
    // module. What they use is @usableFromInline.
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// The bytes' address (never nil, even for no bytes) and count: what the hot paths use,
    /// without the optional address and the subtraction that `bytes.count` costs.
    @usableFromInline let baseAddress: UnsafeRawPointer
    @usableFromInline let byteCount: Int
    /// The storage of ``offset``, which inlinable code sets (it cannot use an internal setter).
    @usableFromInline var position = 0
    @usableFromInline var depth = 0
    /// The spaces an indented document puts before its lines a level deeper (0 until one is
    /// seen): a line at level `depth` is predicted to start after `depth * indentationStep`
    /// spaces (``predictedLineStart(after:)``).
    @usableFromInline var indentationStep = 0
    /// The object `readVariant` opened in one pass (its `{` and discriminator read), until
    /// `readCaseMembers` reads its members.
    @usableFromInline var openVariant: OpenVariant?
    /// How many variants are being read in one pass, one inside the other.
    @usableFromInline var variantsInOnePass = 0
    /// Set when a variant read in one pass has to be read again in two: the outermost one read
    /// in one pass reads everything again, in two passes (`variantsInTwoPasses`).
    @usableFromInline var variantNeedsTwoPasses = false
    @usableFromInline var variantsInTwoPasses = false
    /// The bytes `peekDiscriminator` has read ahead so far in this document (its budget:
    /// `lookaheadBudget`).
    @usableFromInline var bytesReadAhead = 0
    /// Whether the document is a saved file (Persistence), whose dates are exact ISO 8601
    /// whatever their style (ISO8601+Exact.swift); set by `load(from:)`.
    var readsExactDates = false
    /// The URLs read so far in this document, by their strings (made at the first URL).
    var documentURLs: DocumentURLs?
    /// Whether strings of up to 15 bytes are made without the standard library's checks
    /// (see `SmallString`); read once per document.
    let makesSmallStrings = SmallString.isAvailable

    /// Objects and arrays nested deeper than this are refused (the reader recurses). So are
    /// levels past the 16th for which the current thread's stack has too little room left
    /// (`ThreadStack`), whatever the depth.
    @inlinable
    public static var maximumDepth: Int { 512 }

    /// The byte offset of the next thing to read.
    public internal(set) var offset: Int {
        @inlinable get { position }
        set { position = newValue }
    }

    /// A reader at the start of the bytes; they must outlive it.
    public init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        // Any address will do for no bytes: nothing is read from it.
        baseAddress = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<UInt64>.alignment).unsafelyUnwrapped
        byteCount = bytes.count
    }

    /// The byte at `index`, which is below `byteCount`.
    @inlinable @inline(__always)
    func byte(at index: Int) -> UInt8 {
        baseAddress.load(fromByteOffset: index, as: UInt8.self)
    }

    /// Whether the next byte is `byte`.
    @inlinable @inline(__always)
    func nextIs(_ byte: UInt8) -> Bool {
        position < byteCount && self.byte(at: position) == byte
    }

    // MARK: - Whole documents

    /// Checks that nothing but white space follows the value that was read.
    public mutating func finish() throws(JSONError) {
        skipWhitespace()
        guard offset == byteCount else {
            throw fail("expected the end of the document, found \(describeNext())")
        }
    }

    /// Moves past white space, so that ``offset`` is where the next value starts: read it
    /// before a value to point an error (`expected a UUID, found …`) at that value.
    @inlinable @inline(__always)
    public mutating func skipWhitespace() {
        let index = position
        if index < byteCount {
            let next = byte(at: index)
            // Most documents have none between their tokens.
            if next > 0x20 { return }
            // An indented document's line feed: where the next line starts is predicted from
            // the depth (pretty printers indent a line by its level times a step), so that
            // reading what follows need not wait for the spaces to be counted, nor for a call.
            if next == 0x0A, let start = predictedLineStart(after: index) {
                position = start
                return
            }
        }
        skipWhitespaceSlowly()
    }

    /// Where the line after the line feed at `index` starts when it is indented by `depth`
    /// times `indentationStep` spaces, 1 to 16 of them, and what follows them is not white
    /// space; nil otherwise (a line closing a container is a step short, and is predicted only
    /// where an object is skipped; wider lines are predicted by `skipWhitespaceSlowly`).
    @inlinable @inline(__always)
    func predictedLineStart(after index: Int) -> Int? {
        lineStart(after: index, indentedBy: depth &* indentationStep)
    }

    /// Where the line after the line feed at `index` starts when it is indented by `width`
    /// spaces, 1 to 16, and what follows them is not white space; nil otherwise. The spaces are
    /// checked, but the position is the prediction: what is read next waits only for a branch
    /// that is predicted, not for the bytes to be loaded and counted.
    @inlinable @inline(__always)
    func lineStart(after index: Int, indentedBy width: Int) -> Int? {
        let start = index &+ 1 &+ width
        guard UInt(bitPattern: width &- 1) < 16, index &+ 18 <= byteCount else { return nil }
        // Spaces up to the width (all sixteen for a width of 16: lane 16 stands for none).
        guard Self.firstLane(Self.nonSpaceBytes(block(at: index &+ 1)) | 1 &<< 16) == width, byte(at: start) > 0x20 else { return nil }
        return start
    }

    /// ``skipWhitespace()`` after a member's `:`, where an indented document has one space: that
    /// one is skipped here, in the caller, so that the call for white space of any kind is left
    /// to line breaks.
    @inlinable @inline(__always)
    mutating func skipSpaceAfterColon() {
        if position < byteCount, byte(at: position) == 0x20 { position &+= 1 }
        skipWhitespace()
    }

    @usableFromInline @inline(never)
    mutating func skipWhitespaceSlowly() {
        var index = position
        let count = byteCount
        // A line feed and the next line's indentation in spaces, as printers write them: each
        // sixteen bytes compared with spaces alone, where white space of every kind takes four
        // compares. Anything else (a tab, a blank line, a carriage return) is left to the loop
        // below, from the first byte that is not a space.
        if index < count, byte(at: index) == 0x0A {
            if let start = predictedWideLineStart(after: index) {
                position = start
                return
            }
            index &+= 1
            let lineStart = index
            while index &+ 16 <= count {
                let nonSpace = Self.nonSpaceBytes(block(at: index))
                if Self.hasAny(nonSpace) {
                    index &+= Self.firstLane(nonSpace)
                    if byte(at: index) > 0x20 {
                        position = index
                        learnIndentation(lineStart: lineStart, position: index)
                        return
                    }
                    break
                }
                index &+= 16
            }
        }
        // One space, as between the members and elements of `{"a": 1, "b": [1, 2]}` (the one
        // after a member's `:` is skipped by `skipSpaceAfterColon()` before it gets here).
        if index &+ 1 < count, byte(at: index) == 0x20, byte(at: index &+ 1) > 0x20 {
            position = index &+ 1
            return
        }
        // White space of every kind, sixteen bytes at a time.
        while index &+ 16 <= count {
            let nonWhitespace = Self.nonWhitespaceBytes(block(at: index))
            if Self.hasAny(nonWhitespace) {
                position = index &+ Self.firstLane(nonWhitespace)
                return
            }
            index &+= 16
        }
        position = nonWhitespace(from: index)
    }

    /// ``predictedLineStart(after:)`` for lines indented by 17 to 32 spaces (deep levels, or
    /// wide steps), left out of the callers' inlined code: the sixteen bytes after the line
    /// feed and the sixteen before the predicted start are spaces.
    @inline(__always)
    func predictedWideLineStart(after index: Int) -> Int? {
        let width = depth &* indentationStep
        let start = index &+ 1 &+ width
        guard UInt(bitPattern: width &- 17) < 16, start < byteCount else { return nil }
        guard !Self.hasAny(Self.nonSpaceBytes(block(at: index &+ 1))), !Self.hasAny(Self.nonSpaceBytes(block(at: start &- 16))),
              byte(at: start) > 0x20 else { return nil }
        return start
    }

    /// Learns the indentation step from a line at level `depth` that starts at `position`,
    /// unless the step already gives it (a line too wide to predict), it is a line closing a
    /// container (a step short), or it is not a multiple of the depth.
    @inline(__always)
    private mutating func learnIndentation(lineStart: Int, position: Int) {
        let width = position &- lineStart
        guard depth > 0, width != depth &* indentationStep, width != (depth &- 1) &* indentationStep else { return }
        if width % depth == 0 { indentationStep = width / depth }
    }

    // MARK: - Scalars

    /// Consumes a `null` when one is next. Inlinable: generated code asks it before every
    /// optional member's value.
    @inlinable
    public mutating func decodeNull() -> Bool {
        skipWhitespace()
        guard isNull(at: position) else { return false }
        position &+= 4
        return true
    }

    /// Whether a `null` starts at `index`.
    @inlinable @inline(__always)
    func isNull(at index: Int) -> Bool {
        index &+ 4 <= byteCount && baseAddress.loadUnaligned(fromByteOffset: index, as: UInt32.self) == Self.null
    }

    /// `true` or `false`.
    public mutating func readBool() throws(JSONError) -> Bool {
        skipWhitespace()
        return try readBoolAtOffset()
    }

    /// ``readBool()`` after its white space: also how ``skipValue()`` passes over an unread
    /// `true` or `false`, without a call.
    @inline(__always)
    mutating func readBoolAtOffset() throws(JSONError) -> Bool {
        // Four bytes at a time.
        if offset + 5 <= byteCount {
            let word = baseAddress.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if word == Self.true {
                offset += 4
                return true
            }
            if word == Self.fals, byte(at: offset + 4) == UInt8(ascii: "e") {
                offset += 5
                return false
            }
        }
        return try readBoolSlowly()
    }

    /// The literals' first four bytes as a load from memory gives them.
    @inlinable static var null: UInt32 { UInt32(littleEndian: 0x6C6C_756E) }
    static var `true`: UInt32 { UInt32(littleEndian: 0x6575_7274) }
    static var fals: UInt32 { UInt32(littleEndian: 0x736C_6166) }

    /// ``readBool()`` at the end of the document, and errors.
    @inline(never)
    mutating func readBoolSlowly() throws(JSONError) -> Bool {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw fail("expected true or false, found \(describeNext())")
    }

    /// A string with its escapes decoded; its UTF-8 is checked.
    public mutating func readString() throws(JSONError) -> String {
        skipWhitespace()
        guard offset < byteCount, byte(at: offset) == UInt8(ascii: "\"") else {
            throw fail("expected a string, found \(describeNext())")
        }
        return try scanString()
    }

    /// An integer in the range of `T`; a fraction or an exponent is an error.
    @inline(__always)
    public mutating func readInteger<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONError) -> T {
        // The limits of the magnitude read through an Int64 or a UInt64, as `T(exactly:)` of
        // the one or the other would allow.
        let positiveLimit = T.bitWidth > 64 || (T.bitWidth == 64 && !T.isSigned) ? UInt64.max : UInt64(T.max)
        let negativeLimit: UInt64 = !T.isSigned ? 0 : T.bitWidth >= 64 ? 1 << 63 : UInt64(T.max) + 1
        let integer = try readIntegerMagnitude(positiveLimit: positiveLimit, negativeLimit: negativeLimit, typeName: "\(T.self)")
        return integer.negative
            ? T(truncatingIfNeeded: Int64(bitPattern: 0 &- integer.magnitude))
            : T(truncatingIfNeeded: integer.magnitude)
    }

    /// An integer whose magnitude is at most `positiveLimit`, or `negativeLimit` when it is
    /// negative (at most 2^63); the errors are those of ``readInteger(_:)`` for `typeName`.
    mutating func readIntegerMagnitude(
        positiveLimit: UInt64, negativeLimit: UInt64, typeName: @autoclosure () -> String
    ) throws(JSONError) -> (negative: Bool, magnitude: UInt64) {
        skipWhitespace()
        let start = offset
        // The common case first: at most 19 digits (no overflow) and nothing after them that
        // makes the number a non-integer or malformed. Anything else takes the full path.
        let count = byteCount
        var index = start
        var negative = false
        if index < count, byte(at: index) == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digitsStart = index
        var magnitude: UInt64 = 0
        accumulateDigits(at: &index, into: &magnitude)
        let digits = index - digitsStart
        if digits > 0, digits <= 19, digits == 1 || byte(at: digitsStart) != UInt8(ascii: "0"),
           index == count || (byte(at: index) != UInt8(ascii: ".") && byte(at: index) | 0x20 != UInt8(ascii: "e")),
           magnitude <= (negative ? negativeLimit : positiveLimit) {
            offset = index
            return (negative, magnitude)
        }
        return try readIntegerMagnitudeSlowly(positiveLimit: positiveLimit, negativeLimit: negativeLimit, typeName: typeName())
    }

    /// ``readIntegerMagnitude(positiveLimit:negativeLimit:typeName:)`` for numbers with more
    /// than 19 digits, fractions, exponents, and errors.
    @inline(never)
    mutating func readIntegerMagnitudeSlowly(
        positiveLimit: UInt64, negativeLimit: UInt64, typeName: @autoclosure () -> String
    ) throws(JSONError) -> (negative: Bool, magnitude: UInt64) {
        let start = offset
        let number = try scanNumber(expecting: "an integer")
        guard number.isInteger else {
            offset = start
            throw fail("expected an integer, found \(excerpt(start..<number.end))")
        }
        if !number.overflowed, number.magnitude <= (number.negative ? negativeLimit : positiveLimit) {
            offset = number.end
            return (number.negative, number.magnitude)
        }
        offset = start
        throw fail("\(excerpt(start..<number.end)) is out of the range of \(typeName())")
    }

    /// A number, correctly rounded; one that rounds to infinity is an error.
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        if let decimal = scanPlainDecimal(), let value = decimal.double {
            offset = decimal.end
            return value
        }
        return try readDoubleSlowly()
    }

    /// Numbers with more than 19 significant digits, those the fast conversions cannot
    /// decide, and errors.
    @inline(never)
    mutating func readDoubleSlowly() throws(JSONError) -> Double {
        let start = offset
        let number = try scanNumber(expecting: "a number")
        if let exact = number.exactDouble {
            offset = number.end
            return exact
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self)
        // The standard library's parser is correctly rounded and ignores the C locale.
        guard let value = Double(text), value.isFinite else {
            throw fail("\(excerpt(start..<number.end)) is out of the range of Double")
        }
        offset = number.end
        return value
    }

    /// A number rounded once to a Float; one that rounds to infinity is an error.
    public mutating func readFloat() throws(JSONError) -> Float {
        skipWhitespace()
        let start = offset
        let number = try scanNumber(expecting: "a number")
        if let exact = number.exactFloat {
            offset = number.end
            return exact
        }
        // Parsed as a Float directly: through a Double it would be rounded twice, and a
        // decimal just above the midpoint of two floats could come out as the lower one.
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<number.end]), as: UTF8.self)
        guard let value = Float(text), value.isFinite else {
            throw fail("\(excerpt(start..<number.end)) is out of the range of Float")
        }
        offset = number.end
        return value
    }

    // MARK: - Objects and arrays

    /// Reads an object, calling `body` with each member's key; `body` reads the member's value
    /// (or leaves it, and it is skipped). Errors thrown inside get the key added to their path.
    @inlinable
    public mutating func readObject(_ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) {
        skipWhitespace()
        guard nextIs(UInt8(ascii: "{")) else {
            throw fail("expected an object, found \(describeNext())")
        }
        try enter()
        position += 1
        skipWhitespace()
        if nextIs(UInt8(ascii: "}")) {
            position += 1
            depth -= 1
            return
        }
        try readMembers(body, refusing: nil)
    }

    /// The members of an object whose `{` (and maybe some members and their `,`) have been
    /// read, to its `}`. A member named `refused` stops the reading: `readVariant` reads the
    /// object again in two passes.
    @inlinable @inline(__always)
    mutating func readMembers(
        _ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void, refusing refused: StaticString?
    ) throws(JSONError) {
        while true {
            skipWhitespace()
            guard nextIs(UInt8(ascii: "\"")) else {
                throw fail("expected a member name, found \(describeNext())")
            }
            // A key made here holds no String, which the compiler then knows: nothing to
            // release, no unescaped name to compare. A name with escapes (rare) is read by a
            // call that is not inlined, so that the body is inlined once, not twice, and a
            // model's decoder stays small enough for the compiler to inline it whole.
            if let name = scanPlainKey() {
                try readMember(JSONKey(bytes: name, unescaped: nil), body, refusing: refused)
            } else {
                try readMemberWithEscapedName(body, refusing: refused)
            }
            skipWhitespace()
            guard position < byteCount else { throw fail("unexpected end of the document in an object") }
            let next = byte(at: position)
            if next == UInt8(ascii: ",") {
                position += 1
            } else if next == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return
            } else {
                throw fail("expected ',' or '}' in an object, found \(describeNext())")
            }
        }
    }

    /// A member whose name has escapes (or is near the end of the document): its name, `:`
    /// and value.
    @usableFromInline
    mutating func readMemberWithEscapedName(
        _ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void, refusing refused: StaticString?
    ) throws(JSONError) {
        try readMember(try scanKeySlowly(), body, refusing: refused)
    }

    /// A member's `:` and value, after its name.
    @inlinable @inline(__always)
    mutating func readMember(
        _ key: JSONKey, _ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void, refusing refused: StaticString?
    ) throws(JSONError) {
        if let refused, key.matches(refused) {
            variantNeedsTwoPasses = true
            throw fail("a repeated \(refused)")
        }
        skipWhitespace()
        guard nextIs(UInt8(ascii: ":")) else {
            throw fail("expected ':' after a member name, found \(describeNext())").inside(.key(key.string))
        }
        position += 1
        skipSpaceAfterColon()
        let valueStart = position
        do {
            try body(&self, key)
            if position == valueStart {
                try skipValueAtOffset()
            }
        } catch {
            throw error.inside(.key(key.string))
        }
    }

    /// Reads an array, calling `body` once per element to read it.
    public mutating func readArray(_ body: (inout JSONReader) throws(JSONError) -> Void) throws(JSONError) {
        guard try beginArray() else { return }
        var index = 0
        repeat {
            let elementStart = beginElement()
            do {
                try body(&self)
            } catch {
                throw error.inside(.index(index))
            }
            try endElement(index, start: elementStart)
            index += 1
        } while try continueArray()
    }

    // The steps of `readArray` for inlinable code that reads the elements itself: a generic
    // closure would keep it from being specialized for its element type.

    /// Reads an array's `[`; false when the array is empty (its `]` is read too).
    @inlinable @inline(__always)
    mutating func beginArray() throws(JSONError) -> Bool {
        skipWhitespace()
        // The common case without a call: `[` and the first element right after it, at a
        // depth that needs no check of the stack.
        if position &+ 1 < byteCount, byte(at: position) == UInt8(ascii: "["), depth < ThreadStack.shallowDepth {
            let next = byte(at: position &+ 1)
            if next > 0x20, next != UInt8(ascii: "]") {
                depth += 1
                position &+= 1
                return true
            }
        }
        return try beginArraySlowly()
    }

    /// ``beginArray()`` with white space after the `[`, for an empty array, deep levels and
    /// errors.
    @usableFromInline
    mutating func beginArraySlowly() throws(JSONError) -> Bool {
        skipWhitespace()
        guard offset < byteCount, byte(at: offset) == UInt8(ascii: "[") else {
            throw fail("expected an array, found \(describeNext())")
        }
        try enter()
        offset += 1
        skipWhitespace()
        if offset < byteCount, byte(at: offset) == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        }
        return true
    }

    // The three steps of every element are inlined where the array is read (a call each was
    // a sixth of reading an array of coordinate pairs); what is seldom needed is a call.

    /// Where the element to read starts.
    @inlinable @inline(__always)
    mutating func beginElement() -> Int {
        skipWhitespace()
        return position
    }

    /// Skips the element that was not read; an error gets the index added to its path.
    @inlinable @inline(__always)
    mutating func endElement(_ index: Int, start: Int) throws(JSONError) {
        if position == start {
            try skipUnreadElement(index)
        }
    }

    @usableFromInline
    mutating func skipUnreadElement(_ index: Int) throws(JSONError) {
        do {
            try skipValue()
        } catch {
            throw error.inside(.index(index))
        }
    }

    /// After an element: true when another follows its `,`, false after the array's `]`.
    @inlinable @inline(__always)
    mutating func continueArray() throws(JSONError) -> Bool {
        // The common case, a `,` right after the element, without a call.
        if position < byteCount, byte(at: position) == UInt8(ascii: ",") {
            position &+= 1
            return true
        }
        return try continueArraySlowly()
    }

    /// ``continueArray()`` after white space, at the array's `]`, and for errors.
    @usableFromInline
    mutating func continueArraySlowly() throws(JSONError) -> Bool {
        skipWhitespace()
        guard offset < byteCount else { throw fail("unexpected end of the document in an array") }
        if byte(at: offset) == UInt8(ascii: ",") {
            offset += 1
            return true
        } else if byte(at: offset) == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return false
        } else {
            throw fail("expected ',' or ']' in an array, found \(describeNext())")
        }
    }

    /// An error at the current offset; generated code uses it for a missing member.
    public func error(_ message: String) -> JSONError {
        fail(message)
    }

    // MARK: - Internals

    @usableFromInline
    func fail(_ message: String) -> JSONError {
        JSONError(message: message, offset: offset)
    }

    /// One level deeper: into an object or an array at the offset.
    @usableFromInline
    mutating func enter() throws(JSONError) {
        depth += 1
        if depth > ThreadStack.shallowDepth {
            try checkDeepLevel()
        }
    }

    /// Refuses the level `depth` (past `ThreadStack.shallowDepth`, entered) when it is deeper
    /// than ``maximumDepth`` or the thread's stack has too little room left for it.
    @usableFromInline @inline(never)
    func checkDeepLevel() throws(JSONError) {
        if let refusal = ThreadStack.refusal(ofLevel: depth, maximumDepth: Self.maximumDepth) {
            throw fail(refusal)
        }
    }

    /// Whether the object at the offset, one level deeper, could be entered (``enter()``
    /// would not throw); for readers that enter it themselves.
    @usableFromInline @inline(never)
    func canEnterDeepLevel() -> Bool {
        ThreadStack.refusal(ofLevel: depth + 1, maximumDepth: Self.maximumDepth) == nil
    }

    mutating func matchLiteral(_ literal: StaticString) -> Bool {
        guard hasLiteral(literal) else { return false }
        offset += literal.utf8CodeUnitCount
        return true
    }

    /// The input's text in `range` as an error quotes it: at most 64 bytes, then how long it is
    /// (`9999…9999… (1000000 bytes)`, 61 nines), so that a huge token does not make a huge
    /// message.
    func excerpt(_ range: Range<Int>) -> String {
        let shown = range.count <= 64 ? range : range.lowerBound..<(range.lowerBound + 61)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[shown]), as: UTF8.self)
        return shown == range ? text : text + "… (\(range.count) bytes)"
    }

    @usableFromInline
    func describeNext() -> String {
        guard offset < byteCount else { return "the end of the document" }
        switch byte(at: offset) {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: break
        }
        if hasLiteral("true") || hasLiteral("false") { return "a boolean" }
        if hasLiteral("null") { return "null" }
        var end = offset
        while end < byteCount, end - offset < 16, isLetter(byte(at: end)) { end += 1 }
        if end > offset {
            // A word that is not a literal: `tru` in a truncated document, `nan`, `undefined`.
            return "'\(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))'"
        }
        return Self.describe(byte: byte(at: offset))
    }

    func hasLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= byteCount else { return false }
        for index in 0..<count where byte(at: offset + index) != literal.utf8Start[index] {
            return false
        }
        return true
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// `'x'` for a printable ASCII character, `byte 0x0A` for anything else.
    static func describe(byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte " + hex(byte)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }
}
