import ValuegenPluginSDK

/// One consequence of one change between two versions of a module's schemas, at the new
/// schema's line (a removal at the line of the type or case that lost something, with the old
/// place in `oldPlace`).
public struct CompatibilityFinding: Sendable, Equatable {
    public var kind: CompatibilityKind
    public var change: SchemaChange
    /// The readers it concerns: new code reading data written before, old code reading data
    /// written after, or both; nil for Swift source and additive findings.
    public var direction: ReadingDirection?
    /// The formats where it happens (empty for Swift source and additive findings).
    public var formats: [CodingFormat]
    /// The new schema file; for a removed type, the file that declared it.
    public var path: String
    public var location: SourceLocation?
    /// The type, with the case for a payload's attribute: `Shape.circle`.
    public var owner: String
    /// The attribute or case; nil for the type itself.
    public var member: String?
    /// What changed and what it does, without the category.
    public var message: String
    /// Where the removed or changed declaration was: `HEAD~1:Models/User.value:4:3`.
    public var oldPlace: String?
    /// The pin that keeps a renumbered field where it was.
    public var pin: BinaryPin?

    /// `path:line:column: severity: [category] message`, the form editors attach to a line.
    public func description(allowed: Set<CompatibilityKind>, direction: ReadingDirection = .both) -> String {
        Diagnostic(severity(allowed: allowed, direction: direction), "[\(kind.rawValue)] \(message)", path: path, at: location).description
    }

    /// An error for a breaking category not allowed about the readers of `direction`, a
    /// warning for an allowed one, one about other readers, and a value range, a note
    /// otherwise.
    public func severity(allowed: Set<CompatibilityKind>, direction: ReadingDirection = .both) -> DiagnosticSeverity {
        guard kind.isBreaking else { return kind == .valueRange ? .warning : .note }
        let concerned = self.direction?.covers(direction) ?? true
        return allowed.contains(kind) || !concerned ? .warning : .error
    }

    /// Whether it concerns readers of `direction` in `format`.
    public func concerns(_ format: CodingFormat, reading direction: ReadingDirection) -> Bool {
        formats.contains(format) && (self.direction?.covers(direction) ?? false)
    }
}

/// A `%binaryField number=N` line that keeps an attribute's Binary field number as it was (or
/// moves a new attribute off a number the old schema used).
public struct BinaryPin: Sendable, Equatable, Hashable {
    public var path: String
    public var typeName: String
    /// The ADT case (its subtype's name as written) whose payload holds the attribute.
    public var subtypeName: String?
    public var attributeName: String
    public var number: Int
    /// Where the attribute is written: the pin goes on the line before.
    public var location: SourceLocation
    /// The value of the attribute's own `%binaryField number=`, which the pin replaces.
    public var existingValue: SourceLocation?

    /// The line to write before the attribute.
    public var line: String {
        "%binaryField number=\(number)"
    }
}
