import ValuegenPluginSDK

/// One named type that an attribute's type mentions, and the role it plays there.
struct TypeUse: Sendable, Equatable {
    /// As written: `User`, `Set`, `Foundation.Locale`.
    var name: String
    var argumentCount: Int
    /// A `Set` element or a dictionary key: it must be `Hashable`.
    var needsHashable: Bool
    /// A protocol after `any`.
    var isConstraint: Bool
}

extension TypeReference {
    /// The named types the type mentions, outermost first. The module's checks read them from
    /// the resolved Swift spelling, which the schema parser reads back as it reads a schema.
    var uses: [TypeUse] {
        guard case .swift(let syntax, _)? = try? SchemaParser.parseType(swift, at: SourceLocation(line: 0, column: 0)) else {
            return []
        }
        var uses: [TypeUse] = []
        syntax.collectUses(into: &uses, needsHashable: false)
        return uses
    }
}

private extension SwiftTypeSyntax {
    func collectUses(into uses: inout [TypeUse], needsHashable: Bool) {
        switch self {
        case .named(let name, let arguments):
            uses.append(TypeUse(name: name, argumentCount: arguments.count, needsHashable: needsHashable, isConstraint: false))
            let hashedArgument = name == "Set" || name == "Dictionary" ? 0 : -1
            for (index, argument) in arguments.enumerated() {
                argument.collectUses(into: &uses, needsHashable: index == hashedArgument)
            }
        case .optional(let wrapped):
            wrapped.collectUses(into: &uses, needsHashable: needsHashable)
        case .array(let element):
            element.collectUses(into: &uses, needsHashable: false)
        case .dictionary(let key, let value):
            key.collectUses(into: &uses, needsHashable: true)
            value.collectUses(into: &uses, needsHashable: false)
        case .existential(let constraint):
            if case .named(let names, let arguments) = constraint, arguments.isEmpty {
                for name in names.split(separator: "&") {
                    uses.append(TypeUse(name: String(name).trimmingSpaces, argumentCount: 0, needsHashable: false, isConstraint: true))
                }
            } else {
                constraint.collectUses(into: &uses, needsHashable: false)
            }
        }
    }
}

extension SwiftTypeSyntax {
    /// The type written as Swift writes it: `[String: Set<UUID>]?`.
    var spelling: String {
        switch self {
        case .named(let name, let arguments):
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.spelling).joined(separator: ", "))>"
        case .optional(let wrapped):
            if case .existential = wrapped { return "(\(wrapped.spelling))?" }
            return "\(wrapped.spelling)?"
        case .array(let element):
            return "[\(element.spelling)]"
        case .dictionary(let key, let value):
            return "[\(key.spelling): \(value.spelling)]"
        case .existential(let constraint):
            return "any \(constraint.spelling)"
        }
    }
}
