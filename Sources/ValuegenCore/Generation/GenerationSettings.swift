import ValuegenPluginSDK

/// What applies to every file of a run: from `valuegen.json` and the command line.
public struct GenerationSettings: Sendable, Equatable {
    public var accessLevel: AccessLevel
    /// Features every type gets, beyond those its kind gets by default.
    public var defaultIncludes: [String]
    /// Features no type gets unless it includes them itself.
    public var defaultExcludes: [String]

    public init(accessLevel: AccessLevel = .public, defaultIncludes: [String] = [], defaultExcludes: [String] = []) {
        self.accessLevel = accessLevel
        self.defaultIncludes = defaultIncludes
        self.defaultExcludes = defaultExcludes
    }
}
