/// Parses UTF-8 JSON (RFC 8259) into a ``JSONValue``, keeping the order of object members.
///
/// Small and fast enough for plugin requests, which every plugin call parses; it does not
/// depend on Foundation.
public struct JSONParser {
    /// Why a document is not JSON, and where.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        /// What is wrong, e.g. `unterminated string`.
        public var message: String
        /// The byte offset, from 0, at which the parser gave up.
        public var offset: Int
        public var description: String { "invalid JSON at byte \(offset): \(message)" }
    }

    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maximumDepth = 512

    /// Parses the UTF-8 JSON document in `bytes`, which must hold exactly one value (with
    /// whitespace around it); throws a ``Failure`` naming the first problem and its offset.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else {
            throw Failure(message: "unexpected data after the document", offset: parser.offset)
        }
        return value
    }

    /// Parses the UTF-8 JSON document in `bytes`, as the `UnsafeRawBufferPointer` overload does.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure> = bytes.withUnsafeBytes { buffer in
            Result { () throws(Failure) in try parse(buffer) }
        }
        return try result.get()
    }

    /// Parses the JSON document in `text`, as the `UnsafeRawBufferPointer` overload does.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    private func fail(_ message: String) -> Failure {
        Failure(message: message, offset: offset)
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth)") }
        guard offset < bytes.count else { throw fail("unexpected end of the document") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw fail("unexpected end of the document") }
        for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
            throw fail("expected '\(literal)'")
        }
        offset += count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        offset += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            offset += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard offset < bytes.count else { throw fail("unexpected end of the document") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard offset < bytes.count else { throw fail("unexpected end of the document") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = try validatedString(start..<offset)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            offset += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                guard let text = String(validating: scalars, as: UTF8.self) else { throw fail("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                guard offset < bytes.count else { throw fail("unexpected end of the document") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var value = try parseHex4()
                    if (0xD800...0xDBFF).contains(value) {
                        guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw fail("a lone surrogate in \\u escape")
                        }
                        offset += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in \\u escape") }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(value) {
                        throw fail("a lone surrogate in \\u escape")
                    }
                    scalars.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
                default:
                    throw fail("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            default:
                guard byte >= 0x20 else { throw fail("a control character in a string") }
                scalars.append(byte)
                offset += 1
            }
        }
        throw fail("unterminated string")
    }

    private func validatedString(_ range: Range<Int>) throws(Failure) -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
        guard let text = String(validating: slice.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw fail("a string is not valid UTF-8")
        }
        return text
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw fail("unexpected end of the document") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("expected a hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else {
            throw fail("expected a value")
        }
        var integer: Int64 = 0
        var isSimpleInteger = true
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
                let (product, overflow) = integer.multipliedReportingOverflow(by: 10)
                if overflow || product > Int64(1) << 53 { isSimpleInteger = false }
                integer = product &+ Int64(bytes[offset] - UInt8(ascii: "0"))
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            isSimpleInteger = false
            offset += 1
            guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else { throw fail("expected a digit after '.'") }
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            isSimpleInteger = false
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else { throw fail("expected a digit in the exponent") }
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        }
        if isSimpleInteger {
            return Double(bytes[start] == UInt8(ascii: "-") ? -integer : integer)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        // Double(_:) reads 1e400 as infinity, which JSON cannot carry back out.
        guard let value = Double(text), value.isFinite else { throw fail("a number out of range") }
        return value
    }
}
