/// The categories `valuegen compat` sorts a change into (docs/Compatibility.md). A change may
/// belong to several: inserting an attribute without numbers renumbers Binary fields and is
/// absorbed by Persistence's self-describing files.
public enum CompatibilityKind: String, CaseIterable, Sendable, Codable, Comparable {
    /// Data written by `binaryData()` no longer reads right across the change: fields
    /// renumbered without pins, a number reused, a wire type changed.
    case binaryWire = "binary-wire"
    /// JSON (`jsonData()`, `Codable`) no longer reads right across the change: a key renamed
    /// without a legacy key, a required attribute added without a default, a type, a tag or a
    /// representation changed, a key style changed.
    case jsonWire = "json-wire"
    /// Files saved with Persistence no longer read right across the change, in the formats
    /// the finding names: an attribute or a case renamed, a type Persistence refuses, a nil
    /// that would read as a default.
    case persistence
    /// Swift code compiled against the old types no longer compiles: an attribute or a case
    /// removed or renamed, a type changed, the memberwise initializer's parameters reordered.
    case swiftSource = "swift-source"
    /// Data reads right while its values fit the new type, and a value that does not is a
    /// clear error naming the attribute (an integer narrowed or made unsigned, an optional
    /// made required). Not breaking, but printed as a warning: only the data can tell.
    case valueRange = "value-range"
    /// Files saved with Persistence before the change read right after it, because they carry
    /// the writer's layout.
    case persistenceSafe = "persistence-safe"
    /// Nothing that worked stops working.
    case additive

    /// Whether the category fails the check unless `--allow` accepts it.
    public var isBreaking: Bool {
        switch self {
        case .binaryWire, .jsonWire, .persistence, .swiftSource: return true
        case .valueRange, .persistenceSafe, .additive: return false
        }
    }

    /// The categories about data, which an attribute that is not coded (`%transient`) has none of.
    static let dataKinds: Set<CompatibilityKind> = [.binaryWire, .jsonWire, .persistence, .valueRange, .persistenceSafe]

    /// The formats a finding of the category concerns when its rule names none.
    var defaultFormats: [CodingFormat] {
        switch self {
        case .binaryWire: return [.binary]
        case .jsonWire: return [.json]
        case .persistence, .persistenceSafe: return CodingFormat.persistence
        case .valueRange: return CodingFormat.allCases
        case .swiftSource, .additive: return []
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

/// A way generated code writes a model and reads it back; a finding says which it concerns.
/// The raw values are the names `--format json` prints.
public enum CodingFormat: String, CaseIterable, Sendable, Codable, Comparable {
    /// `binaryData()` / `init(binaryData:)`: plain Binary, read by field number.
    case binary
    /// `save(to:format: .binary)`: a self-describing Binary file, read by name.
    case persistenceBinary = "persistence-binary"
    /// `save(to:format: .json)`: the JSON feature's coding, read by key.
    case persistenceJSON = "persistence-json"
    /// `save(to:format: .propertyList)`: `Codable` (the Coding feature), read by key.
    case persistencePropertyList = "persistence-plist"
    /// `jsonData()` / `init(jsonData:)`, and `Codable` with `JSONDecoder`.
    case json

    static let persistence: [CodingFormat] = [.persistenceBinary, .persistenceJSON, .persistencePropertyList]
    /// The formats that read by key or name, not by field number.
    static let byName: [CodingFormat] = [.persistenceBinary, .persistenceJSON, .persistencePropertyList, .json]
    /// The formats that read JSON's (or a property list's) keys, tags and numbers.
    static let keyed: [CodingFormat] = [.persistenceJSON, .persistencePropertyList, .json]

    public static func < (lhs: CodingFormat, rhs: CodingFormat) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// `Persistence binary, JSON and property list files, and JSON` for messages.
    static func spelled(_ formats: [CodingFormat]) -> String {
        let persistence = formats.filter { CodingFormat.persistence.contains($0) }
        var parts: [String] = []
        if formats.contains(.binary) { parts.append("binaryData()") }
        if persistence.count == 3 {
            parts.append("Persistence files")
        } else if !persistence.isEmpty {
            let names = persistence.map { format -> String in
                switch format {
                case .persistenceBinary: return "binary"
                case .persistenceJSON: return "JSON"
                default: return "property list"
                }
            }
            parts.append("Persistence " + list(names) + " files")
        }
        if formats.contains(.json) { parts.append("JSON") }
        return list(parts)
    }

    private static func list(_ parts: [String]) -> String {
        parts.count <= 1 ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }
}

/// Which readers a finding is about: buf's question of whether new code reads old data
/// (backward compatibility) and whether old code reads new data (forward).
public enum ReadingDirection: String, CaseIterable, Sendable, Codable {
    /// New code reading data written before the change (an app reading the files it saved).
    case oldData = "old-data"
    /// Old code reading data written after it (an app version in the field reading a newer
    /// server's JSON, a downgrade reading files saved by the upgrade).
    case newData = "new-data"
    case both

    /// The readers for whom some values do not fit: nil when every old value fits the new
    /// type and every new one the old.
    init?(oldFits: Bool, newFits: Bool) {
        switch (oldFits, newFits) {
        case (true, true): return nil
        case (false, true): self = .oldData
        case (true, false): self = .newData
        case (false, false): self = .both
        }
    }

    /// Whether findings of this direction concern readers of `other`.
    func covers(_ other: ReadingDirection) -> Bool {
        self == .both || other == .both || self == other
    }
}
