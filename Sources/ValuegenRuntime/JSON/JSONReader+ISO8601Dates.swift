import Foundation

// An ISO 8601 date read where its bytes are: what `Date(from:)` reads first.

extension JSONReader {
    /// The ISO 8601 date of the string at the offset, parsed from the document's bytes without
    /// making a `String` of them (a date of 20 bytes or more would need its own storage: two
    /// thirds of what reading one cost); the offset moves past the string. nil, with nothing
    /// read, when the string has an escape or a byte above ASCII, or is not such a date: the
    /// string is then read as before, with the same date or the same error.
    mutating func readISO8601DateInPlace() -> Date? {
        skipWhitespace()
        guard offset < byteCount, byte(at: offset) == UInt8(ascii: "\""), let plain = scanPlainString(), plain.isASCII else { return nil }
        let start = offset &+ 1
        let bytes = UnsafeBufferPointer(start: (baseAddress + start).assumingMemoryBound(to: UInt8.self), count: plain.end &- start)
        guard let date = ISO8601.parse(bytes: bytes) else { return nil }
        offset = plain.end &+ 1
        return date
    }
}
