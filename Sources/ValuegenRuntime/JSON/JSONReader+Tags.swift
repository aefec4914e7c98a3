// What generated code needs to read ADTs tagged externally (`{"image": {…}}`, or `"open"` for a
// case without payload) and adjacently (`{"type": "image", "value": {…}}`, in either order).

extension JSONReader {
    /// Whether the next value is a string, white space skipped, without reading it: an
    /// externally tagged case without payload is its tag alone.
    @inlinable
    public mutating func nextValueIsString() -> Bool {
        skipWhitespace()
        return position < byteCount && byte(at: position) == UInt8(ascii: "\"")
    }

    /// Reads with `body` a member's value that was passed over and is read now, from a copy of
    /// the reader made at it (an adjacently tagged case's content before its tag): errors get
    /// the member's key in their path, as if they had been found where the member stands.
    public mutating func readPassedMember<Value>(_ key: String, _ body: (inout JSONReader) throws(JSONError) -> Value) throws(JSONError) -> Value {
        do {
            return try body(&self)
        } catch {
            throw error.inside(.key(key))
        }
    }
}
