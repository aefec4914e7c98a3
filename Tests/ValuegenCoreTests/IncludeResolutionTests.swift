import Testing
import ValuegenPluginSDK
import ValuegenCore

@Suite("Which features a type includes")
struct IncludeResolutionTests {
    private func includes(
        _ path: String,
        _ text: String,
        settings: GenerationSettings = GenerationSettings()
    ) -> [String] {
        let (request, diagnostics) = resolve(path, text, settings: settings)
        #expect(diagnostics.isEmpty)
        return request.types.first?.includes ?? []
    }

    // MARK: - Defaults of each kind

    @Test func aValueGetsValueEqualitySendableAndDescription() {
        #expect(includes("Models/User.value", "User {\n  a: Int\n}\n") == ["Value", "Equality", "Sendable", "Description"])
    }

    @Test func anADTGetsADTEqualitySendableAndDescription() {
        #expect(includes("Models/Status.adtValue", "Status {\n  Sent\n}\n") == ["ADT", "Equality", "Sendable", "Description"])
    }

    @Test func anObjectGetsObjectObservationAndDescription() {
        #expect(includes("Models/Settings.object", "Settings {\n  a: Int\n}\n") == ["Object", "Observation", "Description"])
    }

    // MARK: - A type's own includes and excludes

    @Test func listsIncludesInOutputOrderWhateverTheOrderWritten() {
        #expect(includes("Models/User.value", "User includes(Coding, With, Builder) {\n  a: Int\n}\n")
            == ["Value", "Equality", "Sendable", "Description", "With", "Builder", "Coding"])
    }

    @Test func anIncludeWrittenTwiceIsListedOnce() {
        #expect(includes("Models/User.value", "User includes(With, With) includes(RMBuilder, Builder) {\n  a: Int\n}\n")
            == ["Value", "Equality", "Sendable", "Description", "With", "Builder"])
    }

    @Test func excludesRemoveDefaults() {
        #expect(includes("Models/User.value", "User excludes(Description, Equality) {\n  a: Int\n}\n") == ["Value", "Sendable"])
        #expect(includes("Models/Settings.object", "Settings excludes(Observation) {\n  a: Int\n}\n") == ["Object", "Description"])
    }

    @Test func anExcludeWinsOverAnIncludeOfTheSameType() {
        #expect(includes("Models/User.value", "User excludes(With) includes(With) {\n  a: Int\n}\n")
            == ["Value", "Equality", "Sendable", "Description"])
    }

    @Test func eachTypeOfAFileHasItsOwnIncludes() {
        let (request, _) = resolve("Models/User.value", "User includes(With) {\n  a: Int\n}\nAddress excludes(Description) {\n  b: Int\n}\n")
        #expect(request.types.map(\.includes) == [
            ["Value", "Equality", "Sendable", "Description", "With"],
            ["Value", "Equality", "Sendable"],
        ])
    }

    // MARK: - Configuration

    @Test func defaultIncludesAddFeaturesToEveryType() {
        let settings = GenerationSettings(defaultIncludes: ["Builder", "RMCoding"])
        #expect(includes("Models/User.value", "User {\n  a: Int\n}\n", settings: settings)
            == ["Value", "Equality", "Sendable", "Description", "Builder", "Coding"])
    }

    @Test func defaultIncludesSkipKindsTheFeatureIsNotAvailableFor() {
        let settings = GenerationSettings(defaultIncludes: ["With", "Builder", "Coding"])
        #expect(includes("Models/Status.adtValue", "Status {\n  Sent\n}\n", settings: settings)
            == ["ADT", "Equality", "Sendable", "Description", "Coding"])
    }

    @Test func defaultExcludesRemoveFeaturesFromEveryType() {
        let settings = GenerationSettings(defaultExcludes: ["Description", "Sendable"])
        #expect(includes("Models/User.value", "User {\n  a: Int\n}\n", settings: settings) == ["Value", "Equality"])
        #expect(includes("Models/Settings.object", "Settings {\n  a: Int\n}\n", settings: settings) == ["Object", "Observation"])
    }

    @Test func defaultExcludesWinOverDefaultIncludes() {
        let settings = GenerationSettings(defaultIncludes: ["With"], defaultExcludes: ["With"])
        #expect(includes("Models/User.value", "User {\n  a: Int\n}\n", settings: settings)
            == ["Value", "Equality", "Sendable", "Description"])
    }

    @Test func aTypesIncludeWinsOverDefaultExcludes() {
        let settings = GenerationSettings(defaultExcludes: ["Description"])
        #expect(includes("Models/User.value", "User includes(RMDescription) {\n  a: Int\n}\n", settings: settings)
            == ["Value", "Equality", "Sendable", "Description"])
    }

    @Test func aTypesExcludeWinsOverDefaultIncludes() {
        let settings = GenerationSettings(defaultIncludes: ["Builder"])
        #expect(includes("Models/User.value", "User excludes(RMBuilder) {\n  a: Int\n}\n", settings: settings)
            == ["Value", "Equality", "Sendable", "Description"])
    }

    // MARK: - Unknown includes

    @Test func aSwiftProtocolNameSuggestsTheFeatureThatConformsToIt() {
        let expected = [
            "Codable": "Coding", "Decodable": "Coding", "Encodable": "Coding",
            "Equatable": "Equality", "Hashable": "Equality",
            "CustomStringConvertible": "Description", "Observable": "Observation", "hashable": "Equality",
        ]
        for (name, feature) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(diagnostics("Models/User.value", "User includes(\(name)) {\n  a: Int\n}\n") == [
                "Models/User.value:1:15: error: unknown include '\(name)'; did you mean '\(feature)'?",
            ])
        }
    }

    @Test func aSwiftProtocolNameInTheConfigurationSuggestsTheFeature() throws {
        let configuration = try Configuration.parse(Array(#"{"defaultIncludes": ["Hashable"]}"#.utf8), path: "Models/valuegen.json")
        let failure = #expect(throws: Configuration.Failure.self) {
            try configuration.validate(against: .builtIn, path: "Models/valuegen.json")
        }
        #expect(failure?.description == "Models/valuegen.json: error: 'defaultIncludes' names unknown include 'Hashable'; did you mean 'Equality'?")
    }

    // MARK: - Remodel's include names

    /// Every include name of Remodel's built-in plugins with a meaning in Swift, and the feature
    /// it selects.
    @Test func remodelNamesWithASwiftMeaningSelectTheirFeature() {
        #expect(includes("Models/User.value", "User includes(RMBuilder, RMCoding) excludes(RMEquality, RMDescription) {\n  a: Int\n}\n")
            == ["Value", "Sendable", "Builder", "Coding"])
        for name in ["VoidMatching", "BoolMatching", "IntegerMatching", "DoubleMatching", "GenericMatching", "TemplatedMatching", "FunctionMatching"] {
            #expect(includes("Models/Status.adtValue", "Status includes(\(name)) {\n  Sent\n}\n")
                == ["ADT", "Equality", "Sendable", "Description", "Matching"], "\(name)")
        }
    }

    /// Remodel's idiom for another matcher than the configured one: the exclude names the
    /// same feature as the include, under another name, and the include wins.
    @Test func excludingOneMatchingNameWhileIncludingAnotherKeepsMatching() {
        #expect(includes("Models/Status.adtValue", "Status includes(GenericMatching) excludes(VoidMatching) {\n  Sent\n}\n")
            == ["ADT", "Equality", "Sendable", "Description", "Matching"])
        #expect(includes("Models/Status.adtValue", "Status excludes(VoidMatching) {\n  Sent\n}\n")
            == ["ADT", "Equality", "Sendable", "Description"])
        #expect(includes("Models/Status.adtValue", "Status includes(Matching) excludes(Matching) {\n  Sent\n}\n")
            == ["ADT", "Equality", "Sendable", "Description"])
    }

    /// The include names of Remodel's built-in plugins, and the flags they read, that only
    /// shape Objective-C or C++ output (docs/Language.md gives each one's reason).
    static let objectiveCOnlyRemodelNames = [
        "AlgebraicTypeInitialization", "CaseMatching", "NSSecureCoding", "RenderCPlusPlusFile",
        "RMAssertNullability", "RMAssumeNonnull", "RMCodingTypeSafety", "RMCopying",
        "RMCopyingTypeSafety", "RMDescriptionAttributeError", "RMFetchStatus", "RMImmutableIvars",
        "RMImmutableProperties", "RMInitNewUnavailable", "RMSubclassingRestricted",
        "RMValueObjectSemantics", "SkipImportsInImplementation", "UseForwardDeclarations",
    ]

    @Test func remodelNamesWithoutASwiftMeaningAreAcceptedAndIgnoredInEveryKind() {
        #expect(FeatureRegistry.ignoredRemodelNames == Set(Self.objectiveCOnlyRemodelNames))
        let names = Self.objectiveCOnlyRemodelNames.joined(separator: ", ")
        #expect(includes("Models/User.value", "User includes(\(names)) excludes(\(names)) {\n  a: Int\n}\n")
            == ["Value", "Equality", "Sendable", "Description"])
        #expect(includes("Models/Status.adtValue", "Status includes(\(names)) excludes(\(names)) {\n  Sent\n}\n")
            == ["ADT", "Equality", "Sendable", "Description"])
        #expect(includes("Models/Settings.object", "Settings includes(\(names)) excludes(\(names)) {\n  a: Int\n}\n")
            == ["Object", "Observation", "Description"])
    }

    @Test func remodelNamesWithoutASwiftMeaningAreAcceptedInTheConfiguration() throws {
        let configuration = try Configuration.parse(Array(#"{"defaultIncludes": ["RMCopying", "UseForwardDeclarations"], "defaultExcludes": ["RenderCPlusPlusFile"]}"#.utf8), path: "Models/valuegen.json")
        try configuration.validate(against: .builtIn, path: "Models/valuegen.json")
    }

    /// Names earlier versions of Valuegen ignored that no Remodel release has.
    @Test func namesRemodelDoesNotHaveAreUnknown() {
        #expect(diagnostics("Models/Status.adtValue", "Status includes(RMVoidMatching, RMBlockMatching, RMUseCpp) {\n  Sent\n}\n") == [
            "Models/Status.adtValue:1:17: error: unknown include 'RMVoidMatching'; did you mean 'VoidMatching'?",
            "Models/Status.adtValue:1:33: error: unknown include 'RMBlockMatching'; did you mean 'BoolMatching'?",
            "Models/Status.adtValue:1:50: warning: unknown include 'RMUseCpp' is skipped: no feature or loaded plugin answers to it, so 'Status' is generated without what it adds; if a Remodel plugin of the project adds it, rewrite that plugin as a valuegen plugin (docs/WritingPlugins.md) and name it in valuegen.json's 'plugins', or remove the name",
        ])
    }

    // MARK: - What features receive

    @Test func featuresReceiveTheIncludesAndTheKind() throws {
        let capture = CapturingFeature()
        let file = generate(
            "Models/User.value",
            "User includes(Capture, Builder) {\n  a: Int\n}\nOther {\n  b: Int\n}\n",
            registry: capture.registry
        )
        #expect(file.diagnostics.isEmpty)
        let request = try #require(capture.box.request)
        #expect(request.file == SchemaFileDescription(name: "User.value", path: "Models/User.value", kind: .value))
        #expect(request.types.map(\.includes) == [
            ["Value", "Equality", "Sendable", "Description", "Builder", "Capture"],
            ["Value", "Equality", "Sendable", "Description"],
        ])
        #expect(request.types(including: "Capture").map(\.name) == ["User"])
    }

    @Test func aFeatureNoTypeIncludesDoesNotRun() {
        let capture = CapturingFeature()
        _ = generate("Models/User.value", "User {\n  a: Int\n}\n", registry: capture.registry)
        #expect(capture.box.request == nil)
    }

    @Test func theFileGetsEachIncludedFeaturesCodeInOutputOrder() throws {
        let file = generate("Models/User.value", "User includes(Coding, With, Builder) {\n  a: Int\n}\n")
        let contents = try #require(file.contents)
        #expect(contents.markHeaders == [
            "User: Equality", "User: Sendable", "User: Description", "User: With", "User: Builder", "User: Coding",
        ])
    }
}
