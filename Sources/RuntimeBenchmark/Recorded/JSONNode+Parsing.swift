// Reading a recorded response into a JSONNode, its members in their order (which
// JSONSerialization's dictionaries lose), so that a varied copy prints as the server wrote it.
// For the excerpts, which are well-formed: anything else stops the benchmark.

extension JSONNode {
    init(parsing text: String) {
        var parser = NodeParser(bytes: Array(text.utf8))
        self = parser.value()
        precondition(parser.index == parser.bytes.count, "a recorded excerpt has bytes after its value")
    }
}

private struct NodeParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func value() -> JSONNode {
        skipSpaces()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONNode)] = []
            while next(isNot: "}") {
                let key = string()
                skipSpaces()
                expect(":")
                members.append((key, value()))
                skipSpaces()
                if bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
            return .object(members)
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONNode] = []
            while next(isNot: "]") {
                elements.append(value())
                skipSpaces()
                if bytes[index] == UInt8(ascii: ",") { index += 1 }
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            // The excerpts escape non-ASCII characters as the fixtures do (`\u2019`).
            let start = index
            let text = string()
            return .string(text, escapesNonASCII: bytes[start..<index].contains(UInt8(ascii: "\\")) && !text.allSatisfy(\.isASCII))
        case UInt8(ascii: "t"): index += 4; return .bool(true)
        case UInt8(ascii: "f"): index += 5; return .bool(false)
        case UInt8(ascii: "n"): index += 4; return .null
        default:
            let start = index
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if let integer = Int(text) { return .integer(integer) }
            return .double(Double(text)!)
        }
    }

    /// Whether the container goes on (true) or its closing bracket was passed (false).
    mutating func next(isNot closing: Unicode.Scalar) -> Bool {
        skipSpaces()
        if bytes[index] == UInt8(ascii: closing) {
            index += 1
            return false
        }
        return true
    }

    mutating func string() -> String {
        expect("\"")
        var utf16: [UInt16] = []
        while bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] == UInt8(ascii: "\\") else {
                // A run of unescaped bytes, as UTF-16.
                let start = index
                while bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
                utf16 += String(decoding: bytes[start..<index], as: UTF8.self).utf16
                continue
            }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): utf16.append(0x0A)
            case UInt8(ascii: "r"): utf16.append(0x0D)
            case UInt8(ascii: "t"): utf16.append(0x09)
            case UInt8(ascii: "b"): utf16.append(0x08)
            case UInt8(ascii: "f"): utf16.append(0x0C)
            case UInt8(ascii: "u"):
                utf16.append(UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)!)
                index += 4
            default: utf16.append(UInt16(escaped))
            }
        }
        index += 1
        return String(decoding: utf16, as: UTF16.self)
    }

    mutating func expect(_ byte: Unicode.Scalar) {
        precondition(bytes[index] == UInt8(ascii: byte), "a recorded excerpt is not JSON at byte \(index)")
        index += 1
    }

    mutating func skipSpaces() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }
}
