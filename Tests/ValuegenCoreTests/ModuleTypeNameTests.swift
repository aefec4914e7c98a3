import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// Every name in an attribute's type must name a type the generated file can see; the module
/// stage reports the others at the name, with the fix in the message.
@Suite("Module stage: type names")
struct ModuleTypeNameTests {
    private let author = (path: "Models/Author.value", text: "Author {\n  name: String\n}\n")

    /// A one-file schema whose single attribute line is `line`, generated as a module with `Author.value`.
    private func post(_ line: String, header: String = "", swiftTypes: [SwiftTypeDeclaration] = []) -> [String] {
        moduleDiagnostics([author, (path: "Models/Post.value", text: header + "Post {\n  \(line)\n}\n")], swiftTypes: swiftTypes)
    }

    // MARK: - Unknown names

    @Test func misspelledSchemaTypeOfAnotherFileSuggestsIt() {
        #expect(post("author: Auther") == [
            "Models/Post.value:2:11: error: unknown type 'Auther'; did you mean 'Author'?",
        ])
    }

    @Test func misspelledStandardTypeInsideAnArraySuggestsItAtTheName() {
        #expect(post("tags: [Strng]") == [
            "Models/Post.value:2:10: error: unknown type 'Strng'; did you mean 'String'?",
        ])
    }

    @Test func nameFarFromEveryKnownOneSaysWhereToDeclareIt() {
        #expect(post("thing: Zebra") == [
            "Models/Post.value:2:10: error: unknown type 'Zebra'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Zebra library=ModuleName'",
        ])
    }

    @Test func shortNameIsNotTakenForAStandardTypeTwoEditsAway() {
        // `User` is two edits from `Set`: no typo, so no suggestion.
        #expect(post("owner: User") == [
            "Models/Post.value:2:10: error: unknown type 'User'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=User library=ModuleName'",
        ])
    }

    @Test func shortNameOneEditFromAModuleTypeSuggestsIt() {
        let diagnostics = moduleDiagnostics([
            (path: "Models/User.value", text: "User {\n  name: String\n}\n"),
            (path: "Models/Post.value", text: "Post {\n  owner: Usr\n}\n"),
        ])
        #expect(diagnostics == ["Models/Post.value:2:10: error: unknown type 'Usr'; did you mean 'User'?"])
    }

    @Test func typeOfAnotherFileIsKnownWhicheverFileComesFirst() {
        let post = (path: "Models/Post.value", text: "Post {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [])
        #expect(moduleDiagnostics([post, author]) == [])
    }

    // MARK: - Modules valuegen cannot see

    @Test func unknownNameIsTakenOnTrustInAFileThatImportsAModule() {
        let file = generate("Models/Post.value", "%import name=Media\nPost {\n  photo: Photo\n}\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.contents?.importLines == ["import Media"])
    }

    @Test func unknownNameIsTakenOnTrustInAFileWithATypeFromAnotherLibrary() {
        #expect(diagnostics("Models/Post.value", "%type name=Video library=Media\nPost {\n  photo: Photo\n  clip: Video\n}\n") == [])
    }

    @Test func nameCloseToAKnownOneIsAnErrorEvenInAFileThatImportsAModule() {
        #expect(post("author: Auther", header: "%import name=Media\n") == [
            "Models/Post.value:3:11: error: unknown type 'Auther'; did you mean 'Author'? If 'Auther' really comes from Media, declare it with '%type name=Auther library=Media'",
        ])
    }

    @Test func importingTheFilesOwnModuleTakesNothingOnTrust() {
        #expect(diagnostics("Models/Post.value", "%library name=Models\n%import name=Models\nPost {\n  photo: Photo\n}\n") == [
            "Models/Post.value:4:10: error: unknown type 'Photo'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Photo library=ModuleName'",
        ])
    }

    // MARK: - Qualified names

    @Test func qualifiedStandardAndFoundationTypesAreKnown() {
        let file = generate("Models/Post.value", "Post {\n  count: Swift.Int\n  locale: Foundation.Locale\n}\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.contents?.contains("public let count: Swift.Int\n") == true)
        #expect(file.contents?.importLines == ["import Foundation"])
    }

    @Test func qualifiedNameFoundationDoesNotHaveIsAnError() {
        #expect(post("value: Foundation.Frob") == [
            "Models/Post.value:2:10: error: unknown type 'Foundation.Frob': Foundation has no type 'Frob' that valuegen knows; declare it with '%type name=Foundation.Frob'",
        ])
    }

    @Test func qualifiedUntrackedStandardTypeAsksForPercentType() {
        #expect(post("letter: Swift.Character") == [
            "Models/Post.value:2:11: error: unknown type 'Swift.Character': the standard library has no type 'Character' that valuegen knows; declare it with '%type name=Swift.Character'",
        ])
    }

    @Test func qualifiedNameDeclaredAsTheMessageSaysIsAccepted() {
        // The two messages above say to declare the qualified name with %type; doing so helps.
        #expect(post("letter: Swift.Character", header: "%type name=Swift.Character\n") == [])
        #expect(post("value: Foundation.Frob", header: "%type name=Foundation.Frob\n") == [])
    }

    @Test func nameQualifiedWithAModuleThatIsNotImportedIsAnError() {
        #expect(post("photo: Media.Photo") == [
            "Models/Post.value:2:10: error: unknown module 'Media' in 'Media.Photo'; import it with '%import name=Media' or declare the type with '%type name=Media.Photo library=Media'",
        ])
    }

    @Test func nameQualifiedWithAnImportedModuleIsAccepted() {
        #expect(post("photo: Media.Photo", header: "%import name=Media\n") == [])
        #expect(post("photo: Media.Photo", header: "%type name=Media.Photo library=Media\n") == [])
        #expect(post("photo: Models.Photo", header: "%library name=Models\n") == [])
    }

    // MARK: - Generic arguments

    @Test func standardTypeWithoutGenericParametersTakesNoArguments() {
        #expect(post("count: Int<String>") == [
            "Models/Post.value:2:10: error: 'Int' takes no generic arguments; write 'Int'",
        ])
    }

    @Test func standardGenericTypeTakesItsNumberOfArguments() {
        #expect(post("tags: Set<Int, String>") == [
            "Models/Post.value:2:9: error: 'Set' takes 1 generic argument, not 2",
        ])
        #expect(post("scores: Dictionary<String>") == [
            "Models/Post.value:2:11: error: 'Dictionary' takes 2 generic arguments, not 1",
        ])
        #expect(post("tags: Set") == [
            "Models/Post.value:2:9: error: 'Set' takes 1 generic argument, not 0",
        ])
    }

    @Test func schemaTypeTakesNoGenericArguments() {
        #expect(post("author: Author<Int>") == [
            "Models/Post.value:2:11: error: 'Author' (Author.value) takes no generic arguments; write 'Author'",
        ])
    }

    @Test func genericArgumentsOfPercentTypesAndSwiftTypesAreNotChecked() {
        #expect(post("page: Page<Author>", header: "%type name=Page library=Paging\n") == [])
        #expect(post("page: Page<Author, Int>", swiftTypes: swiftTypes("Page")) == [])
    }

    // MARK: - Protocols and `any`

    @Test func anyBeforeASchemaTypeIsAnError() {
        #expect(post("author: any Author") == [
            "Models/Post.value:2:15: error: 'Author' is a value (Author.value), not a protocol; write 'Author' without 'any'",
        ])
    }

    @Test func anyBeforeAStandardTypeIsAnError() {
        #expect(post("count: any Int") == [
            "Models/Post.value:2:14: error: 'Int' is not a protocol; write 'Int' without 'any'",
        ])
    }

    @Test func anyBeforeASwiftStructIsAnErrorNamingWhereItIsDeclared() {
        let money = [SwiftTypeDeclaration(name: "Money", kind: "struct", conformances: ["Hashable"], path: "Sources/Models/Money.swift", line: 1, column: 8)]
        #expect(post("price: any Money", swiftTypes: money) == [
            "Models/Post.value:2:14: error: 'Money' is a struct (Sources/Models/Money.swift:1:8), not a protocol; write 'Money' without 'any'",
        ])
    }

    /// A module that declares its own `Error` means that type by `Error`, as Swift does, so
    /// `any Error` is no longer the standard protocol (a mutant of the examples was accepted and
    /// failed in swiftc: 'any' has no effect on concrete type 'Error').
    @Test func anyBeforeTheModulesOwnTypeOfAStandardProtocolsNameIsAnError() {
        let error = [SwiftTypeDeclaration(name: "Error", kind: "struct", conformances: [], path: "Sources/Models/Error.swift", line: 1, column: 8)]
        #expect(post("failure: (any Error)?", swiftTypes: error) == [
            "Models/Post.value:2:17: error: 'Error' is a struct (Sources/Models/Error.swift:1:8), not a protocol; write 'Error' without 'any'",
        ])
        #expect(post("failure: (any Error)?") == [])
    }

    /// Remodel's `UIViewController<Themed> *` becomes such a composition.
    @Test func aSwiftClassMayStandWithProtocolsInAComposition() {
        let types = [
            SwiftTypeDeclaration(name: "Screen", kind: "class", conformances: [], path: "Sources/Models/Screen.swift", line: 1, column: 7),
            SwiftTypeDeclaration(name: "Themed", kind: "protocol", conformances: [], path: "Sources/Models/Themed.swift", line: 1, column: 10),
        ]
        #expect(post("screen: any Screen & Themed", swiftTypes: types).isEmpty)
        #expect(post("screen: any Screen", swiftTypes: types) == [
            "Models/Post.value:2:15: error: 'Screen' is a class (Sources/Models/Screen.swift:1:7), not a protocol; write 'Screen' without 'any'",
        ])
    }

    @Test func swiftProtocolWrittenBareAsksForAny() {
        let delegate = [SwiftTypeDeclaration(name: "Delegate", kind: "protocol", conformances: ["AnyObject"], path: "Sources/Models/Delegate.swift", line: 1, column: 10)]
        #expect(post("delegate: Delegate", swiftTypes: delegate) == [
            "Models/Post.value:2:13: error: 'Delegate' is a protocol (Sources/Models/Delegate.swift:1:10); write 'any Delegate'",
        ])
        let written = moduleDiagnostics([(path: "Models/Post.value", text: "Post excludes(Equality) {\n  delegate: (any Delegate)?\n}\n")], swiftTypes: delegate)
        #expect(written == [])
    }

    @Test func standardProtocolWrittenBareAsksForAny() {
        #expect(post("failure: Error?") == [
            "Models/Post.value:2:12: error: 'Error' is a protocol; write 'any Error'",
        ])
    }

    @Test func internalSwiftTypeInPublicGeneratedCodeIsAnError() {
        let money = [SwiftTypeDeclaration(name: "Money", kind: "struct", conformances: ["Hashable", "Sendable"], isPublic: false, path: "Sources/Models/Money.swift", line: 1, column: 8)]
        #expect(post("price: Money", swiftTypes: money) == [
            "Models/Post.value:2:10: error: 'Money' is not public (Sources/Models/Money.swift:1:8), but the generated types are public and their public properties cannot have it as their type; declare it 'public', or set \"accessLevel\": \"internal\" in valuegen.json",
        ])
        #expect(diagnostics("Models/Post.value", "Post {\n  price: Money\n}\n", settings: GenerationSettings(accessLevel: .internal), swiftTypes: money) == [])
    }

    // MARK: - Standard types valuegen does not track

    @Test func untrackedStandardTypeAsksForPercentType() {
        #expect(post("initial: Character") == [
            "Models/Post.value:2:12: error: 'Character' is a standard type whose conformances valuegen does not track; declare it with '%type name=Character' (add 'sendable=true' if it is Sendable), which vouches that it has what the type's features need",
        ])
    }

    @Test func untrackedStandardTypeDeclaredWithPercentTypeIsAccepted() {
        #expect(post("initial: Character", header: "%type name=Character sendable=true\n") == [])
    }

    @Test func selfIsRefusedAsAnAttributeType() {
        #expect(post("children: [Self]") == [
            "Models/Post.value:2:14: error: an attribute's type cannot be 'Self'; write the type's name ('Post'), inside an array ([Post]) where it holds itself",
        ])
    }

    // MARK: - Declared twice

    @Test func typeDeclaredInTwoFilesIsAnErrorAtTheSecondInPathOrder() {
        let first = (path: "Models/Legacy.value", text: "# Kept for old clients.\nUser {\n  name: String\n}\n")
        let second = (path: "Models/User.value", text: "User {\n  name: String\n}\n")
        let expected = [
            "Models/User.value:1:1: error: type 'User' is already declared in Legacy.value; a module can declare a type once, so rename one of them or delete one file",
            "Models/Legacy.value:2:1: note: 'User' first declared here",
        ]
        #expect(moduleDiagnostics([first, second]) == expected)
        #expect(moduleDiagnostics([second, first]) == expected)
    }

    @Test func typeDeclaredInThreeFilesIsAnErrorInEachLaterFile() {
        let files = ["A", "B", "C"].map { (path: "Models/\($0).value", text: "User {\n  name: String\n}\n") }
        let expected = [
            "Models/B.value:1:1: error: type 'User' is already declared in A.value; a module can declare a type once, so rename one of them or delete one file",
            "Models/A.value:1:1: note: 'User' first declared here",
            "Models/C.value:1:1: error: type 'User' is already declared in A.value; a module can declare a type once, so rename one of them or delete one file",
            "Models/A.value:1:1: note: 'User' first declared here",
        ]
        #expect(moduleDiagnostics(files) == expected)
        // Each file's diagnostics come with the file, in the order the files were given.
        #expect(moduleDiagnostics(files.reversed()) == Array(expected[2...] + expected[..<2]))
    }

    @Test func schemaTypeAlsoDeclaredInTheSwiftCodeIsAnError() {
        let swift = [SwiftTypeDeclaration(name: "User", kind: "struct", path: "Sources/Models/User+Extras.swift", line: 1, column: 8)]
        #expect(diagnostics("Models/User.value", "User {\n  name: String\n}\n", swiftTypes: swift) == [
            "Models/User.value:1:1: error: type 'User' is also declared in the module's Swift code (Sources/Models/User+Extras.swift:1:8); rename the schema type or the Swift one",
        ])
    }

    @Test func swiftExtensionOfASchemaTypeDeclaresNothingNew() {
        let swift = [SwiftTypeDeclaration(name: "User", kind: "extension", conformances: ["Identifiable"], path: "Sources/Models/User+Extras.swift", line: 1, column: 11)]
        #expect(diagnostics("Models/User.value", "User {\n  name: String\n}\n", swiftTypes: swift) == [])
    }

    // MARK: - Names of standard types

    @Test func schemaTypeMayTakeAStandardTypesName() {
        #expect(diagnostics("Models/String.value", "String {\n  a: Int\n}\n") == [])
        #expect(diagnostics("Models/Result.adtValue", "Result {\n  Success\n  Failure\n}\n") == [])
        #expect(diagnostics("Models/JSONReader.value", "JSONReader {\n  a: Int\n}\n") == [])
        #expect(diagnostics("Models/Notification.value", "Notification {\n  at: Foundation.Date\n}\n") == [])
        for name in ["UndoRegistrar", "UndoHistory", "UndoManagerRegistrar"] {
            #expect(moduleDiagnostics([("Models/\(name).value", "\(name) {\n  a: Int\n}\n"), ("Models/Settings.object", "Settings includes(Undo) {\n  a: Int\n}\n")]) == [])
        }
    }

    @Test func theModulesTypeNamedLikeAStandardOneIsWhatItsAttributesMean() {
        // `text: String` is the module's String, which has no initializer from a string literal;
        // Swift's is written `Swift.String`.
        #expect(diagnostics("Models/String.value", "String {\n  a: Int\n}\nTitle {\n  text: String\n  plain: Swift.String = \"x\"\n}\n") == [])
        #expect(diagnostics("Models/String.value", "String {\n  a: Int\n}\nTitle {\n  text: String = \"x\"\n}\n").count == 1)
    }

    @Test func swiftKeywordsCannotNameASchemaType() {
        #expect(diagnostics("Models/Any.value", "Any {\n  a: Int\n}\n") == [
            "Models/Any.value:1:1: error: 'Any' is a Swift keyword and cannot name a type",
        ])
    }

    @Test func typeAndProtocolMayNameATypeButNotAProtocol() {
        #expect(diagnostics("Models/Type.value", "Type {\n  a: Int\n}\nProtocol {\n  b: Type\n}\n") == [])
        #expect(diagnostics("Models/P.value", "protocol Type {\n  a: Int\n}\n") == [
            "Models/P.value:1:10: error: 'Type' is a Swift keyword and cannot name a protocol",
        ])
    }

    @Test func aTypeNamedLikeAModuleCannotStandBesideATypeGeneratedCodeQualifiesWithIt() {
        #expect(moduleDiagnostics([("Models/Foundation.value", "Foundation {\n  a: Int\n}\n"), ("Models/Date.value", "Date {\n  a: Int\n}\n")]) == [
            "Models/Foundation.value:1:1: error: a type of this module cannot be named 'Foundation' while the module also declares 'Date' (Date.value): generated code then writes Foundation's 'Date' as 'Foundation.Date', which this type hides; rename one of them",
        ])
        // Alone, neither needs the other's name.
        #expect(moduleDiagnostics([("Models/Foundation.value", "Foundation {\n  a: Int\n}\n"), ("Models/Swift.value", "Swift {\n  a: Int\n}\n")]) == [])
        #expect(diagnostics("Models/Foundation.value", "Foundation {\n  a: Int\n}\nEvent {\n  at: Foundation.Date\n}\n") == [
            "Models/Foundation.value:5:7: error: 'Foundation.Date' cannot name Foundation's 'Date': this module declares a type named 'Foundation' (Foundation.value), which hides the module Foundation; rename that type",
        ])
    }

    @Test func schemaTypeCannotTakeTheNameOfTheBuildersErrorType() {
        #expect(diagnostics("Models/ValuegenMissingAttributeError.value", "ValuegenMissingAttributeError {\n  a: Int\n}\n") == [
            "Models/ValuegenMissingAttributeError.value:1:1: error: a schema type cannot be named 'ValuegenMissingAttributeError': Valuegen declares the builders' error type of that name in the module; rename the type",
        ])
        let swift = [SwiftTypeDeclaration(name: "ValuegenMissingAttributeError", kind: "struct", path: "Sources/Models/Errors.swift", line: 2, column: 8)]
        #expect(moduleDiagnostics([(path: "Models/User.value", text: "User includes(Builder) {\n  a: Int\n}\n")], swiftTypes: swift) == [
            "Sources/Models/Errors.swift:2:8: error: the module's Swift code declares a type named 'ValuegenMissingAttributeError', which clashes with the builders' error type that Valuegen declares in the module; rename it",
        ])
    }

    @Test func swiftTypeNamedLikeATypeGeneratedCodeUsesIsNoError() {
        // Generated code qualifies Swift's Hasher in that module (StandardNamesCompileTests).
        let hasher = [SwiftTypeDeclaration(name: "Hasher", kind: "struct", path: "Sources/Models/Hasher.swift", line: 3, column: 15)]
        #expect(moduleDiagnostics([(path: "Models/User.value", text: "User {\n  a: Int\n}\n")], swiftTypes: hasher) == [])
        let calendar = [SwiftTypeDeclaration(name: "Calendar", kind: "struct", path: "Sources/Models/Calendar.swift", line: 1, column: 8)]
        #expect(moduleDiagnostics([(path: "Models/User.value", text: "User {\n  a: Int\n}\n")], swiftTypes: calendar) == [])
    }
}

/// What valuegen reads for a standard type cannot apply to the module's type of that name.
@Suite("Module stage: standard names the module declares")
struct ShadowedStandardUseTests {
    private let types = [
        (path: "Models/Date.value", text: "Date includes(JSON) {\n  seconds: Double\n}\n"),
        (path: "Models/Int.value", text: "Int includes(JSON) {\n  n: Swift.Int\n}\n"),
        (path: "Models/String.value", text: "String includes(JSON) {\n  text: Swift.String\n}\n"),
    ]

    private func user(_ body: String, header: String = "") -> [String] {
        moduleDiagnostics(types + [(path: "Models/User.value", text: header + "User includes(JSON) {\n\(body)}\n")])
    }

    @Test func aDateStyleRangeOrLenientSettingOnTheModulesTypeIsAnError() {
        #expect(user("  %coding dates=secondsSince1970\n  when: Date\n") == [
            "Models/User.value:3:3: error: 'when' holds this module's 'Date' (Date.value), but its '%coding' setting is for Foundation.Date; write 'Foundation.Date' for the standard type",
        ])
        #expect(user("  %range min=1\n  n: Int\n") == [
            "Models/User.value:3:3: error: 'n' holds this module's 'Int' (Int.value), but '%range' is a rule for Swift.Int; write 'Swift.Int' for the standard type",
        ])
        #expect(user("  %coding lenient=true\n  n: Int\n") == [
            "Models/User.value:3:3: error: 'n' holds this module's 'Int' (Int.value), but its '%coding' setting is for Swift.Int; write 'Swift.Int' for the standard type",
        ])
    }

    @Test func theModulesStringAsADictionarysKeyIsAnError() {
        #expect(user("  byName: [String: Swift.Int] = [:]\n") == [
            "Models/User.value:2:3: error: 'byName' holds this module's 'String' (String.value), but a dictionary's keys are coded as Swift.String's; write 'Swift.String' for the standard type",
        ])
    }

    @Test func theQualifiedStandardTypesTakeEverySetting() {
        #expect(user("  byName: [Swift.String: Swift.Int] = [:]\n  %coding dates=secondsSince1970\n  when: Foundation.Date\n  %coding lenient=true\n  %range min=1\n  n: Swift.Int\n  own: Int\n") == [])
    }

    @Test func aFilesDateStyleLeavesTheModulesDateAlone() throws {
        let files = GeneratorPipeline().generate(module: (types + [(path: "Models/User.value", text: "%coding dates=secondsSince1970\nUser includes(JSON) {\n  day: Date\n  at: Foundation.Date\n}\n")]).map { SchemaSource(path: $0.path, text: $0.text) }, settings: GenerationSettings(), swiftTypes: [])
        let user = try #require(files.first { $0.source.path == "Models/User.value" })
        #expect(user.diagnostics.isEmpty, "\(user.diagnostics.map(\.description))")
        let contents = try #require(user.contents)
        #expect(contents.contains("self.at.encode(to: &writer, style: .secondsSince1970)") || contents.contains("style: .secondsSince1970"))
        #expect(!contents.contains("self.day.encode(to: &writer, style:"))
    }
}

/// Generated code spells a standard name qualified only in a module that declares it.
@Suite("Standard names in generated code")
struct StandardNameSpellingTests {
    private func supportCode(_ files: [(path: String, text: String)]) -> String {
        GeneratorPipeline().generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: GenerationSettings(), swiftTypes: [])
            .flatMap(\.moduleDeclarations).map(\.code).joined()
    }

    @Test func moduleSupportCodeFollowsEachModulesNames() {
        // One module after the other in one process: nothing printed for the first is reused.
        let plain = supportCode([("Models/User.value", "User includes(Coding, Builder) {\n  a: Int\n}\n")])
        #expect(plain.contains("let stringValue: String\n"))
        let shadowing = supportCode([("Models/String.value", "String includes(Coding, Builder) {\n  a: Int\n}\n")])
        #expect(shadowing.contains("let stringValue: Swift.String\n"))
        #expect(shadowing.contains("public let typeName: Swift.String\n"))
        #expect(supportCode([("Models/User.value", "User includes(Coding, Builder) {\n  a: Int\n}\n")]) == plain)
    }

    @Test func theSpellingOfEachStandardNameAndItsModule() {
        let names = StandardNames(moduleDeclares: ["Date", "Hasher", "JSONReader", "Notification", "ObservationRegistrar"])
        #expect(names.spelling(of: "Date") == "Foundation.Date")
        #expect(names.spelling(of: "Hasher") == "Swift.Hasher")
        #expect(names.spelling(of: "JSONReader") == "ValuegenRuntime.JSONReader")
        #expect(names.spelling(of: "ObservationRegistrar") == "Observation.ObservationRegistrar")
        #expect(names.spelling(of: "String") == "String")
        #expect(names.shadowed == ["Date", "Hasher", "JSONReader", "ObservationRegistrar"], "generated code never spells Notification")
        #expect(StandardNames(moduleDeclares: ["Swift"]).qualifiedSpelling(of: "String") == "String")
        #expect(StandardNames(moduleDeclares: ["Foundation", "Date"]).unqualifiable.map(\.name) == ["Date"])
    }
}
