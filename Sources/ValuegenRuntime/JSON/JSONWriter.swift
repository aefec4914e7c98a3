/// Writes JSON as UTF-8 bytes: strings escaped as RFC 8259 requires, doubles in their
/// shortest form that reads back to the same value. Generated `JSON` code drives it.
///
/// The writer places commas itself: call `beginObject()`, then `writeKey(_:)` before each
/// member's value, then `endObject()`; for arrays `beginArray()`, the elements' values,
/// then `endArray()`.
public struct JSONWriter {
    /// The document is `storage[..<count]`; the bytes after it are room that the next writes
    /// fill through a pointer. Appending to an array instead cost a capacity check, a
    /// uniqueness check and a call per piece: a third of the time of encoding a record.
    @usableFromInline internal var storage: [UInt8]
    @usableFromInline internal var count = 0
    @usableFromInline internal var needsComma = false
    /// Whether every `Date` is written to the last bit of its Double, as ISO 8601 with all the
    /// fraction digits it takes, whatever its style: what Persistence saves (ISO8601+Exact.swift).
    internal var writesExactDates = false
    /// The first value this writer could not write so that it reads back exactly (when
    /// `writesExactDates`), described for the error that refuses to save it.
    internal var unsavableValue: String?
    /// How many objects and arrays are open, and whether more than ``JSONReader/maximumDepth``
    /// were at some point, which the reader refuses and Persistence refuses to save
    /// (docs/Runtime.md, "What `save` refuses").
    internal var depth = 0
    internal var isNestedTooDeep = false
    /// Whether the writer stops the generated encoders once it has gone past
    /// ``JSONReader/maximumDepth``: Persistence's writers do, whose document is refused then
    /// anyway; the JSON for APIs (`jsonBytes()`) is written whole, however deep.
    internal var stopsPastMaximumDepth = false
    /// ``skipsNestedValues``.
    @usableFromInline internal var isSkippingNestedValues = false
    /// Whether a Double or Float that is infinite or NaN was written (as `null`, which does
    /// not read back as a number), for Persistence to refuse the save.
    internal var wroteNonFiniteNumber = false

    /// An empty document with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        storage = [UInt8](repeating: 0, count: Swift.max(capacity, 64))
    }

    /// Whether a model's `encode(to:)` should return at once, writing nothing: true once a
    /// writer of Persistence's has gone past ``JSONReader/maximumDepth`` levels, where the
    /// value is refused and its document thrown away, so that a chain of values nested deeper
    /// than the stack holds ends in that refusal rather than a stack overflow. Generated
    /// encoders look at it first; writers made with ``init(capacity:)`` never skip.
    @inlinable
    public var skipsNestedValues: Bool {
        isSkippingNestedValues
    }

    /// The document so far. Reading it hands over the writer's buffer, cut to the document,
    /// rather than copying it; writing more afterwards gives the writer a new buffer.
    public var bytes: [UInt8] {
        mutating get {
            if storage.count != count {
                storage.removeLast(storage.count - count)
            }
            return storage
        }
    }

    // MARK: - Structure

    /// `{`
    public mutating func beginObject() {
        writePunctuation(UInt8(ascii: "{"))
        needsComma = false
        enterLevel()
    }

    /// An increment and a compare with a constant: 0.3 to 1.2 % of the instructions of
    /// encoding the benchmark's documents (docs/Runtime.md, "Writing depth").
    @inline(__always)
    private mutating func enterLevel() {
        depth &+= 1
        if depth > JSONReader.maximumDepth {
            isNestedTooDeep = true
            isSkippingNestedValues = stopsPastMaximumDepth
        }
    }

    /// `}`
    public mutating func endObject() {
        writeByte(UInt8(ascii: "}"))
        needsComma = true
        depth &-= 1
    }

    /// `[`
    public mutating func beginArray() {
        writePunctuation(UInt8(ascii: "["))
        needsComma = false
        enterLevel()
    }

    /// `]`
    public mutating func endArray() {
        writeByte(UInt8(ascii: "]"))
        needsComma = true
        depth &-= 1
    }

    /// Writes `"key":` (and the comma before it when needed).
    public mutating func writeKey(_ key: String) {
        writeQuoted(key, then: UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key given as its JSON text, quotes and colon included (`"\"zip code\":"`):
    /// generated code escapes its keys once, when it is generated. Inlined into the generated
    /// encoders, where the key's length is a constant: a key of 4 to 32 bytes is copied by the one
    /// pair of loads and stores its length takes, without a call (a key took about 50 instructions
    /// through one; issue 38, docs/Performance.md).
    @inlinable @inline(__always)
    public mutating func writeRawKey(_ quotedKeyAndColon: StaticString) {
        writeSeparated(quotedKeyAndColon.utf8Start, count: quotedKeyAndColon.utf8CodeUnitCount)
        needsComma = false
    }

    // MARK: - Scalars

    /// `null`
    public mutating func writeNull() {
        writeSeparated(("null" as StaticString).utf8Start, count: 4)
        needsComma = true
    }

    /// `true` or `false`.
    public mutating func writeBool(_ value: Bool) {
        let text: StaticString = value ? "true" : "false"
        writeSeparated(text.utf8Start, count: text.utf8CodeUnitCount)
        needsComma = true
    }

    /// A string, escaped as RFC 8259 requires (quotes, backslashes, control characters).
    public mutating func writeString(_ value: String) {
        writeQuoted(value, then: nil)
        needsComma = true
    }

    /// An integer in decimal.
    @inline(__always)
    public mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        // Inlined into each caller, where T is concrete; the digits are written by one
        // non-generic function (generic division through witness tables cost 5,000
        // instructions an integer).
        if T.bitWidth <= 64 {
            if T.isSigned {
                writeSigned(Int64(truncatingIfNeeded: value))
            } else {
                writeUnsigned(UInt64(truncatingIfNeeded: value))
            }
        } else {
            writeText(String(value))
        }
    }

    /// Bytes that are already a complete JSON value.
    public mutating func writeRawValue(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { json in
            writeSeparated(json.baseAddress ?? ("" as StaticString).utf8Start, count: json.count)
        }
        needsComma = true
    }

    /// A value kept as its bytes (an unknown case's content), written exactly as it was read:
    /// wherever a value goes, after a key, as an element, or as the document.
    public mutating func writeRaw(_ raw: RawJSON) {
        writeRawValue(raw.bytes)
        // Its brackets are levels too. A value of n bytes is at most n / 2 levels deep, so
        // only a raw value that could go past the limit is looked at.
        if depth &+ raw.bytes.count / 2 > JSONReader.maximumDepth, depth &+ raw.nestingDepth > JSONReader.maximumDepth {
            isNestedTooDeep = true
        }
    }

    // MARK: - Output

    /// Calls `write` with a pointer to the end of the document and at least `room` bytes
    /// after it, then moves the end past the bytes `write` says it wrote. `write` must not
    /// touch the writer: it works on the pointer and values captured before the call.
    @inlinable @inline(__always)
    internal mutating func output(room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if storage.count &- count < room {
            grow(room)
        }
        let end = count
        count = end &+ storage.withUnsafeMutableBufferPointer { write($0.baseAddress.unsafelyUnwrapped + end) }
    }

    /// Room for `room` more bytes: at least twice the old size, so that growing costs
    /// amortized constant time a byte. Only the document is copied. The new room is
    /// counted as elements without being written (zeroing it took as long as the copy):
    /// any bits are a valid `UInt8`, and no byte of the room is read before it is written,
    /// since `bytes` cuts the room off. A large new buffer asks for huge pages before it is
    /// touched (LargeMemory.swift).
    @usableFromInline @inline(never)
    internal mutating func grow(_ room: Int) {
        var size = Swift.max(storage.count &* 2, count &+ room, 64)
        if size > 256 << 10 && size < LargeMemory.threshold {
            // Past 256 KB, straight to the huge pages' size: doubling copies each buffer into
            // new memory, and a 2 MB document touched 5 MB of new pages on its way, 1,300 page
            // faults that cost four times its writing (docs/Performance.md, issue 23).
            size = LargeMemory.threshold
        }
        reallocate(size)
    }

    /// How many elements of a long array are written before the room for the rest is
    /// estimated (``reserveForElements(_:written:since:)``).
    @inlinable
    static var elementsBeforeEstimate: Int { 16 }

    /// Room for the rest of an array of `total` elements, of which `written` were written since
    /// the document had `start` bytes, when they take as much each as those: a list page is
    /// one array of elements of about one size, and the writer's doubling copied its document
    /// at each step (on a 5 MB page, 4 MB copied at 4 MB, about a tenth of its encoding: issue
    /// 38, the recorded Mastodon pages). An eighth more than the estimate, so that elements a
    /// little longer than the first do not make it double after all; room never used is never
    /// touched, so an estimate too large costs address space, not memory, and it is at most
    /// `LargeMemory.largestEstimatedRoom`, as binary's writer estimates
    /// (BinaryWriter+Estimates.swift). Only where the rest takes more than 256 KB: a small
    /// document keeps growing as it did.
    @usableFromInline
    mutating func reserveForElements(_ total: Int, written: Int, since start: Int) {
        guard written > 0, total > written else { return }
        let each = (count &- start) / written
        let (product, overflow) = each.multipliedReportingOverflow(by: total &- written)
        let rest = overflow ? LargeMemory.largestEstimatedRoom : Swift.min(product, LargeMemory.largestEstimatedRoom)
        guard rest >= 256 << 10 else { return }
        let room = Swift.min(rest &+ rest / 8 &+ 4096, LargeMemory.largestEstimatedRoom)
        let needed = count &+ room
        if needed > storage.count {
            reallocate(needed)
        }
    }

    /// A buffer of `size` bytes, the document copied into it.
    private mutating func reallocate(_ size: Int) {
        let old = storage
        let count = self.count
        storage = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            LargeMemory.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress!), count: size)
            old.withUnsafeBufferPointer { old in
                if count > 0 {
                    buffer.baseAddress!.initialize(from: old.baseAddress!, count: count)
                }
            }
            initialized = buffer.count
        }
    }

    /// A comma when the previous value needs one. The writers below store the comma
    /// unconditionally and then their own first byte either after it or over it, which is
    /// cheaper than a branch.
    @inlinable @inline(__always)
    internal var commaLength: Int {
        needsComma ? 1 : 0
    }

    /// A comma if needed, then `byte`.
    private mutating func writePunctuation(_ byte: UInt8) {
        let at = commaLength
        output(room: 2) { end in
            end[0] = UInt8(ascii: ",")
            end[at] = byte
            return at &+ 1
        }
    }

    private mutating func writeByte(_ byte: UInt8) {
        output(room: 1) { end in
            end[0] = byte
            return 1
        }
    }

    /// A comma if needed, then `count` bytes from `start`.
    @inlinable @inline(__always)
    internal mutating func writeSeparated(_ start: UnsafePointer<UInt8>, count: Int) {
        let at = commaLength
        output(room: count &+ 1) { end in
            end[0] = UInt8(ascii: ",")
            JSONWriter.copy(start, count: count, to: end + at)
            return at &+ count
        }
    }

    /// Copies a few bytes, as keys and literals are, with two overlapping loads and stores
    /// instead of a call to `memcpy`: up to 32 bytes (`"followers_count":` is 18).
    @inlinable @inline(__always)
    internal static func copy(_ source: UnsafePointer<UInt8>, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count > 16 && count <= 32 {
            let head = from.loadUnaligned(as: UInt128.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 16, as: UInt128.self)
            to.storeBytes(of: head, as: UInt128.self)
            to.storeBytes(of: tail, toByteOffset: count &- 16, as: UInt128.self)
        } else if count >= 8 && count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            to.copyMemory(from: from, byteCount: count)
        }
    }
}
