extension JSONReader {
    /// Reads an object as ``readObject(_:)`` does, calling `body` with the index in `names` of
    /// each member it names; other members are skipped. Not inlined: the code that reads the
    /// members and matches their names is the runtime's, compiled once, and a generated reader
    /// is a `switch` over integers (the `"optimizeFor": "codeSize"` shape).
    public mutating func readObject(_ names: JSONMemberNames, _ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        var expected = 0
        try readObject { reader, key throws(JSONError) in
            if let index = names.index(of: key, expecting: expected) {
                expected = index &+ 1
                try body(&reader, index)
            }
        }
    }

    /// ``readCaseMembers(_:)`` with the members matched as ``readObject(_:_:)-(JSONMemberNames,_)``
    /// matches them.
    public mutating func readCaseMembers(_ names: JSONMemberNames, _ body: (inout JSONReader, Int) throws(JSONError) -> Void) throws(JSONError) {
        var expected = 0
        try readCaseMembers { reader, key throws(JSONError) in
            if let index = names.index(of: key, expecting: expected) {
                expected = index &+ 1
                try body(&reader, index)
            }
        }
    }
}
