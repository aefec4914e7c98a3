import Foundation
import Testing
import ValuegenRuntime

// Helpers shared by the binary tests, and message types written by hand the way the generated
// `Binary` feature writes them (docs/BinaryFormat.md, "Models").

/// Bytes written as hex pairs, spaces ignored: `"56 47 42 01"`.
func hexBytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace })
    precondition(digits.count % 2 == 0, "an odd number of hex digits")
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
}

/// Bytes as hex pairs separated by spaces, upper case.
func hexString(_ bytes: [UInt8]) -> String {
    bytes.map { $0 < 0x10 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }.joined(separator: " ")
}

/// A whole document: the header, the string table (empty unless `strings` are given), then the
/// payload given in hex.
func binaryDocument(_ payloadHex: String, strings: [String] = []) -> [UInt8] {
    var table = [UInt8(strings.count)]
    for string in strings {
        precondition(string.utf8.count < 128 && strings.count < 128, "a test's table is small")
        table += [UInt8(string.utf8.count)] + Array(string.utf8)
    }
    return BinaryFormat.header + table + hexBytes(payloadHex)
}

/// The payload a value writes (its document without the header and the string table, which
/// must be empty), in hex.
func binaryPayloadHex<T: BinaryEncodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let document = value.binaryBytes()
    #expect(Array(document.prefix(5)) == BinaryFormat.header + [0], "a header and an empty string table", sourceLocation: sourceLocation)
    return hexString(Array(document.dropFirst(5)))
}

/// Writes the value and reads it back.
func binaryRoundTrip<T: BinaryCodable>(_ value: T) throws(BinaryError) -> T {
    try T(binaryBytes: value.binaryBytes())
}

/// Asserts that reading the bytes as `T` throws exactly this error.
func expectBinaryError<T: BinaryDecodable>(
    _ type: T.Type,
    _ bytes: [UInt8],
    _ message: String,
    at offset: Int,
    path: [Int] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let value = try T(binaryBytes: bytes)
        Issue.record("expected the error \"\(message)\", read \(value)", sourceLocation: sourceLocation)
    } catch {
        #expect(error == BinaryError(message: message, offset: offset, path: path), sourceLocation: sourceLocation)
    }
}

// MARK: - Messages

/// docs/BinaryFormat.md's example: a value type with a required Int and String, an optional,
/// an array of itself and a dictionary, all numbered in declaration order.
struct BinaryUser: BinaryCodable, Equatable {
    var userId: Int
    var nickname: String
    var imageUrl: URL?
    var friends: [BinaryUser] = []
    var scores: [String: Double] = [:]

    init(userId: Int, nickname: String, imageUrl: URL? = nil, friends: [BinaryUser] = [], scores: [String: Double] = [:]) {
        self.userId = userId
        self.nickname = nickname
        self.imageUrl = imageUrl
        self.friends = friends
        self.scores = scores
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, userId)
            writer.writeField(2, nickname)
            if let imageUrl { writer.writeField(3, imageUrl) }
            writer.writeField(4, friends)
            writer.writeField(5, scores)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var userId: Int?
        var nickname: String?
        var imageUrl: URL?
        var friends: [BinaryUser] = []
        var scores: [String: Double] = [:]
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: userId = try reader.read(Int.self)
            case 2: nickname = try reader.read(String.self)
            case 3: imageUrl = try reader.read(URL.self)
            case 4: friends = try reader.read([BinaryUser].self)
            case 5: scores = try reader.read([String: Double].self)
            default: break
            }
        }
        guard let userId else { throw reader.error("missing field 1 (userId) of BinaryUser") }
        guard let nickname else { throw reader.error("missing field 2 (nickname) of BinaryUser") }
        self.init(userId: userId, nickname: nickname, imageUrl: imageUrl, friends: friends, scores: scores)
    }
}

/// docs/BinaryFormat.md's ADT example, as the generated code writes it: a case with
/// attributes, a case with one unlabelled value, a plain case.
enum BinaryShape: BinaryCodable, Equatable {
    case circle(radius: Double)
    case label(String)
    case empty

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            switch self {
            case .circle(let radius):
                writer.writeField(1, 1)
                writer.writeMessageField(2) { writer in
                    writer.writeField(1, radius)
                }
            case .label(let value):
                writer.writeField(1, 2)
                writer.writeField(2, value)
            case .empty:
                writer.writeField(1, 3)
            }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        let message = try reader.beginMessage()
        var caseNumber = try reader.readNextField(1, Int.self)
        var payload = try reader.deferNextField(2)
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 1:
                caseNumber = try reader.read(Int.self)
            case 2:
                payload = reader // read below, once the case is known
            default:
                break
            }
        }
        switch caseNumber {
        case 1:
            guard var reader = payload else {
                throw reader.error("missing the payload of BinaryShape.circle")
            }
            do throws(BinaryError) {
                let message = try reader.beginMessageField()
                var radius = try reader.readNextField(1, Double.self)
                try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
                    switch field {
                    case 1:
                        radius = try reader.read(Double.self)
                    default:
                        break
                    }
                }
                guard let radius else {
                    throw reader.error("missing field 1 (radius) of BinaryShape.circle")
                }
                self = .circle(radius: radius)
            } catch {
                throw error.inField(2)
            }
        case 2:
            guard var reader = payload else {
                throw reader.error("missing the payload of BinaryShape.label")
            }
            do throws(BinaryError) {
                self = .label(try reader.read(String.self))
            } catch {
                throw error.inField(2)
            }
        case 3:
            self = .empty
        default:
            throw reader.error("unknown BinaryShape case number \(caseNumber.map(String.init) ?? "(none)")")
        }
    }
}

/// A message that holds itself, to nest as deep as the data goes.
struct BinaryNode: BinaryCodable, Equatable {
    var child: [BinaryNode]

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            if let first = child.first { writer.writeField(1, first) }
        }
    }

    init(child: BinaryNode?) {
        self.child = child.map { [$0] } ?? []
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var child: [BinaryNode] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 { child = [try reader.read(BinaryNode.self)] }
        }
        self.child = child
    }
}

/// A document of `depth` nested length-delimited values: each level is its varint length, the
/// `head` bytes (a field's tag, an array's count) and the next level; the innermost level is
/// `innermost` (length included). Built from the inside out so that a depth of 100,000 takes
/// linear time. Also returns where each level's length starts, outermost first.
func nestedDocument(depth: Int, head: [UInt8], innermost: [UInt8]) -> (bytes: [UInt8], lengthOffsets: [Int]) {
    var reversed = Array(innermost.reversed())
    var prefixSizes: [Int] = []  // innermost first
    for _ in 1..<depth {
        var length = UInt64(reversed.count + head.count)
        reversed.append(contentsOf: head.reversed())
        var prefix: [UInt8] = []
        while length >= 0x80 {
            prefix.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        prefix.append(UInt8(length))
        reversed.append(contentsOf: prefix.reversed())
        prefixSizes.append(prefix.count)
    }
    var offsets: [Int] = []
    var offset = BinaryFormat.header.count + 1  // the header and an empty string table
    for prefixSize in prefixSizes.reversed() {
        offsets.append(offset)
        offset += prefixSize + head.count
    }
    offsets.append(offset)
    return (BinaryFormat.header + [0] + reversed.reversed(), offsets)
}

// MARK: - Evolution

/// The first version of a model.
struct ProfileV1: BinaryCodable, Equatable {
    var id: Int
    var name: String

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, id)
            writer.writeField(2, name)
        }
    }

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var id: Int?
        var name: String?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: id = try reader.read(Int.self)
            case 2: name = try reader.read(String.self)
            default: break
            }
        }
        guard let id else { throw reader.error("missing field 1 (id) of ProfileV1") }
        guard let name else { throw reader.error("missing field 2 (name) of ProfileV1") }
        self.init(id: id, name: name)
    }
}

/// The second version: two attributes appended (an optional and one with a default), and one
/// with an explicit number (`%binaryField number=10`).
struct ProfileV2: BinaryCodable, Equatable {
    var id: Int
    var name: String
    var email: String?
    var zipCode: String = "00000"
    var tags: [String] = []

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, id)
            writer.writeField(2, name)
            if let email { writer.writeField(3, email) }
            writer.writeField(4, zipCode)
            writer.writeField(10, tags)
        }
    }

    init(id: Int, name: String, email: String? = nil, zipCode: String = "00000", tags: [String] = []) {
        self.id = id
        self.name = name
        self.email = email
        self.zipCode = zipCode
        self.tags = tags
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var id: Int?
        var name: String?
        var email: String?
        var zipCode = "00000"
        var tags: [String] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: id = try reader.read(Int.self)
            case 2: name = try reader.read(String.self)
            case 3: email = try reader.read(String.self)
            case 4: zipCode = try reader.read(String.self)
            case 10: tags = try reader.read([String].self)
            default: break
            }
        }
        guard let id else { throw reader.error("missing field 1 (id) of ProfileV2") }
        guard let name else { throw reader.error("missing field 2 (name) of ProfileV2") }
        self.init(id: id, name: name, email: email, zipCode: zipCode, tags: tags)
    }
}

// MARK: - Fields

/// A message of one field, number 1, of any type: how a field of that type is written and read.
struct BinaryField<Value: BinaryCodable>: BinaryCodable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, value)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var value: Value?
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 { value = try reader.read(Value.self) }
        }
        guard let value else { throw reader.error("missing field 1 (value) of BinaryField") }
        self.value = value
    }
}

/// The tag and payload `value` writes as field 1, in hex.
func binaryFieldHex<T: BinaryEncodable>(_ value: T) -> String {
    var writer = BinaryWriter()
    writer.writeField(1, value)
    return hexString(writer.bytes)
}

/// Reads field 1 of a message whose body (tag and payload) is given in hex.
func readBinaryField<T: BinaryCodable>(_ type: T.Type, _ fieldHex: String) throws(BinaryError) -> T {
    let body = hexBytes(fieldHex)
    precondition(body.count < 128)
    return try BinaryField<T>(binaryBytes: binaryDocument(hexString([UInt8(body.count)] + body))).value
}
