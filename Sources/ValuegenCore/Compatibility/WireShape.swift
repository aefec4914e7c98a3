import ValuegenPluginSDK

/// What `valuegen compat` knows of how an attribute's type is written: its Binary wire type
/// (docs/BinaryFormat.md, "Payloads of the standard types") and what a change of type does to
/// the numbers it holds.
enum WireShape {
    enum WireType: String {
        case varint
        case fixed64
        case lengthDelimited = "length-delimited"
        case fixed32
    }

    /// The wire types a field of the type is read from, when the type is one valuegen knows:
    /// a standard type (numbers take two, docs/BinaryFormat.md "Numbers in fields"), a
    /// collection, or a schema type of the module (`messageTypes` are written as messages,
    /// `enumerationTypes` as varints). Nil for a type declared elsewhere, which conforms itself.
    static func wireTypes(of type: TypeReference, enumerationTypes: Set<String>, messageTypes: Set<String>) -> [WireType]? {
        let spelling = type.wrapped
        if spelling.hasPrefix("[") || spelling.hasPrefix("Set<") || spelling.hasSuffix("?") {
            return [.lengthDelimited]
        }
        if integerRank(spelling) != nil {
            return [.varint, .fixed64]
        }
        switch spelling {
        case "Bool": return [.varint]
        case "Double", "CGFloat", "Date", "TimeInterval": return [.fixed64, .varint]
        case "Float": return [.fixed32]
        case "String", "Data", "URL", "UUID": return [.lengthDelimited]
        default: break
        }
        if enumerationTypes.contains(spelling) { return [.varint] }
        if messageTypes.contains(spelling) { return [.lengthDelimited] }
        return nil
    }

    /// When the change is integer types becoming other integer types in the same places
    /// (`[Int32]` → `[Int64]`, `Int?` → `UInt?`): whether every value of the old types fits
    /// the new ones, every value of the new ones the old, and whether one changed its
    /// signedness (Binary writes signed integers as zigzag varints, unsigned ones plain). Nil
    /// for any other change.
    static func integerChange(from old: String, to new: String) -> (oldFitsNew: Bool, newFitsOld: Bool, signednessChanged: Bool)? {
        guard let changes = changedWords(from: old, to: new) else { return nil }
        var result = (oldFitsNew: true, newFitsOld: true, signednessChanged: false)
        for (before, after) in changes {
            guard let from = integerRank(before), let to = integerRank(after) else { return nil }
            result.oldFitsNew = result.oldFitsNew && fits(from, in: to)
            result.newFitsOld = result.newFitsOld && fits(to, in: from)
            result.signednessChanged = result.signednessChanged || from.signed != to.signed
        }
        return result
    }

    /// Whether every value of the one integer type is a value of the other.
    private static func fits(_ type: (signed: Bool, bits: Int), in other: (signed: Bool, bits: Int)) -> Bool {
        switch (type.signed, other.signed) {
        case (true, false): return false
        case (false, true): return type.bits < other.bits
        default: return type.bits <= other.bits
        }
    }

    /// When the change is `Double` (or `CGFloat`, `TimeInterval`) becoming `Float` in the same
    /// places, true; `Float` becoming one of them, false; nil for any other change.
    static func floatingPointChange(from old: String, to new: String) -> Bool? {
        let doubles: Set<String> = ["Double", "CGFloat", "TimeInterval"]
        guard let changes = changedWords(from: old, to: new) else { return nil }
        if changes.allSatisfy({ doubles.contains($0.before) && $0.after == "Float" }) { return true }
        if changes.allSatisfy({ $0.before == "Float" && doubles.contains($0.after) }) { return false }
        return nil
    }

    /// Whether the spellings have the same shape and every name that differs is a pair
    /// `isChange` accepts (old name, new name).
    static func onlyChanges(from old: String, to new: String, where isChange: (String, String) -> Bool) -> Bool {
        guard let changes = changedWords(from: old, to: new) else { return false }
        return changes.allSatisfy { isChange($0.before, $0.after) }
    }

    /// Whether the change is integers becoming `Double` in the same places (`Int32?` → `Double?`,
    /// `[Int]` → `[Double]`), and if so whether every old value is a `Double` exactly (integers
    /// of at most 32 bits) — JSON's numbers read either way. Nil for any other change.
    static func integerToDouble(from old: String, to new: String) -> Bool? {
        guard let changes = changedWords(from: old, to: new) else { return nil }
        var exact = true
        for (before, after) in changes {
            guard let rank = integerRank(before), after == "Double" else { return nil }
            exact = exact && rank.bits <= 32
        }
        return exact
    }

    /// The names that differ between two spellings of the same shape (`[Int32]?` and
    /// `[Int64]?` give `Int32`, `Int64`); nil when the spellings are equal or of other shapes.
    private static func changedWords(from old: String, to new: String) -> [(before: String, after: String)]? {
        let oldParts = words(of: old)
        let newParts = words(of: new)
        guard oldParts.count == newParts.count, old != new else { return nil }
        return zip(oldParts, newParts).filter { $0 != $1 }.map { (before: $0, after: $1) }
    }

    /// `Int32` is signed and 32 bits; nil for what is not an integer type.
    private static func integerRank(_ name: String) -> (signed: Bool, bits: Int)? {
        switch name {
        case "Int8": return (true, 8)
        case "Int16": return (true, 16)
        case "Int32": return (true, 32)
        case "Int64", "Int": return (true, 64)
        case "UInt8": return (false, 8)
        case "UInt16": return (false, 16)
        case "UInt32": return (false, 32)
        case "UInt64", "UInt": return (false, 64)
        default: return nil
        }
    }

    /// The spelling cut into names and the punctuation between them.
    static func words(of spelling: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in spelling {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else {
                if !current.isEmpty { parts.append(current) }
                current = ""
                parts.append(String(character))
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}
