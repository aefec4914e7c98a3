/// What a target's generated code is made for, from valuegen.json's `optimizeFor`: the run
/// time of its coders (``speed``, the default) or the size of its code and the time the
/// compiler takes over it (``codeSize``), as protobuf's `optimize_for` chooses.
///
/// A feature that has only one way to write its code ignores it. Built-in JSON, given
/// ``codeSize``, matches member names in the runtime rather than in a `switch` it writes for
/// each type: a release build of a large imported API takes about a third of the time, and
/// decoding about a fifth more (docs/Performance.md).
///
/// A value the feature does not know (a later version's) is to be read as ``speed``.
public struct OptimizationGoal: RawRepresentable, Codable, Sendable, Equatable, Hashable {
    /// The spelling in valuegen.json's `optimizeFor` and in the request's `optimizeFor`.
    public var rawValue: String

    /// The goal spelled `rawValue`, known to this SDK or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The fastest coders: the default.
    public static let speed = OptimizationGoal(rawValue: "speed")
    /// The least code for the compiler, at some cost in run time.
    public static let codeSize = OptimizationGoal(rawValue: "codeSize")

    /// The goals valuegen.json accepts.
    public static let known: [OptimizationGoal] = [.speed, .codeSize]
}
