extension JSONReader {
    /// Reads an object as ``readObject(_:)`` does, calling `body` with the index in `names` of
    /// each member it names; other members are skipped. Not inlined: the code that reads the
    /// members and matches their names is the runtime's, compiled once, and a generated reader
    /// is a `switch` over integers (the `"optimizeFor": "codeSize"` shape).
    public mutating func readObject(_ names: JSONMemberNames, _ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        var matching = MemberMatching(names: names)
        try readObject { reader, key throws(JSONError) in try matching.read(key, at: &reader, body) }
    }

    /// ``readCaseMembers(_:)`` with the members matched as ``readObject(_:_:)-(JSONMemberNames,_)``
    /// matches them.
    public mutating func readCaseMembers(_ names: JSONMemberNames, _ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        var matching = MemberMatching(names: names)
        try readCaseMembers { reader, key throws(JSONError) in try matching.read(key, at: &reader, body) }
    }
}

/// The members of one object matched against a table: each key is tried first against the name
/// listed after the last one found.
private struct MemberMatching {
    let names: JSONMemberNames
    var expected = 0

    /// Hands the member's value to `body` with its index when the key names one of `names`.
    mutating func read(_ key: JSONKey, at reader: inout JSONReader, _ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        if let index = names.index(of: key, expecting: expected) {
            expected = index &+ 1
            try body(&reader, index)
        }
    }
}
