import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// Equality, Sendable, JSON, Binary and Coding hold only when every model a type holds has
/// them too: a default that cannot hold is left out quietly, across files; an explicit one is an
/// error at the held type's name, naming the include to add.
@Suite("Module stage: what features need from the types a type holds")
struct ModuleFeatureRequirementTests {
    private let author = (path: "Models/Author.value", text: "Author {\n  name: String\n}\n")
    private let account = (path: "Models/Account.object", text: "Account {\n  name: String\n}\n")

    /// The includes of every type of the module, by type name, as the features receive them.
    private func includes(_ files: [(path: String, text: String)], settings: GenerationSettings = GenerationSettings()) -> [String: [String]] {
        let (requests, diagnostics) = resolveModule(files, settings: settings)
        #expect(diagnostics == [])
        var result: [String: [String]] = [:]
        for type in requests.flatMap(\.types) {
            result[type.name] = type.includes
        }
        return result
    }

    // MARK: - Explicit includes

    @Test func explicitJSONHoldingAModelWithoutJSONNamesTheIncludeToAdd() {
        let post = (path: "Models/Post.value", text: "Post includes(JSON) {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:11: error: 'Post' includes JSON, which needs the same on every model it holds, but 'Author' (Author.value) does not include JSON; add JSON to the includes(...) of 'Author'",
        ])
    }

    @Test func explicitFeaturesMissingFromTheSameHeldTypeAreOneError() {
        let post = (path: "Models/Post.value", text: "Post includes(JSON, Binary) {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:11: error: 'Post' includes JSON and Binary, which need the same on every model it holds, but 'Author' (Author.value) does not include JSON and Binary; add JSON and Binary to the includes(...) of 'Author'",
        ])
    }

    @Test func heldTypeIsFoundInArraysAndDictionaryValues() {
        let post = (path: "Models/Post.value", text: "Post includes(Coding) {\n  authors: [Author]\n  byName: [String: Author?]\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:13: error: 'Post' includes Coding, which needs the same on every model it holds, but 'Author' (Author.value) does not include Coding; add Coding to the includes(...) of 'Author'",
            "Models/Post.value:3:20: error: 'Post' includes Coding, which needs the same on every model it holds, but 'Author' (Author.value) does not include Coding; add Coding to the includes(...) of 'Author'",
        ])
    }

    @Test func persistenceHoldingAModelWithOnlyCodingNamesWhatItLacks() {
        let author = (path: "Models/Author.value", text: "Author includes(Coding) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post includes(Persistence) {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:11: error: 'Post' includes Persistence, which needs JSON, Binary and Coding on every model it holds, but 'Author' (Author.value) does not include JSON and Binary; add JSON and Binary to the includes(...) of 'Author'",
        ])
    }

    @Test func heldTypeThatExcludesTheFeatureIsToldToStopExcludingIt() {
        let author = (path: "Models/Author.value", text: "Author excludes(Equality) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post includes(Equality) {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:11: error: 'Post' includes Equality, which needs the same on every model it holds, but 'Author' (Author.value) does not include Equality; remove Equality from the excludes(...) of 'Author'",
        ])
    }

    @Test func heldTypeThatExcludesOneFeatureAndLacksAnotherIsToldBoth() {
        let author = (path: "Models/Author.value", text: "Author excludes(Equality) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post includes(Equality, JSON) {\n  author: Author\n}\n")
        #expect(moduleDiagnostics([author, post]) == [
            "Models/Post.value:2:11: error: 'Post' includes Equality and JSON, which need the same on every model it holds, but 'Author' (Author.value) does not include Equality and JSON; remove Equality from the excludes(...) of 'Author' and add JSON to its includes(...)",
        ])
    }

    @Test func explicitEqualityHoldingAnObjectIsAnError() {
        let post = (path: "Models/Post.value", text: "Post includes(Equality) {\n  owner: Account\n}\n")
        #expect(moduleDiagnostics([account, post]) == [
            "Models/Post.value:2:10: error: 'Post' includes Equality, but attribute 'owner' holds 'Account', an object (Account.object), and objects are not Equatable or Hashable; mark 'owner' %skipEquality, or remove Equality from includes(...)",
        ])
    }

    @Test func explicitEqualityAndJSONHoldingAnObjectDoNotAskForEqualityOnTheObject() {
        // Now one message: "add Equality and JSON to the includes(...) of 'Account'", but Equality
        // is not available for objects.
        let post = (path: "Models/Post.value", text: "Post includes(Equality, JSON) {\n  owner: Account\n}\n")
        #expect(moduleDiagnostics([account, post]) == [
            "Models/Post.value:2:10: error: 'Post' includes Equality, but attribute 'owner' holds 'Account', an object (Account.object), and objects are not Equatable or Hashable; mark 'owner' %skipEquality, or remove Equality from includes(...)",
            "Models/Post.value:2:10: error: 'Post' includes JSON, which needs the same on every model it holds, but 'Account' (Account.object) does not include JSON; add JSON to the includes(...) of 'Account'",
        ])
        let skipped = (path: "Models/Post.value", text: "Post includes(Equality, JSON) {\n  %skipEquality\n  owner: Account\n}\n")
        #expect(moduleDiagnostics([account, skipped]) == [
            "Models/Post.value:3:10: error: 'Post' includes JSON, which needs the same on every model it holds, but 'Account' (Account.object) does not include JSON; add JSON to the includes(...) of 'Account'",
        ])
    }

    @Test func explicitEqualityHoldingAnObjectInAPayloadCannotSkipIt() {
        let event = (path: "Models/Event.adtValue", text: "Event includes(Equality) {\n  Opened { by: Account }\n  %singleAttributeSubtype attributeType=\"Account\"\n  Closed\n}\n")
        #expect(moduleDiagnostics([account, event]) == [
            "Models/Event.adtValue:2:16: error: 'Event' includes Equality, but attribute 'by' holds 'Account', an object (Account.object), and objects are not Equatable or Hashable; mark 'by' %skipEquality, or remove Equality from includes(...)",
            "Models/Event.adtValue:4:3: error: 'Event' includes Equality, but the payload of subtype 'Closed' holds 'Account', an object (Account.object), and objects are not Equatable or Hashable; remove Equality from includes(...)",
        ])
    }

    @Test func skipEqualityAttributeDoesNotBlockEquality() {
        let post = (path: "Models/Post.value", text: "Post includes(Equality) {\n  %skipEquality\n  owner: Account\n  title: String\n}\n")
        #expect(moduleDiagnostics([account, post]) == [])
        let quiet = (path: "Models/Post.value", text: "Post {\n  %skipEquality\n  owner: Account\n  title: String\n}\n")
        #expect(includes([account, quiet])["Post"] == ["Value", "Equality", "Description"])
    }

    // MARK: - Defaults left out quietly

    @Test func defaultEqualityAndSendableAreLeftOutQuietlyAndSoAreTheHolders() {
        let post = (path: "Models/Post.value", text: "Post {\n  owner: Account\n}\n")
        let thread = (path: "Models/Thread.value", text: "Thread {\n  posts: [Post]\n}\n")
        let other = (path: "Models/Tag.value", text: "Tag {\n  name: String\n}\n")
        let found = includes([thread, account, post, other])
        #expect(found["Post"] == ["Value", "Description"])
        #expect(found["Thread"] == ["Value", "Description"])
        #expect(found["Tag"] == ["Value", "Equality", "Sendable", "Description"])
        #expect(moduleDiagnostics([thread, account, post, other]) == [])
    }

    @Test func configurationDefaultJSONIsLeftOutQuietlyAndSoAreTheHolders() {
        let author = (path: "Models/Author.value", text: "Author excludes(JSON) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post {\n  author: Author\n}\n")
        let thread = (path: "Models/Thread.value", text: "Thread {\n  post: Post?\n}\nSolo {\n  n: Int\n}\n")
        let found = includes([author, post, thread], settings: GenerationSettings(defaultIncludes: ["JSON"]))
        #expect(found["Post"] == ["Value", "Equality", "Sendable", "Description"])
        #expect(found["Thread"] == ["Value", "Equality", "Sendable", "Description"])
        #expect(found["Solo"] == ["Value", "Equality", "Sendable", "Description", "JSON"])
    }

    @Test func defaultPersistenceGoesWithTheJSONItNeeds() {
        let author = (path: "Models/Author.value", text: "Author includes(Binary, Coding) excludes(Persistence, JSON) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post {\n  author: Author\n}\n")
        let found = includes([author, post], settings: GenerationSettings(defaultIncludes: ["Persistence"]))
        #expect(found["Post"] == ["Value", "Equality", "Sendable", "Description", "Coding", "Binary"])
    }

    // MARK: - Set elements and dictionary keys

    @Test func objectAsASetElementOrDictionaryKeyIsAnError() {
        let post = (path: "Models/Post.value", text: "Post excludes(Equality) {\n  owners: Set<Account>\n  counts: [Account: Int]\n  byName: [String: Account]\n}\n")
        #expect(moduleDiagnostics([account, post]) == [
            "Models/Post.value:2:15: error: attribute 'owners' uses 'Account' as a Set element or dictionary key, which must be Hashable, but 'Account' is an object (Account.object); use an array, or key by an identifier",
            "Models/Post.value:3:12: error: attribute 'counts' uses 'Account' as a Set element or dictionary key, which must be Hashable, but 'Account' is an object (Account.object); use an array, or key by an identifier",
        ])
    }

    @Test func valueWithoutEqualityAsASetElementOrDictionaryKeyIsAnError() {
        let tag = (path: "Models/Tag.value", text: "Tag excludes(Equality) {\n  name: String\n}\n")
        let post = (path: "Models/Post.value", text: "Post excludes(Equality) {\n  tags: Set<Tag>\n  byTag: [Tag: Int]\n}\n")
        #expect(moduleDiagnostics([tag, post]) == [
            "Models/Post.value:2:13: error: attribute 'tags' uses 'Tag' as a Set element or dictionary key, which must be Hashable, but 'Tag' (Tag.value) does not include Equality; remove Equality from the excludes(...) of 'Tag'",
            "Models/Post.value:3:11: error: attribute 'byTag' uses 'Tag' as a Set element or dictionary key, which must be Hashable, but 'Tag' (Tag.value) does not include Equality; remove Equality from the excludes(...) of 'Tag'",
        ])
    }

    // MARK: - Types valuegen cannot see into

    @Test func percentTypeIsTrustedForEveryFeatureButSendable() {
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "%type name=Money library=Payments\nPost includes(Equality, JSON, Binary, Coding) {\n  price: Money\n  prices: Set<Money>\n}\n")]) == [])
    }

    @Test func percentTypeWithoutSendableTrueIsNotSendable() {
        let post = (path: "Models/Post.value", text: "%type name=Money library=Payments\nPost {\n  price: Money\n}\n")
        #expect(includes([post])["Post"] == ["Value", "Equality", "Description"])
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "%type name=Money library=Payments\nPost includes(Sendable) {\n  price: Money\n}\n")]) == [
            "Models/Post.value:3:3: error: 'Post' cannot be Sendable: attribute 'price' has type 'Money', which is not known to be Sendable; declare it with '%type name=Money sendable=true' if it is, or exclude Sendable",
        ])
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "%type name=Money library=Payments sendable=true\nPost includes(Sendable) {\n  price: Money\n}\n")]) == [])
    }

    @Test func nameTakenOnTrustFromAnImportIsTrustedForEveryFeatureButSendable() {
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "%import name=Media\nPost includes(Equality, JSON, Binary, Coding) {\n  photo: Photo\n}\n")]) == [])
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "%import name=Media\nPost includes(Sendable) {\n  photo: Photo\n}\n")]) == [
            "Models/Post.value:3:3: error: 'Post' cannot be Sendable: attribute 'photo' has type 'Photo', which is not known to be Sendable; declare it with '%type name=Photo sendable=true' if it is, or exclude Sendable",
        ])
    }

    @Test func swiftTypeThatSaysItConformsIsTrusted() {
        let money = swiftTypes("Money", conformances: ["Hashable", "Codable", "JSONCodable", "BinaryCodable"])
        #expect(moduleDiagnostics([(path: "Models/Post.value", text: "Post includes(Equality, JSON, Binary, Coding) {\n  price: Money\n}\n")], swiftTypes: money) == [])
    }

    @Test func swiftTypeIsSendableOnlyWhenItsDeclarationOrAnExtensionSaysSo() {
        let post = (path: "Models/Post.value", text: "Post includes(Sendable) {\n  price: Money\n}\n")
        #expect(moduleDiagnostics([post], swiftTypes: swiftTypes("Money", conformances: ["Hashable", "Sendable"])) == [])
        let extended = swiftTypes("Money", conformances: ["Hashable"])
            + [SwiftTypeDeclaration(name: "Money", kind: "extension", conformances: ["Sendable"], path: "Sources/Models/Money+Sendable.swift", line: 1, column: 11)]
        #expect(moduleDiagnostics([post], swiftTypes: extended) == [])
    }

    @Test func swiftTypeThatIsNotSendableIsAnErrorNamingItsDeclaration() {
        let post = (path: "Models/Post.value", text: "Post includes(Sendable) {\n  price: Money\n}\n")
        #expect(moduleDiagnostics([post], swiftTypes: swiftTypes("Money", conformances: ["Hashable"])) == [
            "Models/Post.value:2:10: error: 'Post' includes Sendable, but 'Money' is not declared Sendable (Sources/Models/Handwritten.swift:1:1); add ': Sendable' (or '@unchecked Sendable') to its declaration, or remove Sendable from includes(...)",
        ])
    }

    @Test func explicitSendableHoldingAnObjectIsAnError() {
        let thread = (path: "Models/Thread.value", text: "Thread includes(Sendable) {\n  owner: Account\n}\n")
        #expect(moduleDiagnostics([account, thread]) == [
            "Models/Thread.value:2:10: error: 'Thread' includes Sendable, but attribute 'owner' holds 'Account', an object (Account.object), and objects are not Sendable; remove Sendable from includes(...)",
        ])
    }

    @Test func explicitSendableHoldingAValueThatCannotBeSendableIsAnError() {
        let post = (path: "Models/Post.value", text: "Post {\n  owner: Account\n}\n")
        let topic = (path: "Models/Topic.value", text: "Topic includes(Sendable) {\n  post: Post\n}\n")
        #expect(moduleDiagnostics([account, post, topic]) == [
            "Models/Topic.value:2:9: error: 'Topic' includes Sendable, which needs the same on every model it holds, but 'Post' (Post.value) is not Sendable; make 'Post' Sendable (what it holds decides), or remove Sendable from includes(...)",
        ])
    }
}
