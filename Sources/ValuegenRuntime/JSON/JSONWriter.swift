/// Writes JSON as UTF-8 bytes: strings escaped as RFC 8259 requires, doubles in their
/// shortest form that reads back to the same value. Generated `JSON` code drives it.
///
/// The writer places commas itself: call `beginObject()`, then `writeKey(_:)` before each
/// member's value, then `endObject()`; for arrays `beginArray()`, the elements' values,
/// then `endArray()`.
public struct JSONWriter {
    /// The document so far.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    /// An empty document with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: - Structure

    /// `{`
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// `}`
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// `[`
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// `]`
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":` (and the comma before it when needed).
    public mutating func writeKey(_ key: String) {
        separate()
        writeEscaped(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key given as its JSON text, quotes and colon included (`"\"zip code\":"`):
    /// generated code escapes its keys once, when it is generated.
    public mutating func writeRawKey(_ quotedKeyAndColon: StaticString) {
        separate()
        bytes.append(contentsOf: UnsafeBufferPointer(start: quotedKeyAndColon.utf8Start, count: quotedKeyAndColon.utf8CodeUnitCount))
        needsComma = false
    }

    // MARK: - Scalars

    /// `null`
    public mutating func writeNull() {
        separate()
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
        needsComma = true
    }

    /// `true` or `false`.
    public mutating func writeBool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
        needsComma = true
    }

    /// A string, escaped as RFC 8259 requires (quotes, backslashes, control characters).
    public mutating func writeString(_ value: String) {
        separate()
        writeEscaped(value)
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
            separate()
            bytes.append(contentsOf: String(value).utf8)
            needsComma = true
        }
    }

    /// An integer in decimal.
    public mutating func writeSigned(_ value: Int64) {
        separate()
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        appendDigits(value.magnitude)
        needsComma = true
    }

    /// A non-negative integer in decimal.
    public mutating func writeUnsigned(_ value: UInt64) {
        separate()
        appendDigits(value)
        needsComma = true
    }

    private mutating func appendDigits(_ value: UInt64) {
        var magnitude = value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// The shortest decimal that reads back to the same Double. JSON has no infinity or NaN:
    /// they are written as `null`.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        separate()
        if value == value.rounded(.towardZero), abs(value) < 1e15 {
            // Integral values: digits and ".0" is what `description` would write, faster.
            writeIntegralDouble(value)
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
        needsComma = true
    }

    /// The shortest decimal that reads back to the same Float; infinity and NaN as `null`.
    public mutating func writeFloat(_ value: Float) {
        guard value.isFinite else {
            writeNull()
            return
        }
        separate()
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    /// Bytes that are already a complete JSON value.
    public mutating func writeRawValue(_ json: [UInt8]) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: - Internals

    private mutating func separate() {
        if needsComma {
            bytes.append(UInt8(ascii: ","))
        }
    }

    private mutating func writeIntegralDouble(_ value: Double) {
        let integer = Int64(value)
        if integer == 0 && value.sign == .minus {
            bytes.append(contentsOf: "-0.0".utf8)
            return
        }
        needsComma = false
        writeInteger(integer)
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0"))
    }

    private mutating func writeEscaped(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
                }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
