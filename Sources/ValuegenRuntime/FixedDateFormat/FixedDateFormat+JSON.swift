import Foundation

// Fixed-format dates read from and written to JSON's bytes in place, no String made.

extension JSONReader {
    /// The date in `format` that the next value, a string without escapes, holds, moving past
    /// it; nil, having moved past nothing but whitespace, when the next value is anything else
    /// or a string the fast path does not read (then ``readString(converting:orFail:)`` reads
    /// it, through the formatter, and makes its errors).
    mutating func readFixedDate(_ format: FixedDateFormat) -> Date? {
        readPlainASCIIString { format.date($0, readable: $1) }
    }
}

extension JSONWriter {
    /// A date in a fixed format, its digits written in place; false, with nothing written,
    /// when the date is one the formatter writes.
    mutating func writeFixedDate(_ date: Date, _ format: FixedDateFormat) -> Bool {
        writeQuotedDate(room: format.writeRoom) { format.write(date, to: $0) }
    }

    /// A date in a fixed format of one width (``FixedDateFormat/Layout``), the same way.
    mutating func writeFixedDate(_ date: Date, _ layout: FixedDateFormat.Layout) -> Bool {
        writeQuotedDate(room: FixedDateFormat.Layout.writeRoom) { layout.write(date, to: $0) }
    }

    /// A comma if needed, then in quotes what `write` writes (at most `room` bytes); nothing
    /// when it writes nothing (returns nil).
    @inline(__always)
    private mutating func writeQuotedDate(room: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int?) -> Bool {
        let at = commaLength
        var written = false
        output(room: room &+ 3) { end in
            guard let length = write(end + (at &+ 1)) else { return 0 }
            end[0] = UInt8(ascii: ",")
            end[at] = UInt8(ascii: "\"")
            end[at &+ 1 &+ length] = UInt8(ascii: "\"")
            written = true
            return at &+ length &+ 2
        }
        needsComma = needsComma || written
        return written
    }
}
