import ValuegenPluginSDK

/// A rule an attribute's value must keep (docs/Language.md, "Invariants"): what `%range`,
/// `%length`, `%nonEmpty` and `%pattern` mean once `ModelResolver+Invariants.swift` has
/// checked them. Features read the rules from the attribute's annotations through
/// ``Attribute/invariants``; a plugin may read the same annotations itself.
enum Invariant: Equatable, Sendable {
    /// `%range min= max=`: the bounds as written (Swift number literals), either optional.
    case range(min: String?, max: String?)
    /// `%length min= max=`: bounds on a string's `count` (Characters) or a collection's.
    case length(min: Int?, max: Int?)
    /// `%nonEmpty`: a string or collection with at least one element.
    case nonEmpty
    /// `%pattern regex=`: the whole string matches this ICU regular expression.
    case pattern(String)

    /// The attribute annotations that declare a rule.
    static let attributeAnnotations: Set<String> = ["range", "length", "nonEmpty", "pattern"]

    /// The rule an annotation declares; nil for any other annotation. Assumes the resolver
    /// accepted it (a malformed one is an error, and nothing is generated).
    init?(_ annotation: Annotation) {
        switch annotation.name {
        case "range":
            self = .range(min: annotation["min"], max: annotation["max"])
        case "length":
            self = .length(min: annotation["min"].flatMap { Int($0) }, max: annotation["max"].flatMap { Int($0) })
        case "nonEmpty":
            self = .nonEmpty
        case "pattern":
            guard let regex = annotation["regex"] else { return nil }
            self = .pattern(regex)
        default:
            return nil
        }
    }
}

extension Attribute {
    /// The rules the attribute's annotations declare, in the order written.
    var invariants: [Invariant] {
        annotations.compactMap(Invariant.init)
    }
}

extension ModelType {
    /// The static function `%check with=` names: `static func name(_ value: Self) throws`.
    var checkFunction: String? {
        annotation("check")?["with"]
    }

    /// Whether the type declares a rule: `%check`, or a rule on one of its attributes.
    var hasInvariants: Bool {
        checkFunction != nil || attributes.contains { !$0.invariants.isEmpty }
    }
}
