import ValuegenPluginSDK

/// A schema's syntax tree as text without its source locations: two files with the same
/// fingerprint declare the same thing, however they are laid out. The formatter compares the
/// fingerprints of a file before and after, and refuses a layout that would change one.
///
/// It walks the tree by reflection so that a field the parser gains later is compared too.
enum SyntaxFingerprint {
    /// `replacing` may describe a node its own way (the Swift-style conversion describes an
    /// attribute by its resolved type); nil leaves the node to the generic walk.
    static func of(_ syntax: SchemaSyntax, replacing: (Any) -> String? = { _ in nil }) -> String {
        var text = ""
        write(syntax, into: &text, replacing: replacing)
        return text
    }

    static func write(_ value: Any, into text: inout String, replacing: (Any) -> String?) {
        // `SourceLocation?` too (an annotation argument's); compared by type, because any nil
        // casts to every optional type.
        if value is SourceLocation || type(of: value) == Optional<SourceLocation>.self {
            return
        }
        if let description = replacing(value) {
            text += description
            return
        }
        let mirror = Mirror(reflecting: value)
        guard !mirror.children.isEmpty else {
            text += String(reflecting: value)
            return
        }
        text += "\(mirror.subjectType)("
        for child in mirror.children {
            text += (child.label ?? "") + ":"
            write(child.value, into: &text, replacing: replacing)
            text += ","
        }
        text += ")"
    }
}
