// A JSON document as a server holds it before printing it: objects keep their members in the
// order they were added, as the servers' serializers do. JSONPrinter turns it into bytes.

indirect enum JSONNode {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    /// `escapesNonASCII`: written as `\uXXXX` escapes (UTF-16, astral characters as surrogate
    /// pairs), as serializers that write ASCII only do; otherwise written as UTF-8.
    case string(String, escapesNonASCII: Bool)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    static func string(_ text: String) -> JSONNode {
        .string(text, escapesNonASCII: false)
    }

    static func stringOrNull(_ text: String?, escapesNonASCII: Bool = false) -> JSONNode {
        text.map { .string($0, escapesNonASCII: escapesNonASCII) } ?? .null
    }

    static func integerOrNull(_ value: Int?) -> JSONNode {
        value.map { .integer($0) } ?? .null
    }

    static func integers(_ values: [Int]) -> JSONNode {
        .array(values.map { .integer($0) })
    }

    static func strings(_ values: [String]) -> JSONNode {
        .array(values.map { .string($0) })
    }
}

// Documents are written as literals in the order a server writes their keys:
// `["id": .integer(7), "name": .string(name)]`.
extension JSONNode: ExpressibleByDictionaryLiteral {
    init(dictionaryLiteral members: (String, JSONNode)...) {
        self = .object(members.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONNode: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: JSONNode...) {
        self = .array(elements)
    }
}

extension JSONNode: ExpressibleByStringLiteral {
    init(stringLiteral text: String) {
        self = .string(text, escapesNonASCII: false)
    }
}

extension JSONNode: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}
