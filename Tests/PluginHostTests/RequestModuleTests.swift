import Foundation
import Testing
import ValuegenCore
import ValuegenPluginHost
import ValuegenPluginSDK

/// Request schemaVersion 2 (issue 13): the module of the run, every type reference as a tree,
/// and the locations of annotation arguments — as built-in features see them in-process, as
/// the bytes that cross the C ABI, and as a C plugin reads them through valuegen.query/1.
@Suite struct RequestModuleTests {
    /// A module of four schema files and one Swift file, as the tests below generate it.
    static let files: [(path: String, text: String)] = [
        ("Models/Tag.value", "Tag {\n  label: String\n}\n"),
        ("Models/Kind.adtValue", "Kind {\n  Plain\n  %singleAttributeSubtype attributeType=\"NSInteger\"\n  Count\n}\n"),
        ("Models/User.value", """
            %type name=Photo library=Media
            %type name=Int
            %type name=Themed
            User includes(ModuleProbe) {
              tags: Set<Tag>
              photo: Photo?
              count: Int
              lookup: [String: [Tag]]
              kind: Kind
              theme: any Themed
              %bounds min=abc max=10
              score: Double
            }

            """),
        ("Models/Session.object", "Session includes(ModuleProbe) {\n  user: User\n  peers: Optional<Set<UUID>>\n  helper: Helper\n}\n"),
    ]

    static func named(_ name: String, arguments: [TypeStructure] = [], model: ModelKind? = nil, declaredWith: TypeDeclarationSite? = nil) -> TypeStructure {
        .named(NamedType(name: name, arguments: arguments, model: model, declaredWith: declaredWith))
    }

    /// The requests a feature that every type includes receives, by file path.
    static func captured(readsModule: Bool = true) throws -> [String: GenerationRequest] {
        let capture = CapturingFeature(readsModule: readsModule)
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
        // ModuleProbe is not loaded here: the schemas name it, so it is a known include.
        let probe = FeatureDescriptor(id: "dev.valuegen.test.module-probe", version: "1.0.0", includeNames: ["ModuleProbe"], defaultKinds: [], annotationNames: ["bounds"])
        let withProbe = FeatureRegistry(features: pipeline.registry.features + [NamedOnlyFeature(descriptor: probe)])
        let sources = files.map { SchemaSource(path: $0.path, text: $0.text) }
        var requests: [String: GenerationRequest] = [:]
        for file in GeneratorPipeline(registry: withProbe).generate(module: sources, settings: GenerationSettings(), swiftTypeNames: ["Helper"]) {
            #expect(file.diagnostics.isEmpty, "\(file.source.path): \(file.diagnostics)")
        }
        for request in capture.requests {
            requests[request.file.path] = request
        }
        return requests
    }

    /// The module and the structures cost a large run more than the rest of the request:
    /// a feature that does not ask for them (VALUEGEN_FEATURE_MODULE) gets neither.
    @Test func aFeatureThatDoesNotReadTheModuleGetsNeitherModuleNorStructures() throws {
        let requests = try Self.captured(readsModule: false)
        #expect(requests.count == 4)
        for request in requests.values {
            #expect(request.module == nil)
            #expect(request.types.allSatisfy { $0.attributes.allSatisfy { $0.type.structure == nil } })
        }
    }

    @Test func everyRequestCarriesTheWholeModuleInPathOrder() throws {
        let requests = try Self.captured()
        #expect(requests.count == 4)
        let module = try #require(requests["Models/Tag.value"]?.module)
        for request in requests.values {
            #expect(request.schemaVersion == 2)
            #expect(request.module == module, "\(request.file.path) has the same module")
        }
        #expect(module.types.map(\.name) == ["Kind", "Session", "Tag", "User"])
        #expect(module.types.map(\.file) == ["Models/Kind.adtValue", "Models/Session.object", "Models/Tag.value", "Models/User.value"])
        #expect(module.type(named: "Kind") == ModuleType(
            name: "Kind", kind: .adtValue, file: "Models/Kind.adtValue",
            includes: ["ADT", "Equality", "Sendable", "Description", "Capture"],
            cases: [
                ModuleCase(name: "plain"),
                ModuleCase(name: "count", singleValueType: "Int", singleValueStructure: Self.named("Int")),
            ]
        ))
        #expect(module.type(named: "Tag") == ModuleType(
            name: "Tag", kind: .value, file: "Models/Tag.value",
            includes: ["Value", "Equality", "Sendable", "Description", "Capture"],
            attributes: [ModuleAttribute(name: "label", type: "String", structure: Self.named("String"))]
        ))
        #expect(module.types(including: "ModuleProbe").map(\.name) == ["Session", "User"])
        // The module stage leaves out defaults that cannot hold: User holds `any Themed`.
        #expect(module.type(named: "User")?.includes == ["Value", "Description", "Capture", "ModuleProbe"])
        #expect(module.type(named: "Session")?.kind == .object)
    }

    @Test func typeReferencesAreTreesThatKnowTheModule() throws {
        let user = try #require(try Self.captured()["Models/User.value"]?.types.first)
        let structures = Dictionary(uniqueKeysWithValues: user.attributes.map { ($0.name, $0.type.structure) })
        #expect(structures["tags"] == .set(element: Self.named("Tag", model: .value)))
        #expect(structures["photo"] == .optional(wrapped: Self.named("Photo", declaredWith: .percentType)))
        #expect(structures["count"] == Self.named("Int", declaredWith: .percentType), "an Int declared with %type says so")
        #expect(structures["lookup"] == .dictionary(key: Self.named("String"), value: .array(element: Self.named("Tag", model: .value))))
        #expect(structures["kind"] == Self.named("Kind", model: .adtValue))
        #expect(structures["theme"] == .existential(constraints: [Self.named("Themed", declaredWith: .percentType)]))
        #expect(structures["score"] == Self.named("Double"))

        let session = try #require(try Self.captured()["Models/Session.object"]?.types.first)
        #expect(session.attributes.map(\.type.structure) == [
            Self.named("User", model: .value),
            .optional(wrapped: .set(element: Self.named("UUID"))),
            Self.named("Helper", declaredWith: .moduleSwiftCode),
        ])
    }

    @Test func annotationArgumentsKnowWhereTheirKeyAndValueAre() throws {
        let user = try #require(try Self.captured()["Models/User.value"]?.types.first)
        let range = try #require(user.attributes.last?.annotation("bounds"))
        #expect(range.location == SourceLocation(line: 11, column: 3))
        #expect(range.arguments == [
            AnnotationArgument(key: "min", value: "abc", location: SourceLocation(line: 11, column: 11), valueLocation: SourceLocation(line: 11, column: 15)),
            AnnotationArgument(key: "max", value: "10", location: SourceLocation(line: 11, column: 19), valueLocation: SourceLocation(line: 11, column: 23)),
        ])
    }

    /// The bytes a plugin gets splice the module's bytes, made once per run: they are the
    /// serialized tree, byte for byte, and read back as the same request.
    @Test func splicedBytesAreTheSerializedRequest() throws {
        for request in try Self.captured().values {
            var withOptions = request
            withOptions.options = .object([JSONMember(key: "style", value: .string("compact"))])
            for request in [request, withOptions] {
                let (tree, bytes) = request.encodedJSON()
                #expect(tree == request.json)
                #expect(bytes == JSONSerializer.serialize(request.json), "\(request.file.path)")
                #expect(try GenerationRequest(json: try JSONParser.parse(bytes)) == request)
            }
        }
        // A module described by hand (not made once) is serialized on the spot, the same way.
        var request = try #require(try Self.captured()["Models/Tag.value"])
        request.module = ModuleDescription(types: request.module?.types ?? [])
        #expect(request.encodedJSON().bytes == JSONSerializer.serialize(request.json))
    }

    @Test func typeStructureCodesAsTheRequestWritesIt() throws {
        let session = try #require(try Self.captured()["Models/Session.object"])
        guard case .array(let types)? = session.json["types"], case .array(let attributes)? = types.first?["attributes"] else {
            Issue.record("the request has no attributes")
            return
        }
        let written = attributes.compactMap { $0["type"]?["structure"] }.map(JSONSerializer.serialize)
        #expect(written.map { String(decoding: $0, as: UTF8.self) } == [
            #"{"kind":"named","name":"User","arguments":[],"model":"value"}"#,
            #"{"kind":"optional","wrapped":{"kind":"set","element":{"kind":"named","name":"UUID","arguments":[]}}}"#,
            #"{"kind":"named","name":"Helper","arguments":[],"declaredWith":"swift"}"#,
        ])
        // Codable reads the request's form, and writes one it reads back.
        for (bytes, attribute) in zip(written, session.types[0].attributes) {
            let structure = try JSONDecoder().decode(TypeStructure.self, from: Data(bytes))
            #expect(structure == attribute.type.structure)
            #expect(try JSONDecoder().decode(TypeStructure.self, from: try JSONEncoder().encode(structure)) == structure)
        }
    }

    @Test func aRequestOfSchemaVersion1ReadsWithoutTheAdditions() throws {
        var json = try #require(try Self.captured()["Models/User.value"]).json
        json.set("schemaVersion", to: .number(1))
        json.remove("module")
        json.update("types", 0, "attributes", 0, "type") { $0.remove("structure") }
        json.update("types", 0, "attributes", 6, "annotations", 0, "arguments", 0) { $0.remove("location"); $0.remove("valueLocation") }
        let request = try GenerationRequest(json: json)
        #expect(request.schemaVersion == 1)
        #expect(request.module == nil)
        #expect(request.types[0].attributes[0].type.structure == nil)
        #expect(request.types[0].attributes[6].annotations[0].arguments[0] == AnnotationArgument(key: "min", value: "abc"))
    }

    // MARK: - Through the C ABI

    static func writeModule(to folder: URL) throws {
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
        }
        try Data("public struct Helper: Hashable, Sendable {}\n".utf8).write(to: folder.appendingPathComponent("Models/Helper.swift"))
    }

    /// Fixtures/Plugins/ModuleProbe/module_probe.c reads the module, the type trees and the
    /// argument locations with valuegen.query/1 alone, in-process and isolated.
    @Test(arguments: [false, true])
    func cPluginReadsTheModuleAndTypeTreesThroughQuery(isolated: Bool) throws {
        let plugin = try PluginBuilder.cPlugin(named: "ModuleProbe\(isolated)", sources: [
            PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/ModuleProbe/module_probe.c").path,
        ])
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.writeModule(to: folder)

        let failing = try ProcessRunner.valuegen(["generate", "Models", "--output", "out", "--plugin", plugin] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(failing.status == 1)
        #expect(failing.standardError.contains("Models/User.value:11:15: error: %bounds min must be an integer, not 'abc'\n"), "\(failing.standardError)")

        let fixed = Self.files.first { $0.path == "Models/User.value" }!.text.replacingOccurrences(of: "min=abc", with: "min=0")
        try Data(fixed.utf8).write(to: folder.appendingPathComponent("Models/User.value"))
        let outcome = try ProcessRunner.valuegen(["generate", "Models", "--output", "out", "--plugin", plugin] + (isolated ? ["--isolate-plugins"] : []), in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let user = try String(contentsOf: folder.appendingPathComponent("out/User.swift"), encoding: .utf8)
        #expect(user.contains("""
            // MARK: - User: ModuleProbe

            // module: Kind adtValue -, Session object ModuleProbe, Tag value -, User value ModuleProbe
            // tags: set(named Tag value)
            // photo: optional(named Photo %type)
            // count: named Int %type
            // lookup: dictionary(named String, array(named Tag value))
            // kind: named Kind adtValue
            // theme: any(named Themed %type)
            // score: named Double

            """), "\(user)")
        let session = try String(contentsOf: folder.appendingPathComponent("out/Session.swift"), encoding: .utf8)
        #expect(session.contains("""
            // module: Kind adtValue -, Session object ModuleProbe, Tag value -, User value ModuleProbe
            // user: named User value
            // peers: optional(set(named UUID))
            // helper: named Helper swift

            """), "\(session)")
    }

    /// A Swift plugin built with the SDK reads `request.module`: which types of other files
    /// include it and what they are.
    @Test func swiftPluginReadsTheModule() throws {
        let entry = try PluginBuilder.source("ModuleReaderPlugin.swift", """
            import ValuegenPluginSDK

            struct ModuleReader: Feature {
                let descriptor = FeatureDescriptor(id: "dev.valuegen.test.module-reader", version: "1.0.0", includeNames: ["ModuleProbe"], defaultKinds: [], readsModule: true, annotationNames: ["bounds"])

                func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
                    guard let module = request.module else {
                        emitter.diagnose(.error, "no module in a request of schemaVersion \\(request.schemaVersion)", at: nil)
                        return
                    }
                    for type in request.types(including: descriptor.name) {
                        var lines = ["// \\(module.types.count) types; others with ModuleProbe:"]
                        for other in module.types(including: descriptor.name) where other.name != type.name {
                            lines.append("// \\(other.name), a \\(other.kind.rawValue) of \\(other.file)")
                        }
                        for attribute in type.attributes {
                            guard case .named(let named)? = attribute.type.structure?.unwrapped, let kind = named.model,
                                  let held = module.type(named: named.name) else { continue }
                            lines.append("// \\(attribute.name) holds a \\(kind.rawValue) with \\(held.attributes.count) attributes")
                        }
                        emitter.emitDeclaration(lines.joined(separator: "\\n"), attachedTo: type.name)
                    }
                }
            }

            @_cdecl("valuegen_plugin_negotiate")
            public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
                PluginExport.negotiate(io, feature: ModuleReader())
            }
            """)
        let library = try PluginBuilder.swiftPlugin(named: "ModuleReader", sources: [entry])
        let registry = try FeatureRegistry.builtIn.adding([PluginFeature(library: try PluginLibrary.load(library))])
        var files = Self.files
        files[2].text = files[2].text.replacingOccurrences(of: "min=abc", with: "min=0")
        let generated = GeneratorPipeline(registry: registry).generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: GenerationSettings(), swiftTypeNames: ["Helper"])
        for file in generated {
            #expect(file.diagnostics.isEmpty, "\(file.source.path): \(file.diagnostics)")
        }
        let session = try #require(generated.first { $0.source.path == "Models/Session.object" }?.contents)
        #expect(session.contains("""
            // 4 types; others with ModuleProbe:
            // User, a value of Models/User.value
            // user holds a value with 7 attributes

            """), "\(session)")
    }
}

/// A feature that is only a name: lets schemas include a plugin the test does not load.
private struct NamedOnlyFeature: Feature {
    let descriptor: FeatureDescriptor

    func generate(_ request: GenerationRequest, into emitter: any Emitter) {}
}
