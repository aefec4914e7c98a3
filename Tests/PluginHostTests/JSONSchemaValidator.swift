import Foundation
import ValuegenPluginSDK

/// A small JSON Schema (draft 2020-12) validator: exactly the keywords
/// docs/PluginRequest.schema.json uses, so the tests need no dependency.
/// ``unsupportedKeywords()`` keeps the schema honest: a keyword this validator does not
/// check would otherwise be ignored silently.
struct JSONSchemaValidator {
    /// The keywords checked against instances.
    static let assertionKeywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "minimum",
    ]
    /// The keywords that only describe or hold subschemas.
    static let annotationKeywords: Set<String> = ["$schema", "$id", "$defs", "$comment", "title", "description"]

    let schema: JSONValue

    init(schema: JSONValue) {
        self.schema = schema
    }

    /// Where the instance breaks the schema, one `"<JSON pointer>: <problem>"` each (`the request`
    /// for the whole document); empty when it is valid.
    func problems(in instance: JSONValue) -> [String] {
        var problems: [String] = []
        check(instance, against: schema, at: "", into: &problems)
        return problems
    }

    /// Where the instance breaks the definition the reference names (`#/$defs/ModuleRequest`).
    func problems(in instance: JSONValue, against reference: String) -> [String] {
        guard let definition = resolve(reference) else { return ["the schema has no \(reference)"] }
        var problems: [String] = []
        check(instance, against: definition, at: "", into: &problems)
        return problems
    }

    /// The keywords used anywhere in the schema that this validator does not implement.
    func unsupportedKeywords() -> Set<String> {
        var unsupported: Set<String> = []
        collectUnsupported(in: schema, into: &unsupported)
        return unsupported
    }

    private func collectUnsupported(in schema: JSONValue, into unsupported: inout Set<String>) {
        guard case .object(let members) = schema else { return }
        for member in members {
            if !Self.assertionKeywords.contains(member.key) && !Self.annotationKeywords.contains(member.key) {
                unsupported.insert(member.key)
            }
            switch member.key {
            case "properties", "$defs":
                if case .object(let subschemas) = member.value {
                    subschemas.forEach { collectUnsupported(in: $0.value, into: &unsupported) }
                }
            case "items", "additionalProperties":
                collectUnsupported(in: member.value, into: &unsupported)
            default:
                break
            }
        }
    }

    private func check(_ instance: JSONValue, against schema: JSONValue, at pointer: String, into problems: inout [String]) {
        let here = pointer.isEmpty ? "the request" : pointer
        switch schema {
        case .bool(true):
            return
        case .bool(false):
            problems.append("\(here): no value is allowed here")
            return
        case .object:
            break
        default:
            problems.append("\(here): the schema here is neither an object nor a boolean")
            return
        }
        if case .string(let reference)? = schema["$ref"] {
            guard let target = resolve(reference) else {
                problems.append("\(here): the schema's $ref '\(reference)' leads nowhere")
                return
            }
            check(instance, against: target, at: pointer, into: &problems)
        }
        if let type = schema["type"] {
            let allowed: [String]
            switch type {
            case .string(let name): allowed = [name]
            case .array(let names): allowed = names.compactMap(\.stringValue)
            default: allowed = []
            }
            if !allowed.contains(where: { Self.instance(instance, hasType: $0) }) {
                problems.append("\(here): \(Self.describe(instance)) is not of type \(allowed.joined(separator: " or "))")
            }
        }
        if case .array(let values)? = schema["enum"], !values.contains(where: { Self.equal($0, instance) }) {
            problems.append("\(here): \(Self.describe(instance)) is not one of the allowed values")
        }
        if let value = schema["const"], !Self.equal(value, instance) {
            problems.append("\(here): \(Self.describe(instance)) is not the constant \(Self.describe(value))")
        }
        if case .number(let minimum)? = schema["minimum"], case .number(let number) = instance, number < minimum {
            problems.append("\(here): \(Self.describe(instance)) is less than \(Self.describe(.number(minimum)))")
        }
        if case .object(let members) = instance {
            let properties: [JSONMember]
            if case .object(let declared)? = schema["properties"] {
                properties = declared
            } else {
                properties = []
            }
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where !members.contains(where: { $0.key == key }) {
                    problems.append("\(here): the required member '\(key)' is missing")
                }
            }
            for member in members {
                let memberPointer = pointer + "/" + Self.escape(member.key)
                if let property = properties.first(where: { $0.key == member.key }) {
                    check(member.value, against: property.value, at: memberPointer, into: &problems)
                } else if let additional = schema["additionalProperties"] {
                    if case .bool(false) = additional {
                        problems.append("\(here): the member '\(member.key)' is not allowed")
                    } else {
                        check(member.value, against: additional, at: memberPointer, into: &problems)
                    }
                }
            }
        }
        if case .array(let elements) = instance, let items = schema["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: items, at: "\(pointer)/\(index)", into: &problems)
            }
        }
    }

    /// A reference within the schema: `#` and a JSON pointer, e.g. `#/$defs/ModelType`.
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var current = schema
        for token in reference.dropFirst().split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }

    private static func instance(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("integer", .number(let number)):
            return number.isFinite && number == number.rounded()
        default:
            return false
        }
    }

    /// JSON equality: numbers by value, objects whatever the order of their members.
    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { member in
                right.first { $0.key == member.key }.map { equal(member.value, $0.value) } ?? false
            }
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        default:
            return lhs == rhs
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        String(decoding: JSONSerializer.serialize(value).prefix(60), as: UTF8.self)
    }

    private static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
