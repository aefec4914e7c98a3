import Foundation
import Testing

/// Fixtures/PrebuiltToolConsumer built the way a user of the prebuilt tool builds it: the build
/// plugin from the package `.ci/build-artifact-bundle.sh` writes (ValuegenPrebuiltBuildPlugin,
/// whose tool is a binary target: valuegen.artifactbundle, by path), and ValuegenRuntime from
/// the valuegen package. In a temporary copy of the repository:
/// 1. the script packages the `valuegen` this test target was built with (building a release
///    tool with a static standard library takes minutes; packaging is what is tested here);
/// 2. a clean `swift build` runs the bundle's valuegen on the five schemas, compiles no module
///    of Valuegen's tool, and `prebuilt-demo` prints what the generated API did;
/// 3. a second build runs no generator and compiles nothing: with a prebuilt tool there is no
///    relink of the tool either;
/// 4. a generator plugin named by product in valuegen.json is an error naming the file, since
///    the prebuilt tool cannot be told where SwiftPM builds products.
///
/// The steps depend on each other, so they are one test.
@Suite(.serialized, .enabled(if: TestSupport.buildsPackages, "skipped: it builds a whole consumer package (minutes); set VALUEGEN_PACKAGE_TESTS=1 to run it, as .ci/run does")) struct PrebuiltToolConsumerTests {
    @Test(.timeLimit(.minutes(15)))
    func consumerBuildsWithThePrebuiltToolWithoutCompilingIt() throws {
        let scratch = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let repository = scratch.appendingPathComponent("valuegen")
        try PackageBuild.copyRepository(to: repository)
        let consumer = repository.appendingPathComponent("Fixtures/PrebuiltToolConsumer")

        // 1. The artifact bundle and the plugin package, from the valuegen beside the tests.
        let script = try runProcess(URL(fileURLWithPath: "/bin/bash"), [
            repository.appendingPathComponent(".ci/build-artifact-bundle.sh").path,
            "--tool", try TestSupport.valuegenExecutable.path,
            "--output", scratch.appendingPathComponent("bundle").path,
            "--plugin-package", consumer.appendingPathComponent("valuegen-plugin").path,
        ])
        try #require(script.status == 0, "build-artifact-bundle.sh failed:\n\(script.standardOutput)\(script.standardError)")
        let info = try String(contentsOf: consumer.appendingPathComponent("valuegen-plugin/valuegen.artifactbundle/info.json"), encoding: .utf8)
        #expect(info.contains(#""type": "executable""#) && info.contains(#""valuegen": {"#), "\(info)")

        // 2. Clean build: the generator runs from the bundle, and no module of the tool compiles.
        let first = try PackageBuild.swiftBuild(in: consumer)
        try #require(first.status == 0, "the clean build failed:\n\(first.standardOutput)\(first.standardError)")
        #expect(PackageBuild.generatorRuns(in: first) == ["Valuegen: generating 5 files from Models's schemas"], "\(PackageBuild.generatorRuns(in: first))")
        let compiled = PackageBuild.compiledModules(in: first)
        #expect(compiled.isDisjoint(with: ["valuegen", "ValuegenCore", "ValuegenPluginHost", "ValuegenPluginSDK"]), "the prebuilt tool's consumer compiled \(compiled.sorted())")
        #expect(compiled.isSuperset(of: ["ValuegenRuntime", "Models", "prebuilt_demo"]), "\(compiled.sorted())")
        #expect(!(first.standardOutput + first.standardError).contains("Linking valuegen-tool"))
        let demo = try runProcess(consumer.appendingPathComponent(".build/debug/prebuilt-demo"), [])
        #expect(demo.status == 0, "\(demo.standardError)")
        #expect(demo.standardOutput == """
            account: Account(accountId: 7, name: "ada", email: <redacted>, address: Address(street: "1 Main St", city: "Springfield", zipCode: "00000"), status: Status.active, tags: [])
            suspended: Status.suspended(reason: "unpaid")
            json: {"accountId":7,"name":"ada","email":"ada@example.com","address":{"street":"1 Main St","city":"Springfield","zip code":"00000"},"status":{"type":"active"},"tags":[]}
            read back equal: true
            invoice: {"accountId":7,"amountInCents":1250,"invoiceId":1,"lines":[]}
            draft: Draft(title: "untitled", lineCount: 2)

            """)

        // 3. Nothing changed: no generator runs, nothing compiles or links.
        let second = try PackageBuild.swiftBuild(in: consumer)
        #expect(second.status == 0)
        #expect(PackageBuild.generatorRuns(in: second).isEmpty, "a no-op build ran \(PackageBuild.generatorRuns(in: second))")
        #expect(PackageBuild.compiledModules(in: second).isEmpty, "a no-op build compiled \(PackageBuild.compiledModules(in: second))")
        #expect(!(second.standardOutput + second.standardError).contains("Linking"), "\(second.standardOutput)")

        // 4. A generator plugin named by product: the prebuilt tool is not told where SwiftPM
        //    builds products, so the plugin says so, naming valuegen.json and the ways out.
        //    (A new schema makes SwiftPM run the build plugin again.)
        let configuration = consumer.appendingPathComponent("Sources/Models/valuegen.json")
        try Data(#"{"defaultIncludes": ["With"], "plugins": [{"product": "ModelFakes"}]}"#.utf8).write(to: configuration)
        try Data("Extra {\n  id: Int\n}\n".utf8).write(to: consumer.appendingPathComponent("Sources/Models/Extra.value"))
        let byProduct = try PackageBuild.swiftBuild(in: consumer)
        #expect(byProduct.status != 0)
        #expect((byProduct.standardOutput + byProduct.standardError).contains(
            "\(configuration.path): error: plugins[0] names the product 'ModelFakes', but ValuegenPrebuiltBuildPlugin runs a prebuilt valuegen, which is not told where SwiftPM builds 'ModelFakes'; apply ValuegenBuildPlugin (package: \"valuegen\"), which builds valuegen beside the products, or name the library by its path: {\"path\": \"...\"}"
        ), "\(byProduct.standardOutput)\(byProduct.standardError)")
    }
}
