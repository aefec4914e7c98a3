import Foundation
import Testing
import ValuegenCore

/// Schema types may take the names of standard types (issue 40, item 2): a module that
/// declares `Notification`, `Calendar`, `Progress`, `Duration`, `Date`, `Data`, `URL`, `UUID`,
/// `Decimal`, `String`, `Result`, `Error`, `Hasher`, `JSONReader`, `Type` and `Protocol`, each with every built-in
/// feature, and a type that holds them beside Foundation's `Date` and `URL` and Swift's `String`
/// written qualified, generates, compiles with warnings as errors, and runs: every model
/// round-trips through every coding (Drivers/StandardNamesDriver.swift). Generated code then
/// qualifies the standard names the module declares (`Swift.String`, `Foundation.Date`,
/// `ValuegenRuntime.JSONReader`), and only those.
@Suite struct StandardNamesCompileTests {
    static let valueFeatures = "Builder, Diffing, With, Coding, JSON, Binary, Dictionary, Persistence"

    /// A value named like a standard type, with a rule (Validation) and Foundation's types.
    static func value(named name: String) -> String {
        """
        # A model named like a standard type.
        \(name) includes(\(valueFeatures)) {
          %range min=0 max=100
          count: Int = 1
          title: Swift.String
          at: Foundation.Date
          link: Foundation.URL?
          tags: Set<Swift.String> = []
          scores: [Swift.String: Double] = [:]
        }

        """
    }

    static let schemas: [String: String] = {
        var schemas: [String: String] = [:]
        for name in ["Notification", "Duration", "Data", "URL", "UUID", "Decimal", "Error", "Hasher", "JSONReader", "Type", "Protocol"] {
            schemas["\(name).value"] = value(named: name)
        }
        schemas["String.value"] = "String includes(\(valueFeatures)) {\n  %length min=1\n  text: Swift.String\n}\n"
        schemas["Date.value"] = "Date includes(\(valueFeatures)) {\n  seconds: Double\n}\n"
        schemas["Result.adtValue"] = """
            Result includes(Matching, Diffing, Coding, JSON, Binary, Dictionary, Persistence) {
              Success { value: Int }
              Failure { message: Swift.String }
              %unknownCase
              Unknown
            }

            """
        schemas["Calendar.object"] = "Calendar includes(Undo, Diffing, Coding, JSON, Binary, Dictionary, Persistence, Builder) {\n  name: Swift.String\n  start: Foundation.Date\n}\n"
        schemas["Progress.object"] = "Progress includes(Undo, Diffing, Coding, JSON, Binary, Dictionary, Persistence) {\n  done: Int = 0\n}\n"
        schemas["Event.value"] = """
            # The module's types named like standard ones, and the standard ones qualified.
            Event includes(\(valueFeatures)) {
              when: Date
              name: String
              at: Foundation.Date
              title: Swift.String
              outcome: Result
              notifications: [Notification] = []
              error: Error?
              link: URL?
              standardLink: Foundation.URL?
              byName: [Swift.String: Hasher] = [:]
            }

            """
        return schemas
    }()

    @Test func modelsNamedLikeStandardTypesCompileAndRoundTrip() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        for (name, text) in Self.schemas {
            try TestSupport.write(text, to: models.appendingPathComponent(name))
        }
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")

        let event = try String(contentsOf: generated.appendingPathComponent("Event.swift"), encoding: .utf8)
        #expect(event.contains("public let when: Date\n"), "the schema's Date is the module's")
        #expect(event.contains("public let at: Foundation.Date\n"))
        #expect(event.contains("extension Event: Hashable {}"), "Hashable is not declared by the module: written plainly")
        #expect(event.contains("text.append(Swift.String(reflecting: when))"))
        #expect(event.contains("init(from reader: inout ValuegenRuntime.JSONReader) throws(JSONError)"), "only the names the module declares are qualified")

        // The driver is compiled into the module, so it must not be DriverChecks.swift, which
        // writes `String` meaning Swift's.
        try FileManager.default.copyItem(at: TestSupport.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Drivers/StandardNamesDriver.swift"), to: generated.appendingPathComponent("main.swift"))
        let runtime = try SharedRuntime.folder()
        let executable = folder.appendingPathComponent("StandardNamesDriver")
        try TestSupport.compileProgram(try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }, linking: runtime, to: executable)
        let run = try runProcess(executable, [])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
    }

    /// A type of the module's Swift code named like one generated code uses is no error: the
    /// generated code qualifies the standard one.
    @Test func aSwiftTypeOfTheModuleNamedLikeAStandardOneIsQualifiedAround() throws {
        let file = GeneratorPipeline().generate(module: [SchemaSource(path: "Models/User.value", text: "User {\n  name: String\n}\n")], settings: GenerationSettings(), swiftTypeNames: ["Hasher"])[0]
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let contents = try #require(file.contents)
        #expect(contents.contains("extension User: Hashable {}"), "synthesized Hashable names no Hasher")
        let explicit = GeneratorPipeline().generate(module: [SchemaSource(path: "Models/User.value", text: "User {\n  name: String\n  %skipEquality\n  cache: Int = 0\n}\n")], settings: GenerationSettings(), swiftTypeNames: ["Hasher"])[0]
        #expect(try #require(explicit.contents).contains("func hash(into hasher: inout Swift.Hasher)"))
    }

    /// A module without such names reads as before: nothing is qualified.
    @Test func aModuleWithoutSuchNamesQualifiesNothing() throws {
        let file = GeneratorPipeline().generate(module: [SchemaSource(path: "Models/User.value", text: "User includes(JSON, Coding) {\n  name: String\n}\n")], settings: GenerationSettings(), swiftTypeNames: [])[0]
        let contents = try #require(file.contents)
        #expect(!contents.contains("Swift."))
        #expect(!contents.contains("ValuegenRuntime."))
    }
}
