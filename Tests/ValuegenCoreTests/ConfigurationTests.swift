import Testing
import ValuegenPluginSDK
import ValuegenCore

@Suite("valuegen.json")
struct ConfigurationTests {
    private let path = "Models/valuegen.json"

    private func parse(_ json: String) throws(Configuration.Failure) -> Configuration {
        try Configuration.parse(Array(json.utf8), path: path, registry: .builtIn)
    }

    /// The error a configuration is refused with.
    private func failure(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - Valid files

    @Test func readsEveryKey() throws {
        let configuration = try parse("""
        {
          "defaultIncludes": ["Builder", "RMCoding"],
          "defaultExcludes": ["Description"],
          "accessLevel": "internal"
        }
        """)
        #expect(configuration == Configuration(defaultIncludes: ["Builder", "RMCoding"], defaultExcludes: ["Description"], accessLevel: .internal))
    }

    @Test func anEmptyObjectChangesNothing() throws {
        #expect(try parse("{}") == Configuration())
    }

    @Test(arguments: [("public", AccessLevel.public), ("internal", .internal), ("package", .package)])
    func readsEachAccessLevel(text: String, level: AccessLevel) throws {
        #expect(try parse("{\"accessLevel\": \"\(text)\"}").accessLevel == level)
    }

    @Test func acceptsIgnoredRemodelNames() throws {
        #expect(try parse(#"{"defaultIncludes": ["RMCopying"]}"#).defaultIncludes == ["RMCopying"])
    }

    // MARK: - Errors, each naming the file and the key

    @Test func refusesInvalidJSON() {
        #expect(failure(#"{"defaultIncludes": ["Builder",]"#)
            == #"Models/valuegen.json: error: not valid JSON; valuegen.json must be a JSON object such as {"defaultIncludes": ["Builder"]}"#)
    }

    @Test func refusesAnEmptyFile() {
        #expect(failure("")
            == #"Models/valuegen.json: error: not valid JSON; valuegen.json must be a JSON object such as {"defaultIncludes": ["Builder"]}"#)
    }

    @Test func refusesJSONThatIsNotAnObject() {
        #expect(failure(#"["Builder"]"#)
            == #"Models/valuegen.json: error: the configuration must be a JSON object such as {"defaultIncludes": ["Builder"]}"#)
    }

    @Test func refusesAnUnknownKeyWithASuggestion() {
        #expect(failure(#"{"acessLevel": "internal"}"#)
            == "Models/valuegen.json: error: unknown key 'acessLevel'; did you mean 'accessLevel'?")
        #expect(failure(#"{"defaultInclude": ["Builder"]}"#)
            == "Models/valuegen.json: error: unknown key 'defaultInclude'; did you mean 'defaultIncludes'?")
    }

    @Test func refusesAnUnknownKeyListingTheKnownOnes() {
        #expect(failure(#"{"generators": []}"#)
            == "Models/valuegen.json: error: unknown key 'generators'; known keys are accessLevel, adoptPluralAcronymKeys, caseKeys, coding, codingKeys, defaultExcludes, defaultIncludes, optimizeFor, pluginTimeout, plugins")
    }

    @Test func readsWhatTheGeneratedCodeIsOptimizedFor() throws {
        #expect(try parse(#"{"optimizeFor": "speed"}"#).optimizeFor == .speed)
        #expect(try parse(#"{"optimizeFor": "codeSize"}"#).optimizeFor == .codeSize)
        #expect(try parse("{}").optimizeFor == nil)
    }

    @Test func refusesAnOptimizationGoalItDoesNotKnowNamingBoth() {
        for value in [#""size""#, #""codesize""#, #""CodeSize""#, #""code size""#, #""""#, "1", "true", "null", #"["codeSize"]"#, #"{"json": "codeSize"}"#] {
            #expect(failure(#"{"optimizeFor": \#(value)}"#)
                == #"Models/valuegen.json: error: 'optimizeFor' must be "speed" (the fastest coders, the default) or "codeSize" (less code to compile: JSON readers that match member names in the runtime)"#, "\(value)")
        }
    }

    @Test func suggestsOptimizeForForAKeySpelledNearIt() {
        #expect(failure(#"{"optimiseFor": "codeSize"}"#) == "Models/valuegen.json: error: unknown key 'optimiseFor'; did you mean 'optimizeFor'?")
        #expect(failure(#"{"optimizefor": "codeSize"}"#) == "Models/valuegen.json: error: unknown key 'optimizefor'; did you mean 'optimizeFor'?")
    }

    @Test func readsWhetherTheProjectAdoptedPluralAcronymKeys() throws {
        #expect(try parse(#"{"adoptPluralAcronymKeys": true}"#).adoptsPluralAcronymKeys == true)
        #expect(try parse(#"{"adoptPluralAcronymKeys": false}"#).adoptsPluralAcronymKeys == false)
        #expect(try parse("{}").adoptsPluralAcronymKeys == nil)
    }

    @Test func refusesAnAdoptionThatIsNotTrueOrFalse() {
        for value in [#""yes""#, "1", "null"] {
            #expect(failure(#"{"adoptPluralAcronymKeys": \#(value)}"#)
                == "Models/valuegen.json: error: 'adoptPluralAcronymKeys' must be true or false: true takes a plural acronym's key as one word (accountIDs: account_ids) without a warning, as valuegen init writes for a new project; false or no key keeps the warning where earlier versions spelled the key otherwise", "\(value)")
        }
    }

    /// docs/Language.md ("Configuration") shows this message.
    @Test func readsPluginsWithPathsRelativeToTheConfiguration() throws {
        let configuration = try Configuration.parse(Array(#"{"plugins": [{"path": "Plugins/libFake.so", "options": {"seed": 7}}, {"path": "/abs/libX.so"}]}"#.utf8), path: "Models/valuegen.json")
        #expect(configuration.plugins == [
            PluginReference(path: "Models/Plugins/libFake.so", options: .object([JSONMember(key: "seed", value: .number(7))])),
            PluginReference(path: "/abs/libX.so"),
        ])
    }

    @Test func refusesPluginEntriesWithoutAPathOrWithUnknownKeys() {
        #expect(failure(#"{"plugins": [{"options": {}}]}"#)
            == "Models/valuegen.json: error: plugins[0] needs a 'path', the plugin library to load")
        #expect(failure(#"{"plugins": [{"path": "a.so", "option": {}}]}"#)
            == "Models/valuegen.json: error: unknown key 'option' in plugins[0]; did you mean 'options'?")
        #expect(failure(#"{"plugins": {"path": "a.so"}}"#)
            == #"Models/valuegen.json: error: 'plugins' must be an array such as [{"path": "Plugins/libFake.so", "options": {}}]"#)
    }

    @Test func refusesAPrivateAccessLevel() {
        #expect(failure(#"{"accessLevel": "private"}"#)
            == #"Models/valuegen.json: error: 'accessLevel' must be "public", "internal" or "package""#)
    }

    @Test func refusesAnAccessLevelThatIsNotAString() {
        #expect(failure(#"{"accessLevel": 1}"#)
            == #"Models/valuegen.json: error: 'accessLevel' must be "public", "internal" or "package""#)
    }

    @Test func refusesDefaultIncludesThatAreNotAnArray() {
        #expect(failure(#"{"defaultIncludes": "Builder"}"#)
            == #"Models/valuegen.json: error: 'defaultIncludes' must be an array of feature names, such as ["Builder", "With"]"#)
    }

    @Test func refusesDefaultExcludesThatAreNotStrings() {
        #expect(failure(#"{"defaultExcludes": [1, 2]}"#)
            == #"Models/valuegen.json: error: 'defaultExcludes' must be an array of feature names, such as ["Builder", "With"]"#)
    }

    @Test func refusesExcludingADeclarationFeature() {
        #expect(failure(#"{"defaultExcludes": ["Value"]}"#)
            == "Models/valuegen.json: error: 'defaultExcludes' names 'Value', which declares the type itself and cannot be excluded")
    }

    @Test func refusesAnUnknownFeatureInDefaultIncludes() {
        #expect(failure(#"{"defaultIncludes": ["Bulder"]}"#)
            == "Models/valuegen.json: error: 'defaultIncludes' names unknown include 'Bulder'; did you mean 'Builder'?")
    }

    @Test func refusesAnUnknownFeatureInDefaultExcludes() {
        #expect(failure(#"{"defaultExcludes": ["Zebra"]}"#)
            == "Models/valuegen.json: error: 'defaultExcludes' names unknown include 'Zebra'; known features are Observation, Equality, Sendable, Description, Matching, Diffing, With, Validation, Builder, Coding, JSON, Binary, Dictionary, Persistence, Undo")
    }

    // MARK: - Access level in generated code

    @Test func publicDeclarationsByDefault() throws {
        let contents = try #require(generate("Models/User.value", "User {\n  a: Int\n}\n").contents)
        #expect(contents.declarationSection == """
        public struct User {
            public let a: Int

            public init(a: Int) {
                self.a = a
            }
        }
        """)
    }

    @Test func internalAccessLevelWritesNoModifiers() throws {
        let settings = GenerationSettings(accessLevel: .internal)
        let contents = try #require(generate("Models/User.value", "User includes(With, Builder, Coding) {\n  a: Int\n}\n", settings: settings).contents)
        #expect(!contents.contains("public "))
        #expect(!contents.contains("package "))
        #expect(contents.declarationSection == """
        struct User {
            let a: Int

            init(a: Int) {
                self.a = a
            }
        }
        """)
        #expect(contents.featureSection("User", "With") == """
        extension User {
            /// A copy of this value, except `a`.
            func with(a: Int) -> User {
                User(a: a)
            }
        }
        """)
    }

    @Test func packageAccessLevelWritesPackageModifiers() throws {
        let settings = GenerationSettings(accessLevel: .package)
        let contents = try #require(generate("Models/Status.adtValue", "Status {\n  Sent\n}\n", settings: settings).contents)
        #expect(!contents.contains("public "))
        #expect(contents.declarationSection == """
        package enum Status {
            case sent
        }
        """)
        #expect(contents.featureSection("Status", "Description")?.contains("    package var description: String {") == true)
    }
}
