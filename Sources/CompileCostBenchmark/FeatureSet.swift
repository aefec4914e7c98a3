/// One set of features the benchmark generates for every model, and the hand-written
/// conformances it is compared with where Swift can synthesize the same thing.
struct FeatureSet: Sendable {
    /// How the report names it: `bare`, `Equality`, `defaults + Coding`, …
    var name: String
    /// The features of each type, written into the schema as `includes(…)`.
    var includes: [String]
    /// The default features left out, written into the schema as `excludes(…)`.
    var excludes: [String]
    /// The same types written by hand with the conformances the compiler synthesizes, or nil
    /// when nothing in Swift synthesizes what the features write (a description, a builder).
    var synthesized: SynthesizedConformances?
    /// Whether one attribute of the profile is `%skipEquality`, so that Equality writes `==`
    /// and `hash(into:)` out instead of leaving them to the compiler.
    var skipsEquality = false

    /// The defaults of a `.value` (Equality, Description, Sendable), all of them left out.
    static let defaults = ["Equality", "Description", "Sendable"]

    /// Only the listed features; the defaults not among them are excluded.
    static func only(_ features: [String], name: String, synthesized: SynthesizedConformances? = nil) -> FeatureSet {
        FeatureSet(
            name: name,
            includes: features.filter { !defaults.contains($0) },
            excludes: defaults.filter { !features.contains($0) },
            synthesized: synthesized
        )
    }

    /// The sets the benchmark measures, in the order it prints them. Each single feature is
    /// measured on top of the bare declarations, so its cost is its own; the last three are
    /// the combinations users write.
    static let all: [FeatureSet] = [
        only([], name: "bare", synthesized: .nothing),
        only(["Equality"], name: "Equality", synthesized: .hashable),
        FeatureSet(name: "Equality written out", includes: [], excludes: ["Description", "Sendable"], synthesized: .hashable, skipsEquality: true),
        only(["Description"], name: "Description"),
        only(["Sendable"], name: "Sendable", synthesized: .sendable),
        only(["Builder"], name: "Builder"),
        only(["With"], name: "With"),
        only(["Coding"], name: "Coding", synthesized: .codable),
        only(defaults, name: "defaults", synthesized: .hashableSendable),
        only(defaults + ["Coding"], name: "defaults + Coding", synthesized: .hashableCodableSendable),
        only(defaults + ["Builder", "With", "Coding"], name: "defaults + Builder + With + Coding"),
    ]
}

/// The conformances of a hand-written baseline, all synthesized by the compiler.
enum SynthesizedConformances: String, Sendable {
    case nothing = ""
    case hashable = "Hashable"
    case sendable = "Sendable"
    case codable = "Codable"
    case hashableSendable = "Hashable, Sendable"
    case hashableCodableSendable = "Hashable, Codable, Sendable"

    /// What the report calls the baseline.
    var label: String {
        self == .nothing ? "by hand, no conformances" : "by hand, synthesized \(rawValue)"
    }
}
