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
    /// Every annotation of invariants: the attributes' rules and the type's `%check`.
    static let annotationNames = attributeAnnotations.sorted() + ["check"]

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

    /// Whether the type declares a rule: `%check`, or a rule on one of its attributes or, in an
    /// ADT, of its cases' payloads.
    var hasInvariants: Bool {
        checkFunction != nil || (attributes + cases.flatMap(\.attributes)).contains { !$0.invariants.isEmpty }
    }

    /// An ADT's cases with a rule on a payload attribute: those `validate()` switches to.
    var casesWithRules: [ADTCase] {
        cases.filter { $0.attributes.contains { !$0.invariants.isEmpty } }
    }

    /// The `private static let` holding each `%pattern`'s compiled expression, in the order of
    /// the attributes: `emailPattern` for attribute `email`, `circleLabelPattern` for `label` of
    /// case `circle`, a number after a name already taken. An ADT's cases may not take these
    /// names (static members, as cases are: `GeneratedMembers`).
    var patternProperties: [PatternProperty] {
        var properties: [PatternProperty] = []
        var taken: Set<String> = []
        let scopes: [(ADTCase?, [Attribute])] = kind == .adtValue ? cases.map { ($0, $0.attributes) } : [(nil, attributes)]
        for (adtCase, attributes) in scopes {
            for attribute in attributes {
                for case .pattern(let regex) in attribute.invariants {
                    let base = (adtCase.map { $0.name + SwiftLanguage.upperFirst(attribute.name) } ?? attribute.name) + "Pattern"
                    var name = base
                    var number = 2
                    while !taken.insert(name).inserted {
                        name = "\(base)\(number)"
                        number += 1
                    }
                    properties.append(PatternProperty(name: name, regex: regex, caseName: adtCase?.name, attributeName: attribute.name))
                }
            }
        }
        return properties
    }
}

/// A `%pattern`'s expression, compiled once into a static property of the type.
struct PatternProperty: Equatable {
    /// The property's name, e.g. `emailPattern`.
    var name: String
    /// The expression as written in the schema.
    var regex: String
    /// The ADT case whose payload the attribute is; nil in a value or an object.
    var caseName: String?
    var attributeName: String
}
