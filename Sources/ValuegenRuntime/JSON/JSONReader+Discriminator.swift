extension JSONReader {
    /// The string value of the member with the given name in the object at the reader's
    /// position, found without moving the reader (it reads a copy), or nil when the object
    /// has no such member. Generated ADT code reads `"type"` this way, wherever it stands in
    /// the object, and then reads the object again for the case's members.
    public func peekDiscriminator(_ name: StaticString) throws(JSONError) -> String? {
        var lookahead = self
        var found: String?
        try lookahead.readObject { reader, key throws(JSONError) in
            if key.matches(name) {
                found = try reader.readString()
            }
        }
        return found
    }
}
