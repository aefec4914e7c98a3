import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// A schema name that a type's features also generate, or that their code relies on, is an
/// error at the schema's line naming the feature and the way out; every message here was
/// first seen as a swiftc error in the generated file.
@Suite("Names that collide with generated members")
struct MemberCollisionTests {
    /// The collisions of schema files resolved each on its own, then checked together.
    private func collisions(_ files: [(String, String)], otherTypeNames: [String: String] = [:]) throws -> [String] {
        var requests: [GenerationRequest] = []
        for (path, text) in files {
            let resolved = GeneratorPipeline().resolve(SchemaSource(path: path, text: text), settings: GenerationSettings())
            requests.append(try #require(resolved.request, "\(resolved.diagnostics.diagnostics.map(\.description))"))
        }
        return MemberCollisions.diagnostics(for: requests, otherTypeNames: otherTypeNames).map(\.description)
    }

    private func collisions(_ path: String, _ text: String) throws -> [String] {
        try collisions([(path, text)])
    }

    // MARK: - Members of a value or an object

    @Test func reportsAnAttributeNamedLikeTheDescription() throws {
        #expect(try collisions("Models/User.value", "User {\n  description: String\n}\n") == [
            "Models/User.value:2:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'User'; rename the attribute or add excludes(Description)",
        ])
    }

    @Test func suggestsKeepingTheJSONKeyWhenACodingFeatureCodesTheAttribute() throws {
        #expect(try collisions("Models/User.value", "User includes(Coding) {\n  description: String\n}\n") == [
            "Models/User.value:2:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"description\") or add excludes(Description)",
        ])
        // An attribute coded under another key keeps it when renamed.
        #expect(try collisions("Models/User.value", "User includes(JSON) {\n  %codingKey name=\"text\"\n  description: String\n}\n") == [
            "Models/User.value:3:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'User'; rename the attribute or add excludes(Description)",
        ])
    }

    @Test func reportsAnObjectsAttributeNamedLikeTheDescription() throws {
        #expect(try collisions("Models/Settings.object", "Settings {\n  description: String\n}\n") == [
            "Models/Settings.object:2:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'Settings'; rename the attribute or add excludes(Description)",
        ])
    }

    @Test func reportsHashValueWhichTakesTheHashableRequirementsPlace() throws {
        #expect(try collisions("Models/User.value", "User {\n  hashValue: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'hashValue' collides with 'var hashValue' of Hashable, which the Equality feature generates for 'User'; rename the attribute or add excludes(Equality)",
        ])
    }

    /// Diffing's `enum Attribute: CaseIterable` has a case per attribute: a case `allCases`
    /// redeclares the synthesized `allCases` (swiftc reports it only in whole-module builds).
    @Test func reportsAllCasesWhichDiffingsAttributeEnumSynthesizes() throws {
        #expect(try collisions("Models/Names.value", "Names includes(Diffing) {\n  allCases: Int\n  other: Int\n}\n") == [
            "Models/Names.value:2:3: error: attribute 'allCases' collides with 'static var allCases' of 'enum Names.Attribute', whose cases are the attributes' names, which the Diffing feature generates for 'Names'; rename the attribute or add excludes(Diffing)",
        ])
        #expect(try collisions("Models/Names.value", "Names {\n  allCases: Int\n}\n") == [])
    }

    @Test func reportsHasherOnlyWhenEqualityIsWrittenOut() throws {
        #expect(try collisions("Models/User.value", "User {\n  hasher: Int\n}\n") == [])
        #expect(try collisions("Models/User.value", "User {\n  hasher: Int\n  %skipEquality\n  note: String\n}\n") == [
            "Models/User.value:2:3: error: attribute 'hasher' collides with the parameter 'hasher' of 'hash(into:)', which the Equality feature generates for 'User'; rename the attribute or add excludes(Equality)",
        ])
    }

    @Test func reportsWhatTheBuilderDeclaresAndReliesOn() throws {
        #expect(try collisions("Models/User.value", """
        User includes(Builder) {
          toBuilder: Int
          builder: Int
          build: Int
          MissingAttributeError: Int
          User: Int
          UserBuilder: Int
        }

        """) == [
            "Models/User.value:2:3: error: attribute 'toBuilder' collides with 'func toBuilder()', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
            "Models/User.value:3:3: error: attribute 'builder' collides with the local 'builder' of 'toBuilder()', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
            "Models/User.value:4:3: error: attribute 'build' collides with 'func build()' of 'UserBuilder', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
            "Models/User.value:5:3: error: attribute 'MissingAttributeError' collides with 'typealias UserBuilder.MissingAttributeError', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
            "Models/User.value:6:3: error: attribute 'User' collides with the initializer call 'User(…)' in 'UserBuilder.build()', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
            "Models/User.value:7:3: error: attribute 'UserBuilder' collides with the initializer call 'UserBuilder()' in 'builder()' and 'toBuilder()', which the Builder feature generates for 'User'; rename the attribute or add excludes(Builder)",
        ])
    }

    @Test func reportsAnAttributeNamedLikeTheTypeThatWithCreates() throws {
        #expect(try collisions("Models/User.value", "User includes(With) {\n  User: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'User' collides with the initializer call 'User(…)' in the 'with(…)' methods, which the With feature generates for 'User'; rename the attribute or add excludes(With)",
        ])
    }

    /// From `WithFeature.replacementThreshold` attributes on, the `with(…)` methods pass a case
    /// of the nested `WithReplacement`; below it they pass every attribute and nothing is nested.
    @Test func reportsTheReplacementEnumOnlyWhereWithNestsIt() throws {
        let others = (1..<WithFeature.replacementThreshold).map { "  a\($0): Int\n" }.joined()
        #expect(try collisions("Models/User.value", "User includes(With) {\n  WithReplacement: Int\n\(others)}\n") == [
            "Models/User.value:2:3: error: attribute 'WithReplacement' collides with 'enum User.WithReplacement', which the With feature generates for 'User'; rename the attribute or add excludes(With)",
        ])
        #expect(try collisions("Models/User.value", "User includes(With) {\n  WithReplacement: Int\n\(others.dropFirst("  a1: Int\n".count))}\n").isEmpty)
    }

    @Test func reportsWhatCodingDeclaresAndReliesOn() throws {
        #expect(try collisions("Models/User.value", """
        User includes(Coding) excludes(Description) {
          ValuegenCodingKey: Int
          encoder: Int
          container: Int
        }

        """) == [
            "Models/User.value:2:3: error: attribute 'ValuegenCodingKey' collides with the module's key type 'ValuegenCodingKey' that 'init(from:)' and 'encode(to:)' name, which the Coding feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"ValuegenCodingKey\") or add excludes(Coding)",
            "Models/User.value:3:3: error: attribute 'encoder' collides with the parameter 'encoder' of 'encode(to:)', which the Coding feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"encoder\") or add excludes(Coding)",
            "Models/User.value:4:3: error: attribute 'container' collides with the local 'container' of 'encode(to:)', which the Coding feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"container\") or add excludes(Coding)",
        ])
        // Coding declares no key enum: its old case names are free.
        #expect(try collisions("Models/User.value", """
        User includes(Coding) excludes(Description) {
          CodingKeys: Int
          %codingLegacyKey name="nick"
          name: String
          nameLegacy1: String
        }

        """) == [])
    }

    @Test func reportsDecodingErrorOnlyWhereTheMissingValueHelperThrowsIt() throws {
        #expect(try collisions("Models/User.value", "User includes(Coding) {\n  name: String\n  DecodingError: Int\n}\n") == [])
        #expect(try collisions("Models/User.value", "User includes(Coding) {\n  %codingLegacyKey name=\"nick\"\n  name: String\n  DecodingError: Int\n}\n") == [
            "Models/User.value:4:3: error: attribute 'DecodingError' collides with the type 'DecodingError' that 'valueMissing(_:in:)' throws, which the Coding feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"DecodingError\") or add excludes(Coding)",
        ])
    }

    @Test func mergesOneCollisionThatSeveralFeaturesGenerate() throws {
        #expect(try collisions("Models/User.value", "User includes(JSON, Binary) {\n  reader: Int\n  field: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'reader' collides with the parameter 'reader' of 'init(from:)', which the JSON and Binary features generate for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"reader\") or add excludes(JSON, Binary)",
            "Models/User.value:3:3: error: attribute 'field' collides with the closure parameter 'field' in 'init(from:)', which the Binary feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"field\") or add excludes(Binary)",
        ])
    }

    @Test func offersNoExcludeOfAFeatureThatAnotherNeeds() throws {
        #expect(try collisions("Models/User.value", "User includes(Persistence) {\n  reader: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'reader' collides with the parameter 'reader' of 'init(from:)', which the JSON and Binary features generate for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"reader\")",
        ])
    }

    @Test func reportsAnAttributeNamedLikeATypeThatDecodingSpells() throws {
        #expect(try collisions("Models/User.value", "User includes(JSON) {\n  URL: Int\n  links: [URL]\n  count: Swift.Int\n  Swift: Bool\n}\n") == [
            "Models/User.value:2:3: error: attribute 'URL' collides with the type 'URL' that 'init(from:)' decodes, which the JSON feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"URL\") or add excludes(JSON)",
            "Models/User.value:5:3: error: attribute 'Swift' collides with the type 'Swift' that 'init(from:)' decodes, which the JSON feature generates for 'User'; rename the attribute (keep its JSON key with %codingKey name=\"Swift\") or add excludes(JSON)",
        ])
    }

    @Test func reportsAnAttributeNamedStringUnlessTheDescriptionReflectsNothing() throws {
        #expect(try collisions("Models/User.value", "User {\n  String: Int\n}\n") == [
            "Models/User.value:2:3: error: attribute 'String' collides with the type 'String' that 'var description' calls, which the Description feature generates for 'User'; rename the attribute or add excludes(Description)",
        ])
        #expect(try collisions("Models/User.value", "User {\n  %redacted\n  String: Int\n}\n") == [])
    }

    // MARK: - Observation

    @Test func reportsTheObservationStorageAndNestedTypes() throws {
        #expect(try collisions("Models/Settings.object", """
        Settings {
          name: String
          _name: String
          observationRegistrar: Int
          _changeObservers: Int
          Change: Int
        }

        """) == [
            "Models/Settings.object:3:3: error: attribute '_name' collides with 'private var _name', the storage of attribute 'name', which the Observation feature generates for 'Settings'; rename the attribute or add excludes(Observation)",
            "Models/Settings.object:4:3: error: attribute 'observationRegistrar' collides with 'private let _observationRegistrar', the name its storage would take, which the Observation feature generates for 'Settings'; rename the attribute or add excludes(Observation)",
            "Models/Settings.object:5:3: error: attribute '_changeObservers' collides with 'private let _changeObservers', which the Observation feature generates for 'Settings'; rename the attribute or add excludes(Observation)",
            "Models/Settings.object:6:3: error: attribute 'Change' collides with 'enum Settings.Change', which the Observation feature generates for 'Settings'; rename the attribute or add excludes(Observation)",
        ])
        #expect(try collisions("Models/Settings.object", "Settings excludes(Observation) {\n  name: String\n  _name: String\n  Change: Int\n}\n") == [])
    }

    @Test func reportsAnAttributeTypeThatANestedTypeWouldTakeThePlaceOf() throws {
        #expect(try collisions([
            ("Models/Settings.object", "Settings {\n  last: Change?\n  tokens: [ObserverToken]\n}\n"),
            ("Models/Change.value", "Change {\n  at: Int\n}\n"),
            ("Models/ObserverToken.value", "ObserverToken {\n  id: Int\n}\n"),
        ]) == [
            "Models/Settings.object:2:3: error: attribute 'last' has type 'Change?', but inside 'Settings' 'Change' means 'enum Settings.Change', which the Observation feature generates; rename the type 'Change' or add excludes(Observation)",
            "Models/Settings.object:3:3: error: attribute 'tokens' has type '[ObserverToken]', but inside 'Settings' 'ObserverToken' means 'struct Settings.ObserverToken', which the Observation feature generates; rename the type 'ObserverToken' or add excludes(Observation)",
        ])
    }

    @Test func reportsAnAttributeTypeNamedLikeTheBuildersError() throws {
        #expect(try collisions("Models/User.value", "%type name=MissingAttributeError\nUser includes(Builder) excludes(Equality, Sendable) {\n  error: MissingAttributeError\n}\n") == [
            "Models/User.value:3:3: error: attribute 'error' has type 'MissingAttributeError', but inside 'UserBuilder' 'MissingAttributeError' means 'typealias UserBuilder.MissingAttributeError', which the Builder feature generates; rename the type 'MissingAttributeError' or add excludes(Builder)",
        ])
    }

    // MARK: - The type's own name

    @Test func reportsATypeNamedLikeATypeNestedWhereItsNameIsSpelled() throws {
        #expect(try collisions("Models/Change.object", "Change includes(With) {\n  at: Int\n}\n") == [
            "Models/Change.object:1:1: error: type 'Change' has the name of 'enum Change.Change', which the Observation feature generates, so the code the With feature generates there would mean the nested type; rename the type or add excludes(With)",
        ])
        #expect(try collisions("Models/MissingAttributeError.value", "MissingAttributeError includes(Builder) {\n  at: Int\n}\n") == [
            "Models/MissingAttributeError.value:1:1: error: type 'MissingAttributeError' has the name of 'typealias MissingAttributeErrorBuilder.MissingAttributeError', which the Builder feature generates, so the code the Builder feature generates there would mean the nested type; rename the type or add excludes(Builder)",
        ])
        // Nothing spells `Change` inside an object without With, nor `CodingKeys` anywhere.
        #expect(try collisions("Models/Change.object", "Change includes(Builder, Coding) {\n  at: Int\n}\n") == [])
        #expect(try collisions("Models/CodingKeys.value", "CodingKeys includes(Coding, Builder) {\n  at: Int\n}\n") == [])
    }

    // MARK: - ADTs

    @Test func reportsACaseNamedLikeAStaticMember() throws {
        #expect(try collisions("Models/Status.adtValue", "Status includes(Binary) {\n  BinaryWireType\n  Description\n  HashValue\n}\n") == [
            "Models/Status.adtValue:2:3: error: case 'binaryWireType' of subtype 'BinaryWireType' collides with 'static var binaryWireType', which the Binary feature generates for 'Status'; rename the subtype or add excludes(Binary)",
        ])
    }

    @Test func reportsPayloadValuesThatTheGeneratedSwitchBindsOverItsOwnNames() throws {
        #expect(try collisions("Models/Status.adtValue", """
        Status includes(Coding, JSON, Binary) {
          Sent { writer: String  payload: Int }
          Read { hasher: Int  description: String  encode: Int }
        }

        """) == [
            "Models/Status.adtValue:2:10: error: attribute 'writer' of subtype 'Sent' collides with the parameter 'writer' of 'encode(to:)', which the JSON and Binary features generate for 'Status'; rename the attribute (keep its JSON key with %codingKey name=\"writer\") or add excludes(JSON, Binary)",
            "Models/Status.adtValue:2:26: error: attribute 'payload' of subtype 'Sent' collides with the local 'payload' of 'encode(to:)', which the Coding feature generates for 'Status'; rename the attribute (keep its JSON key with %codingKey name=\"payload\") or add excludes(Coding)",
        ])
    }

    @Test func reportsTheLocalsThatWrittenOutEqualityBindsTwice() throws {
        #expect(try collisions("Models/Status.adtValue", """
        Status {
          Sent { x: Int  X: Int  hasher: Int }
          Read { %skipEquality
            note: String }
        }

        """) == [
            "Models/Status.adtValue:2:18: error: attribute 'X' of subtype 'Sent' collides with the local 'lhsX' that '==' binds for attribute 'x', which the Equality feature generates for 'Status'; rename the attribute or add excludes(Equality)",
            "Models/Status.adtValue:2:26: error: attribute 'hasher' of subtype 'Sent' collides with the parameter 'hasher' of 'hash(into:)', which the Equality feature generates for 'Status'; rename the attribute or add excludes(Equality)",
        ])
    }

    @Test func reportsATypeNameThatAPayloadHidesOnlyInItsOwnCase() throws {
        #expect(try collisions("Models/Status.adtValue", "Status includes(JSON) {\n  Sent { URL: Int }\n  Linked { url: URL }\n}\n") == [])
        #expect(try collisions("Models/Status.adtValue", "Status includes(JSON) {\n  Linked { URL: Int  url: URL }\n}\n") == [
            "Models/Status.adtValue:2:12: error: attribute 'URL' of subtype 'Linked' collides with the type 'URL' that 'init(from:)' decodes, which the JSON feature generates for 'Status'; rename the attribute (keep its JSON key with %codingKey name=\"URL\") or add excludes(JSON)",
        ])
    }

    @Test func aPayloadTypeNamedCodingKeysIsFine() throws {
        #expect(try collisions("Models/Status.adtValue", "%type name=CodingKeys\nStatus includes(Coding) excludes(Equality, Sendable) {\n  %singleAttributeSubtype attributeType=\"CodingKeys\"\n  Keyed\n}\n") == [])
    }

    // MARK: - Types beside the type

    @Test func reportsABuilderNameThatTheModuleAlreadyDeclares() throws {
        #expect(try collisions([
            ("Models/User.value", "User includes(Builder) {\n  name: String\n}\n"),
            ("Models/UserBuilder.value", "UserBuilder {\n  name: String\n}\n"),
        ]) == [
            "Models/User.value:1:1: error: the Builder feature generates 'struct UserBuilder' beside 'User', but 'UserBuilder' is already declared in UserBuilder.value; rename one of them or add excludes(Builder)",
        ])
        #expect(try collisions("Models/User.value", "User includes(Builder) {\n  name: String\n}\nUserBuilder {}\n") == [
            "Models/User.value:1:1: error: the Builder feature generates 'struct UserBuilder' beside 'User', but 'UserBuilder' is already declared in this file; rename one of them or add excludes(Builder)",
        ])
        #expect(try collisions(
            [("Models/User.value", "User includes(Builder) {\n  name: String\n}\n")],
            otherTypeNames: ["UserBuilder": "the module's Swift code (Sources/App/Builders.swift:3:8)"]
        ) == [
            "Models/User.value:1:1: error: the Builder feature generates 'struct UserBuilder' beside 'User', but 'UserBuilder' is already declared in the module's Swift code (Sources/App/Builders.swift:3:8); rename one of them or add excludes(Builder)",
        ])
    }

    // MARK: - What does not collide

    @Test func acceptsOrdinaryNamesAndNamesThatOnlyLookGenerated() throws {
        let attributes = "name: String\n  id: Int\n  value: Int\n  kind: String\n  count: Int\n  data: String\n  type: String\n  hash: Int\n  encode: Int\n  decoder: Int\n  with: Int\n  lhs: Int\n  rhs: Int\n  message: Int\n  payload: Int\n  writer: Int\n  save: Int\n  load: Int\n  binaryWireType: Int\n  valueMissing: Int\n  debugDescription: String\n  init: Int\n  Bool: Int\n  _other: Int\n"
        #expect(try collisions("Models/User.value", "User includes(With, Builder, Coding, JSON, Binary, Persistence) {\n  \(attributes)\n  %skipEquality\n  note: String\n}\n") == [])
        #expect(try collisions("Models/Settings.object", "Settings includes(With, Builder, Coding, JSON, Binary, Persistence) {\n  \(attributes)  onWillChange: Int\n  newValue: Int\n  change: Int\n}\n") == [])
        #expect(try collisions("Models/Status.adtValue", """
        Status includes(Coding, JSON, Binary, Persistence) {
          Description
          HashValue
          Encode { to: Int }
          Init
          Sent { lhs: Int  rhs: Int  value: Int  message: Int  caseNumber: Int  decoder: Int  name: String }
          %singleAttributeSubtype attributeType="Int"
          Count
        }

        """) == [])
    }

    @Test func knowsNothingAboutAPluginsFeature() {
        let type = ModelType(name: "User", kind: .value, includes: ["Diffable"], attributes: [Attribute(name: "description", type: TypeReference(swift: "String"), location: SourceLocation(line: 2, column: 3))], location: SourceLocation(line: 1, column: 1))
        #expect(GeneratedMembers.of("Diffable", for: type) == GeneratedMembers())
    }

    @Test func reportsInPathAndSourceOrderWhateverTheOrderOfTheFiles() throws {
        let files = [
            ("Models/B.value", "B {\n  description: String\n}\n"),
            ("Models/A.value", "A {\n  name: String\n  hashValue: Int\n  description: String\n}\n"),
        ]
        let expected = [
            "Models/A.value:3:3: error: attribute 'hashValue' collides with 'var hashValue' of Hashable, which the Equality feature generates for 'A'; rename the attribute or add excludes(Equality)",
            "Models/A.value:4:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'A'; rename the attribute or add excludes(Description)",
            "Models/B.value:2:3: error: attribute 'description' collides with 'var description', which the Description feature generates for 'B'; rename the attribute or add excludes(Description)",
        ]
        #expect(try collisions(files) == expected)
        #expect(try collisions(files.reversed()) == expected)
    }
}
