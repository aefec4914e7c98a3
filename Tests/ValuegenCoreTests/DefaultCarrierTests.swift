import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// A default that is a Swift expression is used through a computed static property whose body
/// is the expression under `#sourceLocation`, at its line and column in the schema, so that
/// swiftc reports its errors there (EndToEndTests' DefaultSourceLocationTests compiles it).
@Suite("Defaults at the schema's line")
struct DefaultCarrierTests {
    private func generated(_ text: String, path: String = "Models/Block.value") throws -> String {
        let file = generate(path, text)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        return try #require(file.contents)
    }

    @Test func anExpressionDefaultIsWrittenOnceUnderItsSchemaLine() throws {
        let text = try generated("Block includes(Builder, Coding) {\n  title: String = \"x\"\n  width: Int = Int(\"640\")\n}\n")
        #expect(text.contains("public init(title: String = \"x\", width: Int = Block._widthDefault) {"), "\(text)")
        #expect(text.contains("public var width: Int = Block._widthDefault"), "\(text)")
        #expect(text.contains("?? Block._widthDefault"), "\(text)")
        #expect(text.hasSuffix("""
            // MARK: - Block: Defaults

            extension Block {
                /// The default of `width`, where swiftc reports its errors at the schema's line.
                @usableFromInline static var _widthDefault: Int {
            #sourceLocation(file: "Models/Block.value", line: 3)
                           Int("640")
            #sourceLocation()
                }
            }

            """), "\(text)")
        #expect(text.components(separatedBy: "Int(\"640\")").count == 2, "the expression is written once")
    }

    @Test func theSourceLocationIsTheSchemasPathAsValuegenWasGivenIt() throws {
        // swiftc prints the file of `#sourceLocation` as written: a path with its folders is one
        // a terminal or an editor opens; a name alone is not.
        let absolute = try generated("Block {\n  width: Int = Int(\"640\")!\n}\n", path: "/home/ann/App/Sources/Models/Block.value")
        #expect(absolute.contains("#sourceLocation(file: \"/home/ann/App/Sources/Models/Block.value\", line: 2)\n"), "\(absolute)")
        let quoted = try generated("Block {\n  width: Int = Int(\"640\")!\n}\n", path: "My \"Models\"/Block.value")
        #expect(quoted.contains(#"#sourceLocation(file: "My \"Models\"/Block.value", line: 2)"#), "\(quoted)")
    }

    @Test func literalsStayWhereTheyAreUsed() throws {
        let text = try generated("Block {\n  title: String = \"x\"\n  count: Int = -1\n  tags: [String] = []\n  note: String? = nil\n}\n")
        #expect(!text.contains("#sourceLocation"))
        #expect(text.contains(#"""
                    title: String = "x",
                    count: Int = -1,
                    tags: [String] = [],
                    note: String? = nil
                ) {
            """#), "\(text)")
    }

    @Test func anADTCasePayloadAndAnInternalTypeGetCarriersToo() throws {
        let text = try generated("Shape {\n  Circle { radius: Double = Double.pi }\n  Dot\n}\n", path: "Shape.adtValue")
        #expect(text.contains("case circle(radius: Double = Shape._circleRadiusDefault)"), "\(text)")
        #expect(text.contains("    /// The default of `circle(radius:)`, where swiftc reports its errors at the schema's line.\n    @usableFromInline static var _circleRadiusDefault: Double {\n#sourceLocation(file: \"Shape.adtValue\", line: 2)\n                            Double.pi\n#sourceLocation()\n"), "\(text)")
        var settings = GenerationSettings()
        settings.accessLevel = .internal
        let internalFile = GeneratorPipeline().generate(SchemaSource(path: "Block.value", text: "Block {\n  width: Int = Int(\"640\")!\n}\n"), settings: settings)
        #expect(internalFile.contents?.contains("\n    static var _widthDefault: Int {\n") == true, "\(internalFile.contents ?? "")")
    }

    @Test func pluginsGetTheDefaultAsTheSchemaWroteIt() throws {
        let capturing = DefaultCapturingFeature()
        let registry = try FeatureRegistry.builtIn.adding([capturing])
        let file = GeneratorPipeline(registry: registry).generate(SchemaSource(path: "Block.value", text: "Block includes(Capture) {\n  width: Int = Int(\"640\")!\n}\n"), settings: GenerationSettings())
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        #expect(file.contents?.contains("// width = Int(\"640\")!") == true, "\(file.contents ?? "")")
    }
}

/// A third party's feature: writes each attribute's default as it receives it.
private struct DefaultCapturingFeature: Feature {
    let descriptor = FeatureDescriptor(id: "com.example.capture", version: "1.0.0", includeNames: ["Capture"])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        for type in request.types {
            let lines = type.attributes.map { "// \($0.name) = \($0.defaultValue ?? "none")" }
            emitter.emitDeclaration(lines.joined(separator: "\n") + "\n", attachedTo: type.name)
        }
    }
}
