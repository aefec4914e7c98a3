import Foundation
import ValuegenPluginSDK

/// An OpenAPI 3.0 or 3.1 JSON document, read for its `components/schemas`.
struct OpenAPIDocument {
    /// The `openapi` version string: `3.0.3`, `3.1.0`.
    var version: String
    /// `components/schemas`, in the document's order.
    var schemas: [JSONMember]
    var root: JSONValue
    /// `schemas` by name (the first, should a name be repeated).
    var schemaNamed: [String: JSONValue]

    /// Why a document cannot be imported at all. Nothing is written then.
    struct Failure: Error, Equatable {
        var message: String
    }

    static let yamlConversion = """
    valuegen reads OpenAPI documents in JSON; convert it first, with yq (yq -o=json DOCUMENT > DOCUMENT.json) \
    or Python's PyYAML (python3 -c 'import sys,yaml,json; json.dump(yaml.safe_load(sys.stdin), sys.stdout)' < DOCUMENT > DOCUMENT.json)
    """

    static func read(_ bytes: [UInt8], path: String) throws(Failure) -> OpenAPIDocument {
        let firstByte = bytes.first { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }
        let looksLikeYAML = path.hasSuffix(".yaml") || path.hasSuffix(".yml") || (firstByte != nil && firstByte != UInt8(ascii: "{"))
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            if looksLikeYAML {
                throw Failure(message: "the document is not JSON (it looks like YAML); \(yamlConversion)")
            }
            throw Failure(message: "the document is not JSON: \(error.description)")
        }
        guard case .object = root else {
            throw Failure(message: "the document is not an OpenAPI document: its top level is not an object")
        }
        guard let version = root["openapi"]?.stringValue else {
            if root["swagger"] != nil {
                throw Failure(message: "Swagger 2.0 documents are not imported; convert it to OpenAPI 3 first (for example with swagger2openapi)")
            }
            throw Failure(message: "the document is not an OpenAPI document: it has no \"openapi\" version")
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw Failure(message: "OpenAPI \(version) is not imported; valuegen reads OpenAPI 3.0 and 3.1")
        }
        guard case .object(let schemas)? = root["components"]?["schemas"] else {
            throw Failure(message: "the document has no components/schemas to import")
        }
        let named = Dictionary(schemas.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        return OpenAPIDocument(version: version, schemas: schemas, root: root, schemaNamed: named)
    }

    /// The pointer of a component: `#/components/schemas/Pet`.
    static func pointer(ofComponent name: String) -> String {
        "#/components/schemas/" + escape(name)
    }

    /// A JSON pointer's reference token: `~` as `~0`, `/` as `~1` (RFC 6901).
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The component a `$ref` names directly (`#/components/schemas/Pet` → `Pet`), or nil.
    static func componentName(ofReference reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let token = String(reference.dropFirst(prefix.count))
        guard !token.contains("/") else { return nil }
        return unescape(token)
    }

    static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// The value a local `$ref` (`#/…`) points at, or nil.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var value = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = Self.unescape(String(token).removingPercentEncodingIfNeeded)
            switch value {
            case .object:
                guard let member = value[key] else { return nil }
                value = member
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }
}

private extension String {
    /// A pointer in a URI fragment may percent-encode characters (`%7B` for `{`).
    var removingPercentEncodingIfNeeded: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
               let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
