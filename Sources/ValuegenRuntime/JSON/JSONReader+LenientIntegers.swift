// Integers that may come as strings (`"id": "12345"`), as APIs that fear JavaScript's doubles
// send them: what generated code reads for an attribute marked lenient.

extension JSONReader {
    /// An integer in the range of `T`, as a JSON number (read as ``readInteger(_:)`` reads it,
    /// with its errors) or as a string holding exactly an integer in decimal: an optional `-`
    /// and digits, nothing else. Anything else is an error at the value: `expected an integer
    /// or a string holding one, found "12a"` (or `… found a boolean`), and `"300" is out of the
    /// range of UInt8`.
    public mutating func readLenientInteger<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONError) -> T {
        skipWhitespace()
        let start = position
        if nextIs(UInt8(ascii: "\"")) {
            let text = try readString()
            switch DecimalInteger<T>(parsing: text) {
            case .value(let value):
                return value
            case .outOfRange:
                position = start
                throw fail("\"\(text)\" is out of the range of \(T.self)")
            case .notAnInteger:
                position = start
                throw fail("expected an integer or a string holding one, found \"\(text)\"")
            }
        }
        if position < byteCount, byte(at: position) == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte(at: position)) {
            return try readInteger(T.self)
        }
        throw fail("expected an integer or a string holding one, found \(describeNext())")
    }
}
