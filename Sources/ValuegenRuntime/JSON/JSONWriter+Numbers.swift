// Numbers for `JSONWriter`: digits written straight into the output buffer.

extension JSONWriter {
    /// An integer in decimal.
    public mutating func writeSigned(_ value: Int64) {
        let at = commaLength
        let digitCount = DecimalDigits.count(value.magnitude)
        output(room: 21) { end in
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "-")
            let sign = value < 0 ? 1 : 0
            let length = at &+ sign &+ digitCount
            DecimalDigits.write(value.magnitude, count: digitCount, endingAt: end + length)
            return length
        }
        needsComma = true
    }

    /// A non-negative integer in decimal.
    public mutating func writeUnsigned(_ value: UInt64) {
        let at = commaLength
        let digitCount = DecimalDigits.count(value)
        output(room: 21) { end in
            end[0] = UInt8(ascii: ",")
            let length = at &+ digitCount
            DecimalDigits.write(value, count: digitCount, endingAt: end + length)
            return length
        }
        needsComma = true
    }

    /// The shortest decimal that reads back to the same Double, as `description` writes it
    /// (`0.1`, `100.0`, `-0.0`, `5e-324`, `1.7976931348623157e+308`). JSON has no infinity
    /// or NaN: they are written as `null`.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        if let decimal = ShortestDecimal(value) {
            let at = commaLength
            output(room: ShortestDecimal.maximumLength &+ 1) { end in
                end[0] = UInt8(ascii: ",")
                return at &+ decimal.write(to: end + at)
            }
            needsComma = true
        } else {
            // Exponent notation: rare enough to leave to the standard library.
            writeText(value.description)
        }
    }

    /// The shortest decimal that reads back to the same Float; infinity and NaN as `null`.
    public mutating func writeFloat(_ value: Float) {
        guard value.isFinite else {
            writeNull()
            return
        }
        writeText(value.description)
    }

    /// A comma if needed, then `text` as it is, as a value.
    internal mutating func writeText(_ text: String) {
        var text = text
        text.withUTF8 { writeSeparated($0.baseAddress!, count: $0.count) }
        needsComma = true
    }
}
