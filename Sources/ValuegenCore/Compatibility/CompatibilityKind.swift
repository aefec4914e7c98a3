/// The categories `valuegen compat` sorts a change into (docs/Compatibility.md). A change may
/// belong to several: inserting an attribute without numbers renumbers Binary fields and is
/// absorbed by Persistence's self-describing files.
public enum CompatibilityKind: String, CaseIterable, Sendable, Codable, Comparable {
    /// Data written by `binaryData()` before the change no longer reads right: fields
    /// renumbered without pins, a number reused, a wire type changed.
    case binaryWire = "binary-wire"
    /// JSON written before the change no longer reads right: a key renamed without a legacy
    /// key, a required attribute added without a default, a type, a tag or a representation
    /// changed, a key style changed.
    case jsonWire = "json-wire"
    /// Swift code compiled against the old types no longer compiles: an attribute or a case
    /// removed or renamed, a type changed, the memberwise initializer's parameters reordered.
    case swiftSource = "swift-source"
    /// Files saved with Persistence before the change read right after it, because they carry
    /// the writer's layout.
    case persistenceSafe = "persistence-safe"
    /// Nothing that worked stops working.
    case additive

    /// Whether the category fails the check unless `--allow` accepts it.
    public var isBreaking: Bool {
        switch self {
        case .binaryWire, .jsonWire, .swiftSource: return true
        case .persistenceSafe, .additive: return false
        }
    }

    public static func < (lhs: CompatibilityKind, rhs: CompatibilityKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `; did you mean 'json-wire'?`, or the list of categories.
    static func suggestion(for text: String) -> String {
        Suggestion.hint(for: text, among: allCases.map(\.rawValue), otherwise: "; the categories are \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
}
