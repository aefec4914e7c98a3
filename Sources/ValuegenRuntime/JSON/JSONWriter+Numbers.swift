// Numbers for `JSONWriter`: digits written straight into the output buffer.

extension JSONWriter {
    /// An integer in decimal.
    public mutating func writeSigned(_ value: Int64) {
        writeDecimal(value.magnitude, negative: value < 0, asKey: false)
    }

    /// A non-negative integer in decimal.
    public mutating func writeUnsigned(_ value: UInt64) {
        writeDecimal(value, negative: false, asKey: false)
    }

    /// Writes `"138586341":`, an integer in decimal as a member name (and the comma before it
    /// when needed): the key of a dictionary keyed by integers, as Foundation's Codable writes
    /// a `[Int: T]`.
    @inline(__always)
    public mutating func writeIntegerKey<T: FixedWidthInteger>(_ value: T) {
        // Inlined where T is concrete, as `writeInteger(_:)` is.
        if T.bitWidth <= 64 {
            if T.isSigned {
                let signed = Int64(truncatingIfNeeded: value)
                writeDecimal(signed.magnitude, negative: signed < 0, asKey: true)
            } else {
                writeDecimal(UInt64(truncatingIfNeeded: value), negative: false, asKey: true)
            }
        } else {
            writeKey(String(value))
        }
    }

    /// The digits of `magnitude` after a `-` when `negative`: a value, or a member name in
    /// quotes followed by its colon.
    @inline(__always)
    private mutating func writeDecimal(_ magnitude: UInt64, negative: Bool, asKey: Bool) {
        let at = commaLength
        let quote = asKey ? 1 : 0
        let digitCount = DecimalDigits.count(magnitude)
        output(room: 32) { end in
            // The comma, quote and sign are stored unconditionally; what follows each
            // overwrites it when it is not needed.
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "\"")
            end[at &+ quote] = UInt8(ascii: "-")
            let sign = negative ? 1 : 0
            let length = at &+ quote &+ sign &+ digitCount
            DecimalDigits.write(magnitude, count: digitCount, startingAt: end + (length &- digitCount))
            guard asKey else { return length }
            end[length] = UInt8(ascii: "\"")
            end[length &+ 1] = UInt8(ascii: ":")
            return length &+ 2
        }
        needsComma = !asKey
    }

    /// The shortest decimal that reads back to the same Double, as `description` writes it
    /// (`0.1`, `100.0`, `-0.0`, `5e-324`, `1.7976931348623157e+308`). JSON has no infinity
    /// or NaN: they are written as `null`, as JavaScript's `JSON.stringify` does (which
    /// Persistence refuses to save: `null` does not read back as a number).
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNonFinite()
            return
        }
        let at = commaLength
        output(room: ShortestDecimal.room &+ 1) { end in
            end[0] = UInt8(ascii: ",")
            return at &+ ShortestDecimal(value).write(to: end + at)
        }
        needsComma = true
    }

    /// The shortest decimal that reads back to the same Float; infinity and NaN as `null`.
    public mutating func writeFloat(_ value: Float) {
        guard value.isFinite else {
            writeNonFinite()
            return
        }
        writeText(value.description)
    }

    /// `null` for an infinite or NaN number, noted for Persistence.
    @inline(never)
    private mutating func writeNonFinite() {
        wroteNonFiniteNumber = true
        writeNull()
    }

    /// A comma if needed, then `text` as it is, as a value.
    internal mutating func writeText(_ text: String) {
        var text = text
        text.withUTF8 { writeSeparated($0.baseAddress!, count: $0.count) }
        needsComma = true
    }
}
