// The request's JSON form: what crosses the C ABI (docs/PluginRequest.schema.json).
// Written by hand rather than through Codable because every plugin call encodes and decodes
// one, and Foundation's coders would dominate a plugin's cost.

extension GenerationRequest {
    /// The request as JSON. Absent optionals are left out.
    public var json: JSONValue {
        guard let module else { return perFileJSON }
        guard case .object(var members) = perFileJSON else { return perFileJSON }
        members.append(JSONMember(key: "module", value: module.json))
        return .object(members)
    }

    /// The request as a tree and as UTF-8 bytes, equal to serializing ``json``, made cheaply:
    /// the module's part of both is made once per run (``ModuleDescription/encodedOnce()``)
    /// and shared, so a request costs what its own file costs, plus one copy of the module's bytes.
    public func encodedJSON() -> (tree: JSONValue, bytes: [UInt8]) {
        let perFile = perFileJSON
        var bytes = JSONSerializer.serialize(perFile)
        guard let module, case .object(var members) = perFile else { return (perFile, bytes) }
        let moduleJSON = module.json
        members.append(JSONMember(key: "module", value: moduleJSON))
        // The per-file object ends in '}': the module goes in before it, as the last member.
        bytes.removeLast()
        bytes.append(contentsOf: #","module":"#.utf8)
        if let encoded = module.encoded {
            bytes.append(contentsOf: encoded.bytes)
        } else {
            JSONSerializer.write(moduleJSON, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        return (.object(members), bytes)
    }

    /// The request for a plugin that took the module once (`VALUEGEN_FEATURE_MODULE_ONCE`,
    /// ABI 1.3): the bytes leave ``module`` out, so that a request costs only its own file;
    /// the tree keeps it (shared, not copied), so that `valuegen.query` still answers
    /// `/module/...`.
    public func encodedJSONWithoutModule() -> (tree: JSONValue, bytes: [UInt8]) {
        let perFile = perFileJSON
        let bytes = JSONSerializer.serialize(perFile)
        guard let module, case .object(var members) = perFile else { return (perFile, bytes) }
        members.append(JSONMember(key: "module", value: module.json))
        return (.object(members), bytes)
    }

    /// Everything but the module: what a request of schemaVersion 1 held, and more.
    private var perFileJSON: JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "schemaVersion", value: .number(Double(schemaVersion))),
            JSONMember(key: "generatorVersion", value: .string(generatorVersion)),
            JSONMember(key: "file", value: .object([
                JSONMember(key: "name", value: .string(file.name)),
                JSONMember(key: "path", value: .string(file.path)),
                JSONMember(key: "kind", value: .string(file.kind.rawValue)),
            ])),
            JSONMember(key: "accessLevel", value: .string(accessLevel.rawValue)),
            JSONMember(key: "imports", value: .strings(imports)),
            JSONMember(key: "types", value: .array(types.map(\.json))),
        ]
        // Written only when the file declares a protocol, so other requests read as before.
        if !protocols.isEmpty {
            members.append(JSONMember(key: "protocols", value: .array(protocols.map(\.json))))
        }
        if let options {
            members.append(JSONMember(key: "options", value: options))
        }
        // Written only when valuegen.json says, so other requests read as before.
        if let optimizeFor {
            members.append(JSONMember(key: "optimizeFor", value: .string(optimizeFor.rawValue)))
        }
        return .object(members)
    }

    /// Reads a request from its JSON form.
    public init(json: JSONValue) throws(JSONShapeError) {
        let reader = JSONReader(json, path: "")
        let file = try reader.member("file")
        self.init(
            schemaVersion: try reader.member("schemaVersion").int(),
            generatorVersion: try reader.member("generatorVersion").string(),
            file: SchemaFileDescription(
                name: try file.member("name").string(),
                path: try file.member("path").string(),
                kind: try file.member("kind").enumeration(ModelKind.self)
            ),
            accessLevel: try reader.member("accessLevel").enumeration(AccessLevel.self),
            imports: try reader.member("imports").strings(),
            types: try reader.member("types").array { reader throws(JSONShapeError) in try ModelType(reader) },
            protocols: try reader.optionalMember("protocols")?.array { reader throws(JSONShapeError) in try ModelProtocol(reader) } ?? [],
            options: reader.optionalMember("options")?.value,
            module: try reader.optionalMember("module").map { reader throws(JSONShapeError) in try ModuleDescription(reader) },
            optimizeFor: try reader.optionalMember("optimizeFor").map { reader throws(JSONShapeError) in OptimizationGoal(rawValue: try reader.string()) }
        )
    }

    /// Parses a request from UTF-8 JSON bytes.
    public init(jsonBytes: UnsafeRawBufferPointer) throws(JSONShapeError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(jsonBytes)
        } catch {
            throw JSONShapeError(message: error.description)
        }
        try self.init(json: value)
    }
}

/// A JSON document that does not have the shape of a request.
public struct JSONShapeError: Error, CustomStringConvertible, Equatable {
    /// What is missing or of the wrong type, and where in the document.
    public var message: String
    public var description: String { message }
}

extension ModelType {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "kind", value: .string(kind.rawValue)),
            JSONMember(key: "comments", value: .strings(comments)),
            JSONMember(key: "includes", value: .strings(includes)),
            JSONMember(key: "annotations", value: .array(annotations.map(\.json))),
            JSONMember(key: "attributes", value: .array(attributes.map(\.json))),
            JSONMember(key: "cases", value: .array(cases.map(\.json))),
            JSONMember(key: "canBeSendable", value: .bool(canBeSendable)),
        ] + (adtCoding.map { [JSONMember(key: "adtCoding", value: $0.json)] } ?? [])
            + (protocols.isEmpty ? [] : [JSONMember(key: "protocols", value: .strings(protocols))]) + [
            JSONMember(key: "location", value: location.json),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            kind: try reader.member("kind").enumeration(ModelKind.self),
            comments: try reader.member("comments").strings(),
            includes: try reader.member("includes").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
            attributes: try reader.member("attributes").array { reader throws(JSONShapeError) in try Attribute(reader) },
            cases: try reader.member("cases").array { reader throws(JSONShapeError) in try ADTCase(reader) },
            canBeSendable: try reader.member("canBeSendable").bool(),
            adtCoding: try reader.optionalMember("adtCoding").map { reader throws(JSONShapeError) in try ADTCoding(reader) },
            protocols: try reader.optionalMember("protocols")?.strings() ?? [],
            location: try SourceLocation(reader.member("location"))
        )
    }
}

extension ModelProtocol {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "refines", value: .strings(refines)),
            JSONMember(key: "attributes", value: .array(attributes.map(\.json))),
        ] + JSONValue.declarationMembers(comments: comments, annotations: annotations, location: location))
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            refines: try reader.member("refines").strings(),
            comments: try reader.member("comments").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
            attributes: try reader.member("attributes").array { reader throws(JSONShapeError) in try Attribute(reader) },
            location: try SourceLocation(reader.member("location"))
        )
    }
}

extension Attribute {
    var json: JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "type", value: type.json),
        ]
        if let defaultValue {
            members.append(JSONMember(key: "defaultValue", value: .string(defaultValue)))
        }
        members += [
            JSONMember(key: "codingKey", value: .string(codingKey)),
            JSONMember(key: "legacyCodingKeys", value: .strings(legacyCodingKeys)),
            JSONMember(key: "isRedacted", value: .bool(isRedacted)),
            JSONMember(key: "skipsEquality", value: .bool(skipsEquality)),
        ]
        // Written only when something differs from the defaults.
        if let coding {
            members.append(JSONMember(key: "coding", value: coding.json))
        }
        if let protocolName {
            members.append(JSONMember(key: "protocolName", value: .string(protocolName)))
        }
        return .object(members + JSONValue.declarationMembers(comments: comments, annotations: annotations, location: location))
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            type: try TypeReference(reader.member("type")),
            defaultValue: try reader.optionalMember("defaultValue")?.string(),
            codingKey: try reader.member("codingKey").string(),
            legacyCodingKeys: try reader.member("legacyCodingKeys").strings(),
            isRedacted: try reader.member("isRedacted").bool(),
            skipsEquality: try reader.member("skipsEquality").bool(),
            coding: try reader.optionalMember("coding").map { reader throws(JSONShapeError) in try AttributeCoding(reader) },
            comments: try reader.member("comments").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
            protocolName: try reader.optionalMember("protocolName")?.string(),
            location: try SourceLocation(reader.member("location"))
        )
    }
}

extension ADTCase {
    var json: JSONValue {
        var members: [JSONMember] = [
            JSONMember(key: "subtypeName", value: .string(subtypeName)),
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "attributes", value: .array(attributes.map(\.json))),
        ]
        if let singleValueType {
            members.append(JSONMember(key: "singleValueType", value: singleValueType.json))
        }
        if let codingTag {
            members.append(JSONMember(key: "codingTag", value: .string(codingTag)))
        }
        // Written only when true, so requests of ADTs that need no boxing read as before.
        if isIndirect {
            members.append(JSONMember(key: "isIndirect", value: .bool(true)))
        }
        return .object(members + JSONValue.declarationMembers(comments: comments, annotations: annotations, location: location))
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            subtypeName: try reader.member("subtypeName").string(),
            name: try reader.member("name").string(),
            attributes: try reader.member("attributes").array { reader throws(JSONShapeError) in try Attribute(reader) },
            singleValueType: try reader.optionalMember("singleValueType").map { reader throws(JSONShapeError) in try TypeReference(reader) },
            codingTag: try reader.optionalMember("codingTag")?.string(),
            isIndirect: try reader.optionalMember("isIndirect")?.bool() ?? false,
            comments: try reader.member("comments").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
            location: try SourceLocation(reader.member("location"))
        )
    }
}

extension ADTCoding {
    var json: JSONValue {
        var members = [
            JSONMember(key: "representation", value: .string(form.rawValue)),
            JSONMember(key: "discriminator", value: .string(discriminator)),
            JSONMember(key: "contentKey", value: .string(contentKey)),
        ]
        if let unknownCase {
            members.append(JSONMember(key: "unknownCase", value: .string(unknownCase)))
        }
        return .object(members)
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            // Any spelling: a form added by a newer host reaches an older plugin as `.internallyTagged`
            // through `representation`, and by name through `form`.
            form: Form(rawValue: try reader.member("representation").string()),
            discriminator: try reader.member("discriminator").string(),
            contentKey: try reader.member("contentKey").string(),
            unknownCase: try reader.optionalMember("unknownCase")?.string()
        )
    }
}

extension AttributeCoding {
    var json: JSONValue {
        var members = [
            JSONMember(key: "isTransient", value: .bool(isTransient)),
            JSONMember(key: "acceptsIntegerStrings", value: .bool(acceptsIntegerStrings)),
        ]
        if let dateStyle {
            var style = [JSONMember(key: "kind", value: .string(dateStyle.kind.rawValue))]
            if let format = dateStyle.format {
                style.append(JSONMember(key: "format", value: .string(format)))
            }
            members.append(JSONMember(key: "dateStyle", value: .object(style)))
        }
        return .object(members)
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            isTransient: try reader.member("isTransient").bool(),
            dateStyle: try reader.optionalMember("dateStyle").map { reader throws(JSONShapeError) in
                DateStyle(try reader.member("kind").enumeration(DateStyle.Kind.self), format: try reader.optionalMember("format")?.string())
            },
            acceptsIntegerStrings: try reader.member("acceptsIntegerStrings").bool()
        )
    }
}

extension TypeReference {
    var json: JSONValue {
        .object([
            JSONMember(key: "swift", value: .string(swift)),
            JSONMember(key: "wrapped", value: .string(wrapped)),
            JSONMember(key: "isOptional", value: .bool(isOptional)),
            JSONMember(key: "isExistential", value: .bool(isExistential)),
            JSONMember(key: "containsExistential", value: .bool(containsExistential)),
            JSONMember(key: "isSendable", value: .bool(isSendable)),
        ] + (structure.map { [JSONMember(key: "structure", value: $0.json)] } ?? []))
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            swift: try reader.member("swift").string(),
            wrapped: try reader.member("wrapped").string(),
            isOptional: try reader.member("isOptional").bool(),
            isExistential: try reader.member("isExistential").bool(),
            containsExistential: try reader.member("containsExistential").bool(),
            isSendable: try reader.member("isSendable").bool(),
            structure: try reader.optionalMember("structure").map { reader throws(JSONShapeError) in try TypeStructure(reader) }
        )
    }
}

extension Annotation {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "arguments", value: .array(arguments.map(\.json))),
            JSONMember(key: "location", value: location.json),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            arguments: try reader.member("arguments").array { reader throws(JSONShapeError) in try AnnotationArgument(reader) },
            location: try SourceLocation(reader.member("location"))
        )
    }
}

extension AnnotationArgument {
    var json: JSONValue {
        var members = [JSONMember(key: "key", value: .string(key)), JSONMember(key: "value", value: .string(value))]
        if let location {
            members.append(JSONMember(key: "location", value: location.json))
        }
        if let valueLocation {
            members.append(JSONMember(key: "valueLocation", value: valueLocation.json))
        }
        return .object(members)
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            key: try reader.member("key").string(),
            value: try reader.member("value").string(),
            location: try reader.optionalMember("location").map { reader throws(JSONShapeError) in try SourceLocation(reader) },
            valueLocation: try reader.optionalMember("valueLocation").map { reader throws(JSONShapeError) in try SourceLocation(reader) }
        )
    }
}

extension TypeStructure {
    var json: JSONValue {
        var members = [JSONMember(key: "kind", value: .string(kind))]
        switch self {
        case .named(let named):
            members.append(JSONMember(key: "name", value: .string(named.name)))
            members.append(JSONMember(key: "arguments", value: .array(named.arguments.map(\.json))))
            if let model = named.model {
                members.append(JSONMember(key: "model", value: .string(model.rawValue)))
            }
            if let declaredWith = named.declaredWith {
                members.append(JSONMember(key: "declaredWith", value: .string(declaredWith.rawValue)))
            }
        case .optional(let wrapped):
            members.append(JSONMember(key: "wrapped", value: wrapped.json))
        case .array(let element), .set(let element):
            members.append(JSONMember(key: "element", value: element.json))
        case .dictionary(let key, let value):
            members.append(JSONMember(key: "key", value: key.json))
            members.append(JSONMember(key: "value", value: value.json))
        case .existential(let constraints):
            members.append(JSONMember(key: "constraints", value: .array(constraints.map(\.json))))
        }
        return .object(members)
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        let kind = try reader.member("kind").string()
        switch kind {
        case "named":
            self = .named(NamedType(
                name: try reader.member("name").string(),
                arguments: try reader.member("arguments").array { reader throws(JSONShapeError) in try TypeStructure(reader) },
                model: try reader.optionalMember("model")?.enumeration(ModelKind.self),
                declaredWith: try reader.optionalMember("declaredWith")?.enumeration(TypeDeclarationSite.self)
            ))
        case "optional": self = .optional(wrapped: try TypeStructure(reader.member("wrapped")))
        case "array": self = .array(element: try TypeStructure(reader.member("element")))
        case "set": self = .set(element: try TypeStructure(reader.member("element")))
        case "dictionary": self = .dictionary(key: try TypeStructure(reader.member("key")), value: try TypeStructure(reader.member("value")))
        case "existential":
            self = .existential(constraints: try reader.member("constraints").array { reader throws(JSONShapeError) in try TypeStructure(reader) })
        default:
            throw JSONShapeError(message: "the request's \(reader.path)/kind is not a known type structure kind")
        }
    }
}

extension ModuleDescription {
    /// The module's JSON tree; the one made once when there is one.
    var json: JSONValue {
        if let encoded { return encoded.tree }
        return .object([JSONMember(key: "types", value: .array(types.map(\.json)))])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(types: try reader.member("types").array { reader throws(JSONShapeError) in try ModuleType(reader) })
    }

    /// The module's JSON as UTF-8 bytes, exactly what a request's `module` member holds: what
    /// `begin_module` receives (ABI 1.3). The bytes made once when there are some.
    public var jsonBytes: [UInt8] {
        encoded?.bytes ?? JSONSerializer.serialize(json)
    }

    /// Reads a module from its JSON form, the object a request's `module` member holds (what
    /// `begin_module` receives, ABI 1.3); errors name pointers below `/module`.
    public init(json: JSONValue) throws(JSONShapeError) {
        try self.init(JSONReader(json, path: "/module"))
    }
}

extension ModuleType {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "kind", value: .string(kind.rawValue)),
            JSONMember(key: "file", value: .string(file)),
            JSONMember(key: "includes", value: .strings(includes)),
            JSONMember(key: "attributes", value: .array(attributes.map(\.json))),
            JSONMember(key: "cases", value: .array(cases.map(\.json))),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            kind: try reader.member("kind").enumeration(ModelKind.self),
            file: try reader.member("file").string(),
            includes: try reader.member("includes").strings(),
            attributes: try reader.member("attributes").array { reader throws(JSONShapeError) in try ModuleAttribute(reader) },
            cases: try reader.member("cases").array { reader throws(JSONShapeError) in try ModuleCase(reader) }
        )
    }
}

extension ModuleAttribute {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "type", value: .string(type)),
            JSONMember(key: "structure", value: structure.json),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(name: try reader.member("name").string(), type: try reader.member("type").string(), structure: try TypeStructure(reader.member("structure")))
    }
}

extension ModuleCase {
    var json: JSONValue {
        var members = [
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "attributes", value: .array(attributes.map(\.json))),
        ]
        if let singleValueType, let singleValueStructure {
            members.append(JSONMember(key: "singleValueType", value: .string(singleValueType)))
            members.append(JSONMember(key: "singleValueStructure", value: singleValueStructure.json))
        }
        return .object(members)
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            attributes: try reader.member("attributes").array { reader throws(JSONShapeError) in try ModuleAttribute(reader) },
            singleValueType: try reader.optionalMember("singleValueType")?.string(),
            singleValueStructure: try reader.optionalMember("singleValueStructure").map { reader throws(JSONShapeError) in try TypeStructure(reader) }
        )
    }
}

extension SourceLocation {
    var json: JSONValue {
        .object([
            JSONMember(key: "line", value: .number(Double(line))),
            JSONMember(key: "column", value: .number(Double(column))),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(line: try reader.member("line").int(), column: try reader.member("column").int())
    }
}

extension JSONValue {
    static func strings(_ values: [String]) -> JSONValue {
        .array(values.map { .string($0) })
    }

    /// What every written declaration ends with: its doc comment, annotations and location.
    static func declarationMembers(comments: [String], annotations: [Annotation], location: SourceLocation) -> [JSONMember] {
        [
            JSONMember(key: "comments", value: .strings(comments)),
            JSONMember(key: "annotations", value: .array(annotations.map(\.json))),
            JSONMember(key: "location", value: location.json),
        ]
    }
}

/// Reads typed values out of a JSON tree, naming the JSON pointer of whatever is missing.
struct JSONReader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    private func fail(_ expected: String) -> JSONShapeError {
        JSONShapeError(message: "the request's \(path.isEmpty ? "/" : path) is not \(expected)")
    }

    func member(_ key: String) throws(JSONShapeError) -> JSONReader {
        guard let reader = optionalMember(key) else {
            guard case .object = value else { throw fail("an object") }
            throw JSONShapeError(message: "the request has no \(path)/\(key)")
        }
        return reader
    }

    func optionalMember(_ key: String) -> JSONReader? {
        guard case .object(let members) = value, let member = members.first(where: { $0.key == key }) else { return nil }
        if case .null = member.value { return nil }
        return JSONReader(member.value, path: path + "/" + key)
    }

    func string() throws(JSONShapeError) -> String {
        guard case .string(let text) = value else { throw fail("a string") }
        return text
    }

    func bool() throws(JSONShapeError) -> Bool {
        guard case .bool(let flag) = value else { throw fail("true or false") }
        return flag
    }

    func int() throws(JSONShapeError) -> Int {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 9.0e15 else { throw fail("an integer") }
        return Int(number)
    }

    func strings() throws(JSONShapeError) -> [String] {
        try array { reader throws(JSONShapeError) in try reader.string() }
    }

    func enumeration<T: RawRepresentable>(_ type: T.Type) throws(JSONShapeError) -> T where T.RawValue == String {
        guard let result = T(rawValue: try string()) else { throw fail("a known \(T.self)") }
        return result
    }

    func array<T>(_ element: (JSONReader) throws(JSONShapeError) -> T) throws(JSONShapeError) -> [T] {
        guard case .array(let elements) = value else { throw fail("an array") }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        for (index, value) in elements.enumerated() {
            result.append(try element(JSONReader(value, path: "\(path)/\(index)")))
        }
        return result
    }
}
