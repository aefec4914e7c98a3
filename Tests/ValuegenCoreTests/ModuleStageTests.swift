import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// The module stage as a whole: whether the target can import ValuegenRuntime, and the same
/// diagnostics in every order the files come in.
@Suite("Module stage")
struct ModuleStageTests {
    /// Resolves the files as one module with the given runtime availability: each file's
    /// diagnostics, in the order the files were given.
    private func diagnostics(_ files: [(path: String, text: String)], runtime: RuntimeAvailability) -> [String] {
        let pipeline = GeneratorPipeline()
        let resolved = files.map { pipeline.resolve(SchemaSource(path: $0.path, text: $0.text), settings: GenerationSettings()) }
        return ModuleResolver(runtimeIsAvailable: runtime).resolve(resolved).schemas
            .flatMap { $0.diagnostics.diagnostics.inSourceOrder().map(\.description) }
    }

    // MARK: - ValuegenRuntime

    private let runtimeFiles = [
        (path: "Models/Post.value", text: "Post {\n  title: String\n}\n\nComment includes(JSON) {\n  text: String\n}\nReply includes(Binary) {\n  text: String\n}\n"),
        (path: "Models/Tag.value", text: "Tag includes(Coding, Builder) {\n  name: String\n}\n"),
        (path: "Models/Archive.value", text: "Archive includes(Persistence) {\n  posts: [String]\n}\n"),
    ]

    @Test func typeThatNeedsTheRuntimeInATargetWithoutItIsOneErrorPerFileAtItsFirstSuchType() {
        #expect(diagnostics(runtimeFiles, runtime: .missing(target: "Models", package: "valuegen")) == [
            "Models/Post.value:5:1: error: 'Comment' includes JSON, whose generated code imports ValuegenRuntime, but target 'Models' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen\") to the dependencies of target 'Models' in Package.swift",
            "Models/Archive.value:1:1: error: 'Archive' includes Persistence, whose generated code imports ValuegenRuntime, but target 'Models' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen\") to the dependencies of target 'Models' in Package.swift",
        ])
    }

    @Test func missingRuntimeMessageNamesThePackageAsTheManifestMustSpellIt() {
        let file = [(path: "Models/Reply.value", text: "Reply includes(Binary) {\n  text: String\n}\n")]
        #expect(diagnostics(file, runtime: .missing(target: "App", package: "valuegen-fork")) == [
            "Models/Reply.value:1:1: error: 'Reply' includes Binary, whose generated code imports ValuegenRuntime, but target 'App' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen-fork\") to the dependencies of target 'App' in Package.swift",
        ])
    }

    @Test func runtimeThatIsAvailableOrNotKnownIsNoError() {
        #expect(diagnostics(runtimeFiles, runtime: .available) == [])
        #expect(diagnostics(runtimeFiles, runtime: .unknown) == [])
    }

    // MARK: - Determinism

    /// Files whose diagnostics come from every step of the module stage, some pointing into
    /// other files.
    private let mixedModule = [
        (path: "Models/Author.value", text: "Author excludes(Equality) {\n  name: String\n}\n"),
        (path: "Models/Account.object", text: "Account {\n  name: String\n}\n"),
        (path: "Models/Legacy.value", text: "Author {\n  name: String\n}\n"),
        (path: "Models/Post.value", text: "Post includes(JSON) {\n  author: Auther\n  writer: Author\n  count: Int = \"zero\"\n  tags: Set<Account>\n}\n"),
        (path: "Models/Thread.value", text: "Thread {\n  posts: [Post]\n  owner: Account\n  mood: Mood\n}\n"),
    ]

    /// Each file's diagnostics, by path.
    private func diagnosticsByFile(_ files: [(path: String, text: String)]) -> [String: [String]] {
        let generated = GeneratorPipeline().generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: GenerationSettings())
        var result: [String: [String]] = [:]
        for file in generated {
            result[file.source.path] = file.diagnostics.map(\.description)
        }
        return result
    }

    @Test func everyFileGetsTheDiagnosticsAboutIt() {
        let found = diagnosticsByFile(mixedModule)
        #expect(found["Models/Author.value"] == [])
        #expect(found["Models/Account.object"] == [])
        #expect(found["Models/Legacy.value"] == [
            "Models/Legacy.value:1:1: error: type 'Author' is already declared in Author.value; a module can declare a type once, so rename one of them or delete one file",
            "Models/Author.value:1:1: note: 'Author' first declared here",
        ])
        #expect(found["Models/Post.value"] == [
            "Models/Post.value:2:11: error: unknown type 'Auther'; did you mean 'Author'?",
            "Models/Post.value:3:11: error: 'Post' includes JSON, which needs the same on every model it holds, but 'Author' (Author.value) does not include JSON; add JSON to the includes(...) of 'Author'",
            "Models/Post.value:4:16: error: the default of 'count' is a string literal, but 'Int' takes an integer literal",
            "Models/Post.value:5:13: error: 'Post' includes JSON, which needs the same on every model it holds, but 'Account' (Account.object) does not include JSON; add JSON to the includes(...) of 'Account'",
            "Models/Post.value:5:13: error: attribute 'tags' uses 'Account' as a Set element or dictionary key, which must be Hashable, but 'Account' is an object (Account.object); use an array, or key by an identifier",
        ])
        #expect(found["Models/Thread.value"] == [
            "Models/Thread.value:4:9: error: unknown type 'Mood'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Mood library=ModuleName'",
        ])
    }

    @Test func diagnosticsAreTheSameInEveryFileOrder() {
        let expected = diagnosticsByFile(mixedModule)
        #expect(diagnosticsByFile(mixedModule.reversed()) == expected)
        for shift in 1..<mixedModule.count {
            let rotated = Array(mixedModule[shift...] + mixedModule[..<shift])
            #expect(diagnosticsByFile(rotated) == expected, "files starting at \(rotated[0].path)")
        }
    }

    @Test func resolvedModelsAreTheSameInEveryFileOrder() {
        let files = mixedModule.filter { $0.path != "Models/Legacy.value" }
        func includes(_ files: [(path: String, text: String)]) -> [String: [String]] {
            var result: [String: [String]] = [:]
            for type in resolveModule(files).requests.flatMap(\.types) {
                result[type.name] = type.includes
            }
            return result
        }
        let expected = includes(files)
        #expect(includes(files.reversed()) == expected)
    }
}
