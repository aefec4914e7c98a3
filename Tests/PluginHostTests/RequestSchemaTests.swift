import Foundation
import Testing
import ValuegenCore
import ValuegenPluginSDK

/// docs/PluginRequest.schema.json describes the request exactly: every real request matches
/// it, and a request that differs from what GenerationRequest+JSON.swift writes does not.
@Suite struct RequestSchemaTests {
    static let schemaFile = PluginBuilder.repositoryRoot.appendingPathComponent("docs/PluginRequest.schema.json")

    static func validator() throws -> JSONSchemaValidator {
        JSONSchemaValidator(schema: try JSONParser.parse(Array(try Data(contentsOf: schemaFile))))
    }

    /// The request as a plugin reads it: serialized, then parsed back.
    static func wireForm(_ request: GenerationRequest) throws -> JSONValue {
        try JSONParser.parse(JSONSerializer.serialize(request.json))
    }

    @Test func schemaUsesOnlyKeywordsTheValidatorChecks() throws {
        #expect(try Self.validator().unsupportedKeywords() == [])
    }

    @Test func everyExampleRequestMatchesTheSchema() throws {
        let validator = try Self.validator()
        let requests = try ExampleRequests.captured()
        #expect(requests.count >= 7)
        for request in requests {
            #expect(validator.problems(in: try Self.wireForm(request)) == [], "\(request.file.path)")
        }
    }

    /// The module pass's request (ABI 1.4), made of every example file, matches its definition;
    /// one with a member the definition does not know does not.
    @Test func moduleRequestOfTheExamplesMatchesTheSchema() throws {
        let validator = try Self.validator()
        let files = try ExampleRequests.captured()
        let request = ModuleRequest(generatorVersion: files[0].generatorVersion, files: files, options: .object([JSONMember(key: "path", value: .string("kotlin/Models.kt"))]))
        let wire = try JSONParser.parse(JSONSerializer.serialize(request.json))
        #expect(validator.problems(in: wire, against: "#/$defs/ModuleRequest") == [])
        guard case .object(var members) = wire else { return }
        members.append(JSONMember(key: "module", value: .object([])))
        #expect(validator.problems(in: .object(members), against: "#/$defs/ModuleRequest") != [])
    }

    @Test func examplesExerciseEveryOptionalMember() throws {
        let requests = try ExampleRequests.captured()
        let attributes = requests.flatMap(\.types).flatMap { $0.attributes + $0.cases.flatMap(\.attributes) }
        #expect(attributes.contains { $0.defaultValue != nil })
        #expect(attributes.contains { $0.defaultValue == nil })
        let cases = requests.flatMap(\.types).flatMap(\.cases)
        #expect(cases.contains { $0.singleValueType != nil })
        #expect(cases.contains { $0.singleValueType == nil })
        #expect(requests.contains { !$0.protocols.isEmpty })
        #expect(requests.flatMap(\.types).contains { !$0.protocols.isEmpty })
        #expect(attributes.contains { $0.protocolName != nil })
    }

    @Test func requestWithOptionsMatchesTheSchema() throws {
        let validator = try Self.validator()
        var request = try #require(try ExampleRequests.captured().first)
        for options: JSONValue in [.null, .bool(true), .number(3), .string("compact"), .array([.number(1)]),
                                   .object([JSONMember(key: "style", value: .object([JSONMember(key: "indent", value: .number(4))]))])] {
            request.options = options
            #expect(validator.problems(in: try Self.wireForm(request)) == [], "options \(options)")
        }
    }

    /// valuegen.json's `optimizeFor`, any string: a later version's goal must not make the
    /// request of an older plugin invalid.
    @Test func requestWithOptimizeForMatchesTheSchema() throws {
        let validator = try Self.validator()
        var request = try #require(try ExampleRequests.captured().first)
        for goal in [OptimizationGoal.speed, .codeSize, OptimizationGoal(rawValue: "balanced")] {
            request.optimizeFor = goal
            #expect(validator.problems(in: try Self.wireForm(request)) == [], "\(goal.rawValue)")
        }
    }

    /// What actually crosses the C ABI: a C plugin that hands its request back as an extra file,
    /// run by `valuegen generate` over the examples with options from a configuration.
    @Test func requestsCrossingTheABIMatchTheSchema() throws {
        let validator = try Self.validator()
        let plugin = try PluginBuilder.cPlugin(named: "RequestEcho", sources: [
            PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/RequestEcho/request_echo.c").path,
        ])
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = #"{"style": "compact", "limits": [1, 2.5, -3], "nested": {"flag": true, "none": null}, "text": "tab\tquote\"é😀"}"#
        // The examples' own defaults, which their models need, and the plugin.
        try Data(#"{"defaultIncludes": ["JSON", "Binary"], "plugins": [{"path": "\#(plugin)", "options": \#(options)}]}"#.utf8)
            .write(to: folder.appendingPathComponent("valuegen.json"))

        let outcome = try ProcessRunner.valuegen(
            ["generate", ExampleRequests.examplesFolder.path, "--config", "valuegen.json", "--output", "out", "--quiet"], in: folder)
        #expect(outcome.status == 0, "\(outcome.standardError)")

        let echoed = folder.appendingPathComponent("out/requests")
        let names = try FileManager.default.contentsOfDirectory(atPath: echoed.path).sorted()
        #expect(names == (try ExampleRequests.schemaFiles()).map { ($0 as NSString).lastPathComponent + ".json" }.sorted())
        for name in names {
            let request = try JSONParser.parse(Array(try Data(contentsOf: echoed.appendingPathComponent(name))))
            #expect(validator.problems(in: request) == [], "\(name)")
            #expect(request["options"] == (try JSONParser.parse(options)), "\(name) carries the configuration's options as written")
        }
    }

    /// A plugin loaded through the C ABI gets valuegen.json's `optimizeFor` in its request when
    /// the file says, and no such member when it does not.
    @Test func requestsCrossingTheABICarryOptimizeForOnlyWhenSaid() throws {
        let validator = try Self.validator()
        // A library of its own: the test above builds RequestEcho's at the same time.
        let plugin = try PluginBuilder.cPlugin(named: "RequestEchoOptimizeFor", sources: [
            PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/RequestEcho/request_echo.c").path,
        ])
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("User {\n  id: Int\n}\n".utf8).write(to: folder.appendingPathComponent("User.value"))
        for (goal, expected) in [(#", "optimizeFor": "codeSize""#, JSONValue.string("codeSize")), ("", nil)] {
            try Data(#"{"defaultIncludes": ["JSON"], "plugins": [{"path": "\#(plugin)"}]\#(goal)}"#.utf8).write(to: folder.appendingPathComponent("valuegen.json"))
            let outcome = try ProcessRunner.valuegen(["generate", "User.value", "--config", "valuegen.json", "--output", "out", "--quiet"], in: folder)
            try #require(outcome.status == 0, "\(outcome.standardError)")
            let request = try JSONParser.parse(Array(try Data(contentsOf: folder.appendingPathComponent("out/requests/User.value.json"))))
            #expect(validator.problems(in: request) == [])
            #expect(request["optimizeFor"] == expected, "\(goal)")
        }
    }

    /// docs/PluginABI.md's annotated request is what its schema file and options really give.
    @Test func documentedExampleIsARealRequest() throws {
        let doc = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/PluginABI.md"), encoding: .utf8)
        let schema = try #require(Self.codeBlock(in: doc, after: "```text request\n# Models/User.value\n"))
        let configuration = try JSONParser.parse(Array(try #require(Self.codeBlock(in: doc, after: "```json request\n")).utf8))
        let annotated = try #require(Self.codeBlock(in: doc, after: "```jsonc request\n"))
        let withoutComments = annotated.split(separator: "\n").map { line in
            line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }.joined(separator: "\n")

        let capture = CapturingFeature(includeName: "RequestEcho")
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
        let generated = pipeline.generate(SchemaSource(path: "Models/User.value", text: schema), settings: GenerationSettings())
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        var request = try #require(capture.requests.first)
        guard case .array(let plugins) = try #require(configuration["plugins"]) else { Issue.record("PluginABI.md's configuration has no plugins"); return }
        request.options = try #require(plugins.first?["options"])
        #expect(try JSONParser.parse(withoutComments) == request.json)
    }

    /// docs/PluginABI.md's `cases` of an ADT are what its Presence schema file gives.
    @Test func documentedADTCasesAreARealRequest() throws {
        let doc = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/PluginABI.md"), encoding: .utf8)
        let header = "# Models/Presence.adtValue\n"
        let schema = try #require(Self.codeBlock(in: doc, after: "```text request\n" + header))
        let cases = try #require(Self.codeBlock(in: doc, after: "```json request\n\"cases\": "))

        let capture = CapturingFeature(includeName: "RequestEcho")
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
        let generated = pipeline.generate(SchemaSource(path: "Models/Presence.adtValue", text: header + schema), settings: GenerationSettings())
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let request = try #require(capture.requests.first)
        guard case .array(let types)? = request.json["types"] else { Issue.record("the request has no types"); return }
        #expect(types.first?["cases"] == (try JSONParser.parse(Array(cases.utf8))))
    }

    /// docs/PluginABI.md's type structure of `[String: Set<UUID>]?` is what the request says.
    @Test func documentedTypeStructureIsARealRequest() throws {
        let doc = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/PluginABI.md"), encoding: .utf8)
        let structure = try #require(Self.codeBlock(in: doc, after: "```json request\n{\"kind\": \"optional\""))
        let capture = CapturingFeature(includeName: "RequestEcho")
        let pipeline = GeneratorPipeline(registry: try FeatureRegistry.builtIn.adding([capture]))
        let generated = pipeline.generate(SchemaSource(path: "Models/Tags.value", text: "Tags {\n  byName: [String: Set<UUID>]?\n}\n"), settings: GenerationSettings())
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let request = try #require(capture.requests.first)
        guard case .array(let types)? = request.json["types"], case .array(let attributes)? = types.first?["attributes"] else { Issue.record("the request has no attributes"); return }
        #expect(attributes.first?["type"]?["structure"] == (try JSONParser.parse(Array(("{\"kind\": \"optional\"" + structure).utf8))))
    }

    /// The text of the code block that starts right after the marker.
    static func codeBlock(in text: String, after marker: String) -> String? {
        guard let start = text.range(of: marker) else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.range(of: "```") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    // MARK: - What the schema refuses

    /// One way a request can differ from what Valuegen writes, and the problem it must cause.
    enum Deviation: String, CaseIterable, Sendable {
        case missingTypes, unknownTopLevelMember, futureSchemaVersion, unknownAccessLevel
        case nullDefaultValue, fractionalLine, lineZero, stringLocation, unknownTypeMember, annotationArgumentAsString
        case unknownStructureKind, setElementAsName, moduleTypeWithoutFile, argumentLocationAsString, optimizeForNotAString

        /// Applies the deviation to a request's wire form: the Presence and User examples.
        func apply(to request: inout JSONValue) {
            switch self {
            case .missingTypes: request.remove("types")
            case .unknownTopLevelMember: request.set("files", to: .array([]))
            case .futureSchemaVersion: request.set("schemaVersion", to: .number(3))
            case .unknownAccessLevel: request.set("accessLevel", to: .string("open"))
            case .nullDefaultValue: request.update("types", 0, "attributes", 0) { $0.set("defaultValue", to: .null) }
            case .fractionalLine: request.update("types", 0, "location") { $0.set("line", to: .number(1.5)) }
            case .lineZero: request.update("types", 0, "location") { $0.set("line", to: .number(0)) }
            case .stringLocation: request.update("types", 0) { $0.set("location", to: .string("1:1")) }
            case .unknownTypeMember: request.update("types", 0) { $0.set("isFinal", to: .bool(true)) }
            case .annotationArgumentAsString: request.update("types", 0, "annotations") { $0 = .array([.object([
                JSONMember(key: "name", value: .string("owner")), JSONMember(key: "arguments", value: .array([.string("team=accounts")])),
                JSONMember(key: "location", value: .object([JSONMember(key: "line", value: .number(1)), JSONMember(key: "column", value: .number(1))])),
            ])]) }
            case .unknownStructureKind: request.update("types", 0, "attributes", 0, "type", "structure") { $0.set("kind", to: .string("tuple")) }
            case .setElementAsName: request.update("types", 0, "attributes", 0, "type", "structure") { $0.set("element", to: .string("UUID")) }
            case .moduleTypeWithoutFile: request.update("module", "types", 0) { $0.remove("file") }
            case .argumentLocationAsString: request.update("types", 0, "attributes", 5, "annotations", 1, "arguments", 0) { $0.set("location", to: .string("1:1")) }
            case .optimizeForNotAString: request.set("optimizeFor", to: .array([.string("codeSize")]))
            }
        }

        var expectedProblem: String {
            switch self {
            case .missingTypes: return "the request: the required member 'types' is missing"
            case .unknownTopLevelMember: return "the request: the member 'files' is not allowed"
            case .futureSchemaVersion: return "/schemaVersion: 3 is not one of the allowed values"
            case .unknownAccessLevel: return "/accessLevel: \"open\" is not one of the allowed values"
            case .nullDefaultValue: return "/types/0/attributes/0/defaultValue: null is not of type string"
            case .fractionalLine: return "/types/0/location/line: 1.5 is not of type integer"
            case .lineZero: return "/types/0/location/line: 0 is less than 1"
            case .stringLocation: return "/types/0/location: \"1:1\" is not of type object"
            case .unknownTypeMember: return "/types/0: the member 'isFinal' is not allowed"
            case .annotationArgumentAsString: return "/types/0/annotations/0/arguments/0: \"team=accounts\" is not of type object"
            case .unknownStructureKind: return "/types/0/attributes/0/type/structure/kind: \"tuple\" is not one of the allowed values"
            case .setElementAsName: return "/types/0/attributes/0/type/structure/element: \"UUID\" is not of type object"
            case .moduleTypeWithoutFile: return "/module/types/0: the required member 'file' is missing"
            case .argumentLocationAsString: return "/types/0/attributes/5/annotations/1/arguments/0/location: \"1:1\" is not of type object"
            case .optimizeForNotAString: return "/optimizeFor: [\"codeSize\"] is not of type string"
            }
        }
    }

    @Test(arguments: Deviation.allCases)
    func schemaRefusesWhatValuegenNeverWrites(_ deviation: Deviation) throws {
        let user = try #require(try ExampleRequests.captured().first { $0.file.name == "User.value" })
        var request = try Self.wireForm(user)
        deviation.apply(to: &request)
        #expect(try Self.validator().problems(in: request) == [deviation.expectedProblem])
    }
}

extension JSONValue {
    mutating func set(_ key: String, to value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        self = .object(members)
    }

    mutating func remove(_ key: String) {
        guard case .object(let members) = self else { return }
        self = .object(members.filter { $0.key != key })
    }

    /// Changes the value at a path of member names and array indices.
    mutating func update(_ path: any Sendable..., with change: (inout JSONValue) -> Void) {
        update(path[...], with: change)
    }

    private mutating func update(_ path: ArraySlice<any Sendable>, with change: (inout JSONValue) -> Void) {
        guard let first = path.first else {
            change(&self)
            return
        }
        switch (self, first) {
        case (.object(var members), let key as String):
            guard let index = members.firstIndex(where: { $0.key == key }) else { return }
            members[index].value.update(path.dropFirst(), with: change)
            self = .object(members)
        case (.array(var elements), let index as Int):
            guard elements.indices.contains(index) else { return }
            elements[index].update(path.dropFirst(), with: change)
            self = .array(elements)
        default:
            return
        }
    }
}
