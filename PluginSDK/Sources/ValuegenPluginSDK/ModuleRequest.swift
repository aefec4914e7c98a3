/// Every schema file of a run, for a feature's module pass (``ModuleFeature``, ABI 1.4): what a
/// protoc plugin gets as its `CodeGeneratorRequest`, one view of the whole run.
///
/// Each file is the ``GenerationRequest`` its per-file `generate` gets, without ``GenerationRequest/options``
/// and ``GenerationRequest/module``: its types with their comments, annotations, attributes
/// (and theirs), cases with their subtype names, locations, and the coding the built-in
/// features resolved (``Attribute/codingKey``, ``Attribute/coding``, ``ModelType/adtCoding``),
/// type references with their ``TypeReference/structure``.
public struct ModuleRequest: Sendable, Equatable {
    /// The version of the files' shape (``GenerationRequest/currentSchemaVersion``).
    public var schemaVersion: Int
    /// The version of Valuegen that made the request, e.g. `"0.1.0"`.
    public var generatorVersion: String
    /// Every schema file of the run, in path order; a file's types in declaration order.
    public var files: [GenerationRequest]
    /// The options that the configuration gives the feature, if any.
    public var options: JSONValue?

    /// A module request; the host makes these, a plugin's tests may too.
    public init(schemaVersion: Int = GenerationRequest.currentSchemaVersion, generatorVersion: String, files: [GenerationRequest], options: JSONValue? = nil) {
        self.schemaVersion = schemaVersion
        self.generatorVersion = generatorVersion
        self.files = files
        self.options = options
    }

    /// The types of every file that include the feature with the given canonical name, with the
    /// file that declares each: files in path order, types in declaration order.
    public func types(including feature: String) -> [(file: SchemaFileDescription, type: ModelType)] {
        files.flatMap { file in file.types(including: feature).map { (file.file, $0) } }
    }
}

extension ModuleRequest {
    /// The request as JSON: `{"schemaVersion", "generatorVersion", "files": [...], "options"?}`,
    /// each file as ``GenerationRequest/json`` writes it.
    public var json: JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "schemaVersion", value: .number(Double(schemaVersion))),
            JSONMember(key: "generatorVersion", value: .string(generatorVersion)),
            JSONMember(key: "files", value: .array(files.map { file in
                var file = file
                file.options = nil
                file.module = nil
                return file.json
            })),
        ]
        if let options {
            members.append(JSONMember(key: "options", value: options))
        }
        return .object(members)
    }

    /// Reads a module request from its JSON form.
    public init(json: JSONValue) throws(JSONShapeError) {
        let reader = JSONReader(json, path: "")
        self.init(
            schemaVersion: try reader.member("schemaVersion").int(),
            generatorVersion: try reader.member("generatorVersion").string(),
            files: try reader.member("files").array { reader throws(JSONShapeError) in try GenerationRequest(json: reader.value) },
            options: reader.optionalMember("options")?.value
        )
    }
}
