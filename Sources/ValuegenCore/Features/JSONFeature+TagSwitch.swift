import ValuegenPluginSDK

// The `switch` over an ADT's tags in its JSON reader. Inlined (`"optimizeFor": "speed"`), it
// matches string literals; in the runtime (`"codeSize"`), it looks the tag up in a table of the
// tags made once (`JSONMemberNames`) and switches over its index, so that a reader of many
// cases is one call and a jump, not a chain of string comparisons for the optimizer to work
// through (an enumeration of 100 payment methods took 0.7 s of a release build alone).

extension CodePrinter {
    /// Prints the opening of the `switch` over `tags`, the known cases of `type` that the
    /// reader may find (`switch tag {`, or the table and `switch JSONTags.names.index(of: tag)
    /// ?? -1 {`), and returns the `case …:` label of each tag. `tag` is a `String`, which a tag
    /// matches as Swift compares strings, or, for an externally tagged member, a `JSONKey`,
    /// which it matches byte for byte; either way both shapes find the same case.
    mutating func openTagSwitch(over tag: String, tags: [String], of type: ModelType, matching: JSONMemberMatching) -> (String) -> String {
        guard case .inTheRuntime = matching, !tags.isEmpty else {
            // Inlined, or without tags (an unknown case's bare string, no case being plain):
            // nothing to look up, and no table.
            line("switch \(tag) {")
            return { "case \(SwiftLanguage.stringLiteral($0)):" }
        }
        var listed: [String] = []
        var indices: [String: Int] = [:]
        for candidate in tags where indices[candidate] == nil {
            indices[candidate] = listed.count
            listed.append(candidate)
        }
        // Not the name of a type the cases hold (which the local type would shadow), nor
        // the ADT's own.
        let held = type.cases.flatMap { adtCase in
            adtCase.attributes.flatMap { $0.type.uses.map(\.firstComponent) } + (adtCase.singleValueType?.uses.map(\.firstComponent) ?? [])
        }
        let table = Self.unique("JSONTags", avoiding: Set(held + [type.name]))
        nameTable(table, listed)
        line("switch \(table).names.index(of: \(tag)) ?? -1 {")
        return { "case \(indices[$0]!):" }
    }
}
