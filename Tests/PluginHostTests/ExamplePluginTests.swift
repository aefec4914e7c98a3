import Foundation
import Testing
import ValuegenCore
import ValuegenPluginHost

/// The example plugins of Fixtures/Plugins, built as their authors would build them: Fake, a
/// Swift plugin written with the PluginSDK, and AttributeNames, a C plugin that uses only
/// valuegen_plugin.h and reads the request through `valuegen.query/1`. The code they
/// generate compiles with the rest of the generated code and behaves as docs/WritingPlugins.md
/// says, in-process and with `--isolate-plugins` alike.
@Suite(.serialized) struct ExamplePluginTests {
    // MARK: - Loading

    @Test func bothPluginsDescribeThemselvesToPluginsInspect() throws {
        let fake = try ExamplePlugins.fake()
        let inspectFake = try ProcessRunner.valuegen(["plugins", "inspect", fake], in: PluginBuilder.buildFolder)
        #expect(inspectFake.status == 0, "\(inspectFake.standardError)")
        #expect(inspectFake.standardOutput == """
            path:            \(fake)
            id:              dev.valuegen.examples.fake
            version:         1.0.0
            ABI:             1.4 (this valuegen: 1.4)
            include names:   Fake
            default for:     none
            supports:        .value, .adtValue, .object
            features:        thread-safe
            annotations:     %fake

            """)
        // docs/WritingPlugins.md shows this output, for the library in the current folder.
        let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
        let shown = "$ valuegen plugins inspect ./libValuegenFakePlugin.so\n" + inspectFake.standardOutput.replacingOccurrences(of: fake, with: "./libValuegenFakePlugin.so")
        #expect(page.contains("```text tested-by=Tests/PluginHostTests/ExamplePluginTests.swift\n" + shown + "```\n"), "WritingPlugins.md shows other output")

        let attributeNames = try ExamplePlugins.attributeNames()
        let inspectNames = try ProcessRunner.valuegen(["plugins", "inspect", attributeNames], in: PluginBuilder.buildFolder)
        #expect(inspectNames.status == 0, "\(inspectNames.standardError)")
        #expect(inspectNames.standardOutput == """
            path:            \(attributeNames)
            id:              dev.valuegen.examples.attribute-names
            version:         1.0.0
            ABI:             1.4 (this valuegen: 1.4)
            include names:   AttributeNames
            default for:     none
            supports:        .value, .adtValue, .object
            features:        thread-safe
            annotations:     none

            """)
    }

    // MARK: - The generated code, compiled and run

    @Test func generatedFakesAndAttributeNamesCompileAndBehaveAsDocumented() throws {
        let folder = try ExampleModels.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }

        let generate = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--plugin", ExamplePlugins.attributeNames()], in: folder)
        try #require(generate.status == 0, "\(generate.standardError)")
        #expect(generate.standardError == "")
        // The five schema files and the module support file (the builders' error type).
        #expect(generate.standardOutput == "Generated 6 files in Generated (6 written, 0 unchanged).\n")

        let generated = folder.appendingPathComponent("Generated")
        let sources = try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted().map { generated.appendingPathComponent($0).path }
        let driver = folder.appendingPathComponent("main.swift")
        try FileManager.default.copyItem(at: PluginBuilder.repositoryRoot.appendingPathComponent("Tests/PluginHostTests/Drivers/ExamplePluginsDriver.swift"), to: driver)
        let executable = folder.appendingPathComponent("example-plugins-driver")
        try PluginBuilder.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-o", executable.path] + sources + [driver.path])

        let run = try ProcessRunner.run(executable, [], in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }

    @Test func isolatedPluginsWriteByteIdenticalFiles() throws {
        let folder = try ExampleModels.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let attributeNames = try ExamplePlugins.attributeNames()

        let inProcess = try ProcessRunner.valuegen(["generate", "Models", "--output", "InProcess", "--plugin", attributeNames], in: folder)
        let isolated = try ProcessRunner.valuegen(["generate", "Models", "--output", "Isolated", "--plugin", attributeNames, "--isolate-plugins"], in: folder)
        try #require(inProcess.status == 0, "\(inProcess.standardError)")
        try #require(isolated.status == 0, "\(isolated.standardError)")

        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("InProcess").path).sorted()
        #expect(names == ["Presence.swift", "Room.swift", "Samples.swift", "Shape.swift", "User.swift", "ValuegenModuleSupport.swift"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Isolated").path).sorted() == names)
        for name in names {
            let expected = try Data(contentsOf: folder.appendingPathComponent("InProcess/\(name)"))
            let actual = try Data(contentsOf: folder.appendingPathComponent("Isolated/\(name)"))
            #expect(actual == expected, "\(name) differs with --isolate-plugins")
        }
        // Both plugins did contribute.
        let user = try String(contentsOf: folder.appendingPathComponent("Isolated/User.swift"), encoding: .utf8)
        #expect(user.contains("// MARK: - User: Fake\n") && user.contains("// MARK: - User: AttributeNames\n"))
    }

    // MARK: - Errors

    @Test func fakeWithoutValueIsAnErrorAtTheAnnotation() throws {
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExampleModels.write("""
            Person includes(Fake) {
              name: String
              %fake
              nickname: String
              friend: Stranger
            }
            """, to: folder.appendingPathComponent("Models/Person.value"))
        try ExampleModels.write(ExampleModels.handwrittenSource, to: folder.appendingPathComponent("Models/Stranger.swift"))
        let expected = """
            Models/Person.value:3:3: error: annotation '%fake' needs a 'value=' argument: the Swift expression to use, e.g. %fake value="seed * 10"
            Models/Person.value:5:3: error: Fake does not know how to make a value of type 'Stranger' for attribute 'friend'; give it a default value or write %fake value="<Swift expression>" before the attribute

            """
        for isolation in [[], ["--isolate-plugins"]] {
            let run = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--quiet", "--plugin", ExamplePlugins.fake()] + isolation, in: folder)
            #expect(run.status == 1, "\(isolation)")
            #expect(run.standardError == expected, "\(isolation)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/Person.swift").path))
        }
    }

    /// docs/WritingPlugins.md shows what Fake generates for the messaging example's Presence.
    @Test func fakeGeneratesThePresenceWritingPluginsShows() throws {
        let messaging = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Examples/Messaging/Presence.adtValue")
        let original = try String(contentsOf: messaging, encoding: .utf8)
        let schema = original.replacingOccurrences(of: "Presence includes(Coding) {", with: "Presence includes(Coding, Fake) {")
        try #require(schema != original)
        let file = try ExampleModels.generate(schema, path: "Presence.adtValue", plugins: [PluginFeature(library: PluginLibrary.load(ExamplePlugins.fake()))])
        let block = try #require(ExampleModels.block("Presence: Fake", in: file.contents), "\(file.diagnostics)")
        let shown = block.replacingOccurrences(of: "// MARK: - Presence: Fake\n\n", with: "")
        let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
        #expect(page.contains("```swift tested-by=Tests/PluginHostTests/ExamplePluginTests.swift\n" + shown + "```\n"), "WritingPlugins.md shows other code than:\n\(shown)")
    }

    @Test func fakeSaysWhatToWriteForEveryAttributeItCannotMake() throws {
        let file = try ExampleModels.generate("""
            %fake value="Node()"
            Node includes(Fake) {
              next: Node
              previous: Node = Node.root
              home: Place
              elsewhere: Stranger
            }
            Place {
              street: String
            }
            """, path: "Graph.object", plugins: [PluginFeature(library: PluginLibrary.load(ExamplePlugins.fake()))])
        #expect(file.diagnostics.map(\.description) == [
            "Graph.object:1:1: warning: '%fake' before type 'Node' has no effect; it gives the value of an attribute, or of a subtype's single unlabelled payload",
            "Graph.object:3:3: error: Fake cannot make a value of type 'Node' for attribute 'next': Node.fake(seed:) would call itself forever; make it optional, give it a default value or write %fake value=\"<Swift expression>\" before the attribute",
            "Graph.object:5:3: error: Fake does not know how to make a value of type 'Place' for attribute 'home'; include Fake in 'Place', give it a default value or write %fake value=\"<Swift expression>\" before the attribute",
            "Graph.object:6:3: error: Fake does not know how to make a value of type 'Stranger' for attribute 'elsewhere'; give it a default value or write %fake value=\"<Swift expression>\" before the attribute",
        ])

        let payloads = try ExampleModels.generate("""
            Holder includes(Fake) {
              %singleAttributeSubtype attributeType="Stranger"
              Wrapped
              %fake value=".plain"
              Plain
            }
            """, path: "Holder.adtValue", plugins: [PluginFeature(library: PluginLibrary.load(ExamplePlugins.fake()))])
        #expect(payloads.diagnostics.map(\.description) == [
            "Holder.adtValue:3:3: error: Fake does not know how to make a value of type 'Stranger' for the payload of subtype 'Wrapped'; write %fake value=\"<Swift expression>\" before the subtype",
            "Holder.adtValue:4:3: warning: '%fake' before subtype 'Plain' has no effect; it gives the value of an attribute, or of a subtype's single unlabelled payload",
        ])

        let empty = try ExampleModels.generate("Nothing includes(Fake) {\n}\n", path: "Nothing.adtValue", plugins: [PluginFeature(library: PluginLibrary.load(ExamplePlugins.fake()))])
        #expect(empty.diagnostics.map(\.description) == [
            "Nothing.adtValue:1:1: error: Fake cannot make a sample of 'Nothing': it has no subtypes, so it has no values",
        ])
    }

    @Test func fakeChecksItsOptions() throws {
        let schema = "Point includes(Fake) {\n  x: Int\n}\n"
        let library = try PluginLibrary.load(ExamplePlugins.fake())
        func diagnostics(_ options: JSONValue) throws -> [String] {
            try ExampleModels.generate(schema, path: "Point.value", plugins: [PluginFeature(library: library, options: options)]).diagnostics.map(\.description)
        }
        #expect(try diagnostics(.string("42")) == [
            "Point.value: error: Fake's options must be a JSON object such as {\"defaultSeed\": 42}",
        ])
        #expect(try diagnostics(.object([JSONMember(key: "defaultSeed", value: .number(1.5))])) == [
            "Point.value: error: Fake's option 'defaultSeed' must be an integer such as 42",
        ])
        #expect(try diagnostics(.object([JSONMember(key: "defaultSead", value: .number(1))])) == [
            "Point.value: warning: Fake ignores the unknown option 'defaultSead'; its only option is 'defaultSeed'",
        ])
    }

    // MARK: - The generated text

    @Test func fakePrintsOneMethodWithTheAccessLevelAndDefaultSeed() throws {
        let library = try PluginLibrary.load(ExamplePlugins.fake())
        let schema = "Point includes(Fake) {\n  x: Int\n  y: Int\n}\n"

        let plain = try ExampleModels.generate(schema, path: "Point.value", plugins: [PluginFeature(library: library)])
        #expect(ExampleModels.block("Point: Fake", in: plain.contents) == """
            // MARK: - Point: Fake

            extension Point {
                /// A sample value for previews and tests: the same seed always gives the same value.
                public static func fake(seed: Int = 0) -> Point {
                    Point(x: seed, y: seed)
                }
            }

            """)

        let configured = try ExampleModels.generate(
            schema, path: "Point.value",
            plugins: [PluginFeature(library: library, options: .object([JSONMember(key: "defaultSeed", value: .number(-3))]))],
            accessLevel: .package
        )
        #expect(ExampleModels.block("Point: Fake", in: configured.contents)?.contains("    package static func fake(seed: Int = -3) -> Point {\n") == true, "\(configured.contents ?? "")")
    }

    @Test func attributeNamesListsAttributesOrCasesWithTheAccessLevel() throws {
        let library = try PluginLibrary.load(ExamplePlugins.attributeNames())
        let point = "Point includes(AttributeNames) {\n  x: Int\n  y: Int\n}\n"
        let expected: [AccessLevel: String] = [.public: "public ", .package: "package ", .internal: ""]
        for (level, modifier) in expected {
            let file = try ExampleModels.generate(point, path: "Point.value", plugins: [PluginFeature(library: library)], accessLevel: level)
            #expect(ExampleModels.block("Point: AttributeNames", in: file.contents) == """
                // MARK: - Point: AttributeNames

                extension Point {
                    /// The names of Point's attributes, in declaration order.
                    \(modifier)static let attributeNames: [String] = ["x", "y"]
                }

                """, "\(level)")
            if level == .public, let block = ExampleModels.block("Point: AttributeNames", in: file.contents) {
                // docs/WritingPlugins.md shows this block for this schema.
                let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
                #expect(page.contains("```swift tested-by=Tests/PluginHostTests/ExamplePluginTests.swift\n" + block + "```\n"), "WritingPlugins.md shows other code")
            }
        }

        let adt = try ExampleModels.generate("""
            Weekday includes(AttributeNames) {
              Monday
              Tuesday { note: String }
              %singleAttributeSubtype attributeType="Int"
              Wednesday
              Thursday
            }
            Unnamed {
              Only
            }
            """, path: "Weekday.adtValue", plugins: [PluginFeature(library: library)])
        #expect(adt.diagnostics.isEmpty, "\(adt.diagnostics)")
        #expect(ExampleModels.block("Weekday: AttributeNames", in: adt.contents) == """
            // MARK: - Weekday: AttributeNames

            extension Weekday {
                /// The names of Weekday's cases, in declaration order.
                public static let attributeNames: [String] = [
                    "monday",
                    "tuesday",
                    "wednesday",
                    "thursday",
                ]
            }

            """)
        // Only the types that include it.
        #expect(adt.contents?.contains("Unnamed: AttributeNames") == false)
    }
}

/// The example plugins, each built once per test process.
enum ExamplePlugins {
    private static let fixtures = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins")

    /// Fixtures/Plugins/Fake, built with swiftc against the PluginSDK.
    static func fake() throws -> String {
        try fakeBuild.get()
    }

    /// Fixtures/Plugins/AttributeNames, built with cc against valuegen_plugin.h only.
    static func attributeNames() throws -> String {
        try attributeNamesBuild.get()
    }

    private static let fakeBuild = build {
        try PluginBuilder.swiftPlugin(named: "ValuegenFakePlugin", sources: PluginBuilder.swiftFiles(in: fixtures.appendingPathComponent("Fake")))
    }

    private static let attributeNamesBuild = build {
        try PluginBuilder.cPlugin(named: "AttributeNames", sources: [fixtures.appendingPathComponent("AttributeNames/attribute_names.c").path])
    }

    private static func build(_ body: () throws -> String) -> Result<String, TestBuildFailure> {
        do {
            return .success(try body())
        } catch let failure as TestBuildFailure {
            return .failure(failure)
        } catch {
            return .failure(TestBuildFailure(description: "\(error)"))
        }
    }
}

/// The schemas the example plugins are tried on.
enum ExampleModels {
    /// A new folder holding `Models/`: a copy of the messaging example's User.value (User also
    /// includes Fake and AttributeNames) and Presence.adtValue, which it needs, plus schemas
    /// that exercise every rule of Fake, and a valuegen.json that loads Fake with the option
    /// `{"defaultSeed": 42}`. AttributeNames is given with `--plugin`.
    static func makeFolder(_ name: String = #function) throws -> URL {
        let folder = try ProcessRunner.makeScratchFolder(name)
        let models = folder.appendingPathComponent("Models")
        let messaging = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Examples/Messaging")

        let user = try String(contentsOf: messaging.appendingPathComponent("User.value"), encoding: .utf8)
        // Persistence would need ValuegenRuntime, which this test does not link.
        let declaration = "User includes(Builder, With, Coding, Persistence) {"
        try #require(user.contains(declaration))
        try write(user.replacingOccurrences(of: declaration, with: "User includes(Builder, With, Coding, Fake, AttributeNames) {"), to: models.appendingPathComponent("User.value"))
        try write(try String(contentsOf: messaging.appendingPathComponent("Presence.adtValue"), encoding: .utf8), to: models.appendingPathComponent("Presence.adtValue"))

        try write("""
            # Every kind of attribute Fake knows how to make.
            Sample includes(Fake, AttributeNames) {
              count: Int
              small: Int8
              big: UInt64
              ratio: Double
              weight: Float
              flag: Bool
              title: String
              homepage: URL
              createdAt: Date
              sampleId: UUID
              otherId: UUID
              payload: Data
              tags: [String]
              labels: Set<String>
              scores: [String: Double]
              note: String?
              %fake value="\\"Ada Lovelace\\""
              name: String
              %fake value="seed * 10"
              score: Int = 7
              point: Point
              shape: Shape = .dot
              default: Bool = false
              %fake value="Shape.fake(seed: seed + 1)"
              nextShape: Shape
            }

            Point includes(Fake) {
              x: Int
              y: Int
            }
            """, to: models.appendingPathComponent("Samples.value"))
        try write("""
            Shape includes(Fake, AttributeNames) {
              Dot
              Circle { radius: Double }
              %singleAttributeSubtype attributeType="String"
              Label
              %singleAttributeSubtype attributeType="Point"
              %fake value="Point(x: 1, y: 2)"
              Pinned
            }
            """, to: models.appendingPathComponent("Shape.adtValue"))
        try write("""
            Room includes(Fake, AttributeNames) {
              name: String
              capacity: Int = 4
              members: [User] = []
            }
            """, to: models.appendingPathComponent("Room.object"))

        let configuration = JSONSerializer.serialize(.object([
            JSONMember(key: "plugins", value: .array([.object([
                JSONMember(key: "path", value: .string(try ExamplePlugins.fake())),
                JSONMember(key: "options", value: .object([JSONMember(key: "defaultSeed", value: .number(42))])),
            ])])),
        ]))
        try Data(configuration).write(to: models.appendingPathComponent("valuegen.json"))
        return folder
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// One schema file generated in this process with the built-in features and the plugins.
    static func generate(_ schema: String, path: String, plugins: [any Feature], accessLevel: AccessLevel = .public) throws -> GeneratedFile {
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding(plugins))
        return pipeline.generate(module: [SchemaSource(path: path, text: schema)], settings: GenerationSettings(accessLevel: accessLevel), swiftTypes: handwritten)[0]
    }

    /// `Stranger`: a type of the module's own Swift code, which Fake knows nothing about.
    static let handwritten = [SwiftTypeDeclaration(name: "Stranger", conformances: ["Hashable", "Sendable"], path: "Models/Stranger.swift", line: 1, column: 15)]
    static let handwrittenSource = "public struct Stranger: Hashable, Sendable {}\n"

    /// What one feature added to one type: its `// MARK: - Type: Feature` line through the
    /// `}` that ends the declaration, and the newline after it.
    static func block(_ header: String, in contents: String?) -> String? {
        guard let contents, let start = contents.range(of: "// MARK: - \(header)\n") else { return nil }
        guard let end = contents[start.upperBound...].range(of: "\n}\n") else { return nil }
        return String(contents[start.lowerBound..<end.upperBound])
    }
}
