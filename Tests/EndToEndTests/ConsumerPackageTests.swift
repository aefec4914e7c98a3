import Foundation
import Testing

/// Fixtures/ConsumerPackage built the way a user builds it: Valuegen as a path dependency,
/// the build-tool plugin on its Models target, and its own generator plugin (ConsumerFakes)
/// named in valuegen.json by product. In a temporary copy:
/// 1. a clean `swift build`, then `consumer-demo` prints what the generated API did; the
///    plugin's module declaration (`HasSample`, emitted for every type of two schema files)
///    is written once into ValuegenModuleSupport.swift among the build plugin's outputs, and
///    its module pass (ABI 1.4) writes SampleCatalog.swift, which valuegen.json declares in
///    "moduleFiles" and the target compiles;
/// 2. a second build runs no generator;
/// 3. touching one schema reruns the target's one generator command, which rewrites nothing;
///    editing one schema rewrites exactly its output; a schema's warning is printed on every
///    build until it is fixed, and nothing recompiles meanwhile; a deleted schema's output is
///    removed;
/// 4. a schema error fails the build with `<schema path>:<line>:<column>: error:`, and an
///    attribute named like the member the plugin declares it generates is one;
/// 5. a plugin product that does not exist is an error naming valuegen.json;
/// 6. the command plugin refuses a target that applies the build plugin, and otherwise writes
///    the files the build plugin generates;
/// 7. its import-openapi writes an OpenAPI document's schemas into a target that applies the
///    build plugin, whose next build compiles them, and refuses what it cannot do.
///
/// Models holds a recursive type that spans two schema files (Note.adtValue's `reply` case holds
/// Reply.value's struct, which holds a Note): the plugin generates all the target's schemas in
/// one run, so the case is `indirect` and the build succeeds.
///
/// ConsumerFakes' Sample feature runs isolated (the build plugin passes `--isolate-plugins` for
/// a configuration that loads plugins), so its module declaration and its declared member name
/// also cross the worker protocol.
///
/// The steps depend on each other, so they are one test.
@Suite(.serialized, .enabled(if: TestSupport.buildsPackages, "skipped: it builds a whole consumer package (minutes); set VALUEGEN_PACKAGE_TESTS=1 to run it, as .ci/run does")) struct ConsumerPackageTests {
    @Test(.timeLimit(.minutes(20)))
    func consumerPackageBuildsIncrementallyAndReportsSchemaErrors() throws {
        let scratch = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // SwiftPM names a path dependency after its folder: the copy must be named valuegen.
        let repository = scratch.appendingPathComponent("valuegen")
        try PackageBuild.copyRepository(to: repository)
        let consumer = repository.appendingPathComponent("Fixtures/ConsumerPackage")

        // 1. Clean build, then run the demo.
        let first = try PackageBuild.swiftBuild(in: consumer)
        try #require(first.status == 0, "the clean build failed:\n\(first.standardOutput)\(first.standardError)")
        #expect(PackageBuild.generatorRuns(in: first) == [generatorCommand], "\(PackageBuild.generatorRuns(in: first))")
        let demo = try runProcess(consumer.appendingPathComponent(".build/debug/consumer-demo"), [])
        #expect(demo.status == 0, "\(demo.standardError)")
        #expect(demo.standardOutput == """
            sample: Profile(userId: 7, nickname: "ada", avatarUrl: nil, email: <redacted>, tags: [])
            renamed: @grace
            builder: cannot build Profile: required attribute 'nickname' was never set
            json: {"avatar_url":"https://example.com/a.png","email":"ada@example.com","nickname":"ada","tags":[],"userId":7}
            legacy: LegacyProfile(userId: 1, nickname: "ada", avatarUrl: nil, tags: ["x"]) equal to itself: true
            shapes: [{"radius":1,"type":"circle"},{"type":"dot","value":2},{"type":"empty"}]
            thread: {"reply":{"author":"grace","quoted":{"body":"hi","type":"text"}},"type":"reply"}
            has sample: Profile.sample is Profile(userId: 7, nickname: "ada", avatarUrl: nil, email: <redacted>, tags: [])
            has sample: Reply.sample is Reply(author: "grace", quoted: Note.text(body: "hi"))
            catalog: Profile, Reply
            changed: value(old: 0, new: 2)
            counter: 2

            """)

        // 1b. Profile.value and Reply.value both include Sample, and each emits HasSample under
        //     one key: the module support file holds it once, and both types conform.
        let moduleSupport = try buildPluginOutput(in: consumer, named: "ValuegenModuleSupport.swift")
        #expect(moduleSupport.hasSuffix("""

            // MARK: - com.example.consumer.sample/HasSample

            /// A model type that includes Sample: it has a ready-made value.
            public protocol HasSample {
                /// A ready-made value for previews and tests.
                static var sample: Self { get }
            }

            """), "\(moduleSupport)")
        #expect(moduleSupport.components(separatedBy: "protocol HasSample").count == 2, "HasSample is declared once: \(moduleSupport)")
        #expect(try buildPluginOutput(in: consumer, named: "Profile.swift").contains("extension Profile: HasSample {"))
        #expect(try buildPluginOutput(in: consumer, named: "Reply.swift").contains("extension Reply: HasSample {"))

        // 2. Nothing changed: nothing is compiled, and no generator runs. SwiftPM 6.3 relinks a
        //    build-tool plugin's executable once in the first build after a clean one (its
        //    plugin-tools graph and the main graph both link it); the commands then run again
        //    because their tool changed, find every output's bytes unchanged and write nothing.
        //    From then on a no-op build runs nothing at all.
        let second = try PackageBuild.swiftBuild(in: consumer)
        #expect(second.status == 0)
        #expect(PackageBuild.compiledModules(in: second).isEmpty, "a no-op build compiled \(PackageBuild.compiledModules(in: second))")
        if !PackageBuild.generatorRuns(in: second).isEmpty {
            #expect((second.standardOutput + second.standardError).contains("Linking valuegen-tool"), "generators ran although their tool did not change: \(PackageBuild.generatorRuns(in: second))")
        }
        let settled = try PackageBuild.swiftBuild(in: consumer)
        #expect(settled.status == 0)
        #expect(PackageBuild.generatorRuns(in: settled).isEmpty, "a no-op build ran \(PackageBuild.generatorRuns(in: settled))")
        #expect(PackageBuild.compiledModules(in: settled).isEmpty, "a no-op build compiled \(PackageBuild.compiledModules(in: settled))")

        // 3. One schema touched: the target's command runs and rewrites nothing, so nothing
        //    recompiles. One schema edited: only its output is rewritten.
        let shape = consumer.appendingPathComponent("Sources/Models/Shape.adtValue")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: shape.path)
        let third = try PackageBuild.swiftBuild(in: consumer)
        #expect(third.status == 0)
        #expect(PackageBuild.generatorRuns(in: third) == [generatorCommand])
        #expect(PackageBuild.compiledModules(in: third).isEmpty, "the regenerated files have the same bytes, so nothing recompiles: \(PackageBuild.compiledModules(in: third))")

        let before = try outputModificationDates(in: consumer)
        let reply = consumer.appendingPathComponent("Sources/Models/Reply.value")
        let replySchema = try String(contentsOf: reply, encoding: .utf8)
        try Data(replySchema.replacingOccurrences(of: "# A reply to a note", with: "# An answer to a note").utf8).write(to: reply)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(7)], ofItemAtPath: reply.path)
        let edited = try PackageBuild.swiftBuild(in: consumer)
        #expect(edited.status == 0, "\(edited.standardOutput)\(edited.standardError)")
        #expect(PackageBuild.generatorRuns(in: edited) == [generatorCommand])
        #expect(PackageBuild.compiledModules(in: edited).contains("Models"))
        #expect(try buildPluginOutput(in: consumer, named: "Reply.swift").contains("/// An answer to a note"))
        let after = try outputModificationDates(in: consumer)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["Reply.swift"], "only the edited schema's output is rewritten")

        // 3b. A schema's warning shows on every build until it is fixed, not only on the build
        //     that regenerated: the command runs again (valuegen rewrote its warnings file, an
        //     input of the command) and rewrites nothing, so nothing recompiles. Fixed, the next
        //     build runs the command once more (the schema changed) and the one after nothing.
        let answered = replySchema.replacingOccurrences(of: "# A reply to a note", with: "# An answer to a note")
        try Data(answered.replacingOccurrences(of: "  author: String\n", with: "  %redact\n  author: String\n").utf8).write(to: reply)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(8)], ofItemAtPath: reply.path)
        let warning = "\(consumer.path)/Sources/Models/Reply.value:4:3: warning: %redact: no feature reads this annotation; did you mean '%redacted'?"
        for build in ["regenerating", "no-op"] {
            let warned = try PackageBuild.swiftBuild(in: consumer)
            #expect(warned.status == 0, "\(warned.standardOutput)\(warned.standardError)")
            #expect((warned.standardOutput + warned.standardError).contains(warning), "the \(build) build: \(warned.standardOutput)\(warned.standardError)")
            #expect(PackageBuild.generatorRuns(in: warned) == [generatorCommand], "the \(build) build")
            #expect(PackageBuild.compiledModules(in: warned).isEmpty, "the \(build) build compiled \(PackageBuild.compiledModules(in: warned))")
        }
        try Data(answered.utf8).write(to: reply)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(9)], ofItemAtPath: reply.path)
        let fixed = try PackageBuild.swiftBuild(in: consumer)
        #expect(fixed.status == 0)
        #expect(!(fixed.standardOutput + fixed.standardError).contains("warning: %redact"))
        #expect(PackageBuild.generatorRuns(in: fixed) == [generatorCommand])
        let quiet = try PackageBuild.swiftBuild(in: consumer)
        #expect(PackageBuild.generatorRuns(in: quiet).isEmpty, "a build after the warning was fixed ran \(PackageBuild.generatorRuns(in: quiet))")
        #expect(PackageBuild.compiledModules(in: quiet).isEmpty)

        // 3c. A schema deleted: its output leaves the build plugin's folder with it.
        let tag = consumer.appendingPathComponent("Sources/Models/Tag.value")
        try Data("Tag {\n  name: String\n}\n".utf8).write(to: tag)
        let added = try PackageBuild.swiftBuild(in: consumer)
        #expect(added.status == 0, "\(added.standardOutput)\(added.standardError)")
        #expect(try buildPluginOutputFiles(in: consumer)["Tag.swift"] != nil)
        try FileManager.default.removeItem(at: tag)
        let removed = try PackageBuild.swiftBuild(in: consumer)
        #expect(removed.status == 0, "\(removed.standardOutput)\(removed.standardError)")
        #expect(PackageBuild.generatorRuns(in: removed) == [generatorCommand])
        #expect(try buildPluginOutputFiles(in: consumer)["Tag.swift"] == nil, "the output of a deleted schema stays behind")

        // 4. A schema error fails the build at the schema's line.
        let counter = consumer.appendingPathComponent("Sources/Models/Counter.object")
        try Data("Counter {\n  title: String = \"clicks\"\n  value Int\n".utf8).write(to: counter)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: counter.path)
        let broken = try PackageBuild.swiftBuild(in: consumer)
        #expect(broken.status != 0)
        let output = broken.standardOutput + broken.standardError
        #expect(output.contains("\(counter.path):1:9: error: unterminated body of type 'Counter': expected '}'"), "\(output)")
        try Data("Counter {\n  title: String = \"clicks\"\n  value: Int = 0\n}\n".utf8).write(to: counter)

        // 4b. A type the target's own Swift code declares counts as declared: unknown before the
        //     Swift file exists, fine once it does; editing the Swift file's bodies without
        //     changing what it declares does not run the generator again.
        try Data(replySchema.replacingOccurrences(of: "  quoted: Note\n", with: "  quoted: Note\n  mood: Mood?\n").utf8).write(to: reply)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(11)], ofItemAtPath: reply.path)
        let undeclared = try PackageBuild.swiftBuild(in: consumer)
        #expect(undeclared.status != 0)
        #expect((undeclared.standardOutput + undeclared.standardError).contains("\(reply.path):7:9: error: unknown type 'Mood'"), "\(undeclared.standardOutput)\(undeclared.standardError)")
        let mood = consumer.appendingPathComponent("Sources/Models/Mood.swift")
        try Data("public enum Mood: String, Hashable, Codable, Sendable {\n    case calm\n}\n".utf8).write(to: mood)
        let declared = try PackageBuild.swiftBuild(in: consumer)
        #expect(declared.status == 0, "\(declared.standardOutput)\(declared.standardError)")
        try Data("public enum Mood: String, Hashable, Codable, Sendable {\n    case calm, cheerful\n}\n".utf8).write(to: mood)
        let bodyEdited = try PackageBuild.swiftBuild(in: consumer)
        #expect(bodyEdited.status == 0)
        #expect(PackageBuild.generatorRuns(in: bodyEdited).isEmpty, "editing a Swift file without changing its type names ran \(PackageBuild.generatorRuns(in: bodyEdited))")
        try FileManager.default.removeItem(at: mood)
        try Data(replySchema.replacingOccurrences(of: "# A reply to a note", with: "# An answer to a note").utf8).write(to: reply)

        // 4c. A type whose features need ValuegenRuntime, in a target that does not depend on
        //     it, is reported at the schema with the line to add to Package.swift. In the same
        //     build, an attribute named like the member Sample declares it generates (`sample`)
        //     is reported at the schema, naming the plugin, rather than by swiftc.
        try Data("Counter includes(JSON) {\n  title: String = \"clicks\"\n  value: Int = 0\n}\n".utf8).write(to: counter)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(12)], ofItemAtPath: counter.path)
        try Data(replySchema.replacingOccurrences(of: "  quoted: Note\n", with: "  quoted: Note\n  sample: Int = 0\n").utf8).write(to: reply)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(12)], ofItemAtPath: reply.path)
        let withoutRuntime = try PackageBuild.swiftBuild(in: consumer)
        #expect(withoutRuntime.status != 0)
        #expect((withoutRuntime.standardOutput + withoutRuntime.standardError).contains(
            "\(counter.path):1:1: error: 'Counter' includes JSON, whose generated code imports ValuegenRuntime, but target 'Models' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen\") to the dependencies of target 'Models' in Package.swift"
        ), "\(withoutRuntime.standardOutput)\(withoutRuntime.standardError)")
        let productDirectory = consumer.appendingPathComponent(".build/debug").resolvingSymlinksInPath().path
        #expect((withoutRuntime.standardOutput + withoutRuntime.standardError).contains(
            "\(reply.path):7:3: error: attribute 'sample' collides with the member 'sample', which plugin 'com.example.consumer.sample' (\(productDirectory)/libConsumerFakes.so) declares it generates for every type that includes Sample; rename the attribute (keep its JSON key with %codingKey name=\"sample\"), or leave Sample out of the features of 'Reply'"
        ), "\(withoutRuntime.standardOutput)\(withoutRuntime.standardError)")
        try Data("Counter {\n  title: String = \"clicks\"\n  value: Int = 0\n}\n".utf8).write(to: counter)
        try Data(replySchema.replacingOccurrences(of: "# A reply to a note", with: "# An answer to a note").utf8).write(to: reply)

        // 5. A plugin product that does not exist is an error naming valuegen.json. SwiftPM runs
        //    the build plugin again only when the target's files change; then the plugin lists
        //    the dynamic library products that exist. Otherwise the commands run with the
        //    changed valuegen.json and valuegen lists the libraries that were built.
        let configuration = consumer.appendingPathComponent("Sources/Models/valuegen.json")
        let original = try Data(contentsOf: configuration)
        try Data(#"{"plugins": [{"product": "ConsumerFakez"}]}"#.utf8).write(to: configuration)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(15)], ofItemAtPath: configuration.path)
        let unknownProduct = try PackageBuild.swiftBuild(in: consumer)
        #expect(unknownProduct.status != 0)
        #expect((unknownProduct.standardOutput + unknownProduct.standardError).contains(
            "\(configuration.path): error: plugins[0] names the plugin product 'ConsumerFakez', but no libConsumerFakez.so was built in \(productDirectory) (built there: libConsumerFakes.so); name a dynamic library product (.library(name:type: .dynamic, targets:)) of this package or its dependencies"
        ), "\(unknownProduct.standardOutput)\(unknownProduct.standardError)")

        let extra = consumer.appendingPathComponent("Sources/Models/Extra.value")
        try Data("Extra {\n  id: Int\n}\n".utf8).write(to: extra)
        let replanned = try PackageBuild.swiftBuild(in: consumer)
        #expect(replanned.status != 0)
        #expect((replanned.standardOutput + replanned.standardError).contains(
            "\(configuration.path): error: plugins[0] names the product 'ConsumerFakez', which is not a dynamic library product of this package or its dependencies; the dynamic library products are ConsumerFakes."
        ), "\(replanned.standardOutput)\(replanned.standardError)")
        try FileManager.default.removeItem(at: extra)
        try original.write(to: configuration)

        // 6. The command plugin refuses Models while it applies the build plugin (every type
        //    would be declared twice), and writes nothing. Without the build plugin it writes
        //    the same files into Sources/Models/Generated.
        let generateModels = ["package", "--package-path", consumer.path, "--allow-writing-to-package-directory", "generate-models", "--target", "Models"]
        let generated = consumer.appendingPathComponent("Sources/Models/Generated")
        let refused = try PackageBuild.swiftPM(generateModels)
        #expect(refused.status != 0)
        #expect((refused.standardOutput + refused.standardError).contains(
            "error: target 'Models' also applies ValuegenBuildPlugin, which generates the same files on every build, so the files written into Sources/Models/Generated would declare every type twice (SwiftPM: \"multiple producers\"); to commit the generated code, remove ValuegenBuildPlugin from the plugins of 'Models' in Package.swift and run generate-models again, or keep the build plugin and leave 'Models' out of generate-models. Nothing was written."
        ), "\(refused.standardOutput)\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: generated.path))

        let manifest = consumer.appendingPathComponent("Package.swift")
        let manifestText = try String(contentsOf: manifest, encoding: .utf8)
        let buildPluginUsage = #"plugins: [.plugin(name: "ValuegenBuildPlugin", package: "valuegen")]"#
        try #require(manifestText.contains(buildPluginUsage))
        try Data(manifestText.replacingOccurrences(of: buildPluginUsage, with: "plugins: []").utf8).write(to: manifest)
        let command = try PackageBuild.swiftPM(generateModels)
        #expect(command.status == 0, "\(command.standardOutput)\(command.standardError)")
        #expect(try TestSupport.files(in: generated) == ["Counter.swift", "LegacyProfile.swift", "Note.swift", "Profile.swift", "Reply.swift", "SampleCatalog.swift", "Shape.swift", "ValuegenModuleSupport.swift"])
        for name in ["Profile.swift", "SampleCatalog.swift", "ValuegenModuleSupport.swift"] {
            let built = try buildPluginOutput(in: consumer, named: name)
            #expect(try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8) == built, "the command plugin and the build plugin generate the same \(name)")
        }

        // 7. import-openapi writes an OpenAPI document's schemas into a target that applies the
        //    build plugin (Sources/API/Schemas), and the next build generates and compiles them:
        //    import once, commit the schemas, generate at build time.
        try FileManager.default.removeItem(at: generated)
        let withAPI = manifestText.replacingOccurrences(of: "        .executableTarget(\n            name: \"consumer-demo\"", with: """
                .target(
                    name: "API",
                    dependencies: [.product(name: "ValuegenRuntime", package: "valuegen")],
                    plugins: [.plugin(name: "ValuegenBuildPlugin", package: "valuegen")]
                ),
                .executableTarget(
                    name: "consumer-demo"
        """)
        try #require(withAPI != manifestText)
        try Data(withAPI.utf8).write(to: manifest)
        let api = consumer.appendingPathComponent("Sources/API")
        try TestSupport.write("""
            import Foundation
            import ValuegenRuntime

            /// A pet as the store's API sends it, read with the models imported from its document.
            public func pet(fromJSON json: String) throws -> Pet {
                try Pet(jsonData: Data(json.utf8))
            }

            """, to: api.appendingPathComponent("Pets.swift"))
        let importOpenAPI = ["package", "--package-path", consumer.path, "--allow-writing-to-package-directory", "generate-models", "import-openapi"]
        let document = "../Import/Petstore/openapi.json"
        let noTarget = try PackageBuild.swiftPM(importOpenAPI + [document])
        #expect(noTarget.status != 0 && (noTarget.standardOutput + noTarget.standardError).contains(
            "error: import-openapi writes into one target: name it with --target NAME; write generate-models import-openapi DOCUMENT --target NAME [--output FOLDER] [--include GLOB]... [--exclude GLOB]... [--constraints] [--quiet]"
        ), "\(noTarget.standardOutput)\(noTarget.standardError)")
        let unknownTarget = try PackageBuild.swiftPM(importOpenAPI + [document, "--target", "Store"])
        #expect(unknownTarget.status != 0 && (unknownTarget.standardOutput + unknownTarget.standardError).contains(
            "error: the package has no target 'Store' to import into; its targets are API, ConsumerFakes, Models, consumer-demo. Add the target to Package.swift (with ValuegenBuildPlugin among its plugins and ValuegenRuntime among its dependencies) first."
        ), "\(unknownTarget.standardOutput)\(unknownTarget.standardError)")
        let outside = try PackageBuild.swiftPM(importOpenAPI + [document, "--target", "API", "--output", "../Models"])
        #expect(outside.status != 0 && (outside.standardOutput + outside.standardError).contains(
            "error: --output '../Models' must be a folder inside the target, such as Schemas or API/Schemas"
        ), "\(outside.standardOutput)\(outside.standardError)")
        let badInclude = try PackageBuild.swiftPM(importOpenAPI + [document, "--target", "API", "--include", "Invoice"])
        #expect(badInclude.status != 0 && (badInclude.standardOutput + badInclude.standardError).contains(
            "error: --include 'Invoice' matches no component of components/schemas"
        ) && (badInclude.standardOutput + badInclude.standardError).contains("valuegen failed for target 'API' (exit status 2)"), "\(badInclude.standardOutput)\(badInclude.standardError)")
        let schemas = api.appendingPathComponent("Schemas")
        #expect(!FileManager.default.fileExists(atPath: schemas.path), "nothing is written for a refused import")
        let imported = try PackageBuild.swiftPM(importOpenAPI + [document, "--target", "API", "--include", "Pet"])
        #expect(imported.status == 0 && imported.standardOutput.contains("Imported 2 of 12 components of "), "\(imported.standardOutput)\(imported.standardError)")
        #expect(try TestSupport.files(in: schemas) == ["Pet.value", "PetCategory.value", "PetStatus.adtValue"])
        let golden = repository.appendingPathComponent("Fixtures/Import/Petstore/Schemas/Pet.value")
        #expect(try String(contentsOf: schemas.appendingPathComponent("Pet.value"), encoding: .utf8) == String(contentsOf: golden, encoding: .utf8))
        let withImport = try PackageBuild.swiftBuild(in: consumer)
        #expect(withImport.status == 0, "\(withImport.standardOutput)\(withImport.standardError)")
        #expect(PackageBuild.generatorRuns(in: withImport).contains("Valuegen: generating 3 files from API's schemas"), "\(PackageBuild.generatorRuns(in: withImport))")
    }

    /// The display name of the one command the build-tool plugin makes for Models.
    private let generatorCommand = "Valuegen: generating 6 files from Models's schemas"

    /// A file the build-tool plugin generated in its work directory.
    private func buildPluginOutput(in package: URL, named name: String) throws -> String {
        guard let file = try buildPluginOutputFiles(in: package)[name] else {
            throw TestFailure("no \(name) among the build plugin's outputs")
        }
        return try String(contentsOf: file, encoding: .utf8)
    }

    /// The Swift files the build-tool plugin generated for Models, by name, with when each was
    /// last written.
    private func outputModificationDates(in package: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        for (name, file) in try buildPluginOutputFiles(in: package) {
            guard let date = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date else {
                throw TestFailure("no modification date for \(file.path)")
            }
            dates[name] = date
        }
        return dates
    }

    /// The Swift files in the build-tool plugin's work directory for Models, by name.
    private func buildPluginOutputFiles(in package: URL) throws -> [String: URL] {
        let outputs = package.appendingPathComponent(".build/plugins/outputs")
        var files: [String: URL] = [:]
        for path in try TestSupport.files(in: outputs) where path.hasSuffix(".swift") {
            let components = path.split(separator: "/")
            guard components.contains("Models"), components.dropLast().last == "ValuegenBuildPlugin" else { continue }
            files[String(components.last!)] = outputs.appendingPathComponent(path)
        }
        return files
    }
}
