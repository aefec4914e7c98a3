// The request's JSON form: what crosses the C ABI (docs/PluginRequest.schema.json).
// Written by hand rather than through Codable because every plugin call encodes and decodes
// one, and Foundation's coders would dominate a plugin's cost.

extension GenerationRequest {
    /// The request as JSON. Absent optionals are left out.
    public var json: JSONValue {
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
        if let options {
            members.append(JSONMember(key: "options", value: options))
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
            options: reader.optionalMember("options")?.value
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
            comments: try reader.member("comments").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
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
            isIndirect: try reader.optionalMember("isIndirect")?.bool() ?? false,
            comments: try reader.member("comments").strings(),
            annotations: try reader.member("annotations").array { reader throws(JSONShapeError) in try Annotation(reader) },
            location: try SourceLocation(reader.member("location"))
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
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            swift: try reader.member("swift").string(),
            wrapped: try reader.member("wrapped").string(),
            isOptional: try reader.member("isOptional").bool(),
            isExistential: try reader.member("isExistential").bool(),
            containsExistential: try reader.member("containsExistential").bool(),
            isSendable: try reader.member("isSendable").bool()
        )
    }
}

extension Annotation {
    var json: JSONValue {
        .object([
            JSONMember(key: "name", value: .string(name)),
            JSONMember(key: "arguments", value: .array(arguments.map { argument in
                .object([JSONMember(key: "key", value: .string(argument.key)), JSONMember(key: "value", value: .string(argument.value))])
            })),
            JSONMember(key: "location", value: location.json),
        ])
    }

    init(_ reader: JSONReader) throws(JSONShapeError) {
        self.init(
            name: try reader.member("name").string(),
            arguments: try reader.member("arguments").array { reader throws(JSONShapeError) in
                AnnotationArgument(key: try reader.member("key").string(), value: try reader.member("value").string())
            },
            location: try SourceLocation(reader.member("location"))
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
