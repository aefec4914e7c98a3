import ValuegenPluginSDK

/// What applies to every file of a run: from `valuegen.json` and the command line.
public struct GenerationSettings: Sendable, Equatable {
    public var accessLevel: AccessLevel
    /// How coding keys are spelled where a type's `%codingKeys` and an attribute's `%codingKey`
    /// do not say; nil for the attribute's name as written.
    public var codingKeyStyle: CodingKeyStyle?
    /// How ADTs' case tags are spelled where a type's `%caseKeys` and a subtype's `%caseKey` do
    /// not say; nil for the case's name.
    public var caseKeyStyle: CodingKeyStyle?
    /// How types are coded where their `%coding` annotations do not say (valuegen.json's `coding`).
    public var coding: CodingDefaults
    /// Features every type gets, beyond those its kind gets by default.
    public var defaultIncludes: [String]
    /// Features no type gets unless it includes them itself.
    public var defaultExcludes: [String]
    /// The modules the target can import besides the toolchain's and Apple's SDKs' (its own and
    /// its dependencies'), when the build plugin says: then a module `%import` names that none
    /// of them is is an error. Nil when not known, as from the command line.
    public var importableModules: Set<String>?
    /// valuegen.json's `adoptPluralAcronymKeys`: a key the plural-acronym rule changed is not
    /// warned about (a project that never had the old keys).
    public var adoptsPluralAcronymKeys = false
    /// valuegen.json's `optimizeFor`, handed to every feature in its request; nil for speed.
    public var optimizeFor: OptimizationGoal?

    public init(accessLevel: AccessLevel = .public, defaultIncludes: [String] = [], defaultExcludes: [String] = [], codingKeyStyle: CodingKeyStyle? = nil, caseKeyStyle: CodingKeyStyle? = nil, coding: CodingDefaults = CodingDefaults()) {
        self.accessLevel = accessLevel
        self.codingKeyStyle = codingKeyStyle
        self.caseKeyStyle = caseKeyStyle
        self.coding = coding
        self.defaultIncludes = defaultIncludes
        self.defaultExcludes = defaultExcludes
    }
}
