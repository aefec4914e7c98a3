import Foundation

// libFuzzer target for the binary decoder (docs/BinaryFormat.md). Built by run-fuzzers.sh
// together with Sources/ValuegenRuntime into one module, so it does not import it.
//
// Every input is read as several types — a message type with every kind of attribute that
// holds itself, an ADT, arrays and dictionaries of them — as it is, behind a valid header
// (so that the fuzzer does not spend its time discovering "VGB" 01), behind a header and an
// empty string table, and behind a header and a table of three strings (so that string
// references, `FF` and an index, resolve). Reading must throw or succeed, never crash, hang or
// exhaust memory; what it reads must write bytes that read back, and writing must be
// canonical: the second write equals the first.

/// "VGB" 01, then a string table of three strings: "abc", "é😀", "wxyz".
private let headerAndTable = BinaryFormat.header + [3, 3, 0x61, 0x62, 0x63, 6, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 4, 0x77, 0x78, 0x79, 0x7A]

@_cdecl("LLVMFuzzerTestOneInput")
public func binaryDecoderFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for input in [bytes, BinaryFormat.header + bytes, BinaryFormat.header + [0] + bytes, headerAndTable + bytes] {
        checkRoundTrip(FuzzRecord.self, input)
        checkRoundTrip(FuzzShape.self, input)
        checkRoundTrip([FuzzRecord].self, input)
        checkRoundTrip([String: FuzzRecord].self, input)
        checkRoundTrip([Int64: [String?]].self, input)
        checkRoundTrip(Set<UInt32>.self, input)
        checkRoundTrip([[Double]].self, input)
        checkRoundTrip([Set<String>].self, input)
        checkRoundTrip([String: [String: String]].self, input)
    }
    return 0
}

private func checkRoundTrip<T: BinaryCodable>(_ type: T.Type, _ input: [UInt8]) {
    let value: T
    do {
        value = try T(binaryBytes: input)
    } catch {
        // Errors must point into the data.
        precondition(error.offset >= 0 && error.offset <= input.count, "\(T.self): \(error) points outside \(input.count) bytes")
        return
    }
    let once = value.binaryBytes()
    let again: T
    do {
        again = try T(binaryBytes: once)
    } catch {
        fatalError("\(T.self): wrote \(once) from \(input), which reads as \(error)")
    }
    let twice = again.binaryBytes()
    precondition(once == twice, "\(T.self): writing is not canonical: \(once) then \(twice), from \(input)")
}

/// A model with an attribute of every kind, including itself.
struct FuzzRecord: BinaryCodable {
    var id: Int64
    var name: String?
    var flags: [Bool] = []
    var children: [FuzzRecord] = []
    var scores: [String: Double] = [:]
    var shape: FuzzShape?
    var blob: Data?
    var small: Int8 = 0
    var ids: Set<UUID> = []
    var when: Date?
    var link: URL?
    var ratio: Float = 0
    var nested: [[UInt16?]] = []

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, id)
            if let name { writer.writeField(2, name) }
            writer.writeField(3, flags)
            writer.writeField(4, children)
            writer.writeField(5, scores)
            if let shape { writer.writeField(6, shape) }
            if let blob { writer.writeField(7, blob) }
            writer.writeField(8, small)
            writer.writeField(9, ids)
            if let when { writer.writeField(10, when) }
            if let link { writer.writeField(11, link) }
            writer.writeField(12, ratio)
            writer.writeField(20, nested)
        }
    }

    /// Read as generated code reads a message: fields 1 to 15 in the order written, then the
    /// loop for anything else (another order, unknown fields, another wire type).
    init(from reader: inout BinaryReader) throws(BinaryError) {
        var record = FuzzRecord(id: 0)
        let message = try reader.beginMessage()
        var id = try reader.readNextField(1, Int64.self)
        record.name = try reader.readNextField(2, String.self)
        record.flags = try reader.readNextField(3, [Bool].self) ?? []
        record.children = try reader.readNextField(4, [FuzzRecord].self) ?? []
        record.scores = try reader.readNextField(5, [String: Double].self) ?? [:]
        record.shape = try reader.readNextField(6, FuzzShape.self)
        record.blob = try reader.readNextField(7, Data.self)
        record.small = try reader.readNextField(8, Int8.self) ?? 0
        record.ids = try reader.readNextField(9, Set<UUID>.self) ?? []
        record.when = try reader.readNextField(10, Date.self)
        record.link = try reader.readNextField(11, URL.self)
        record.ratio = try reader.readNextField(12, Float.self) ?? 0
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 1: id = try reader.read(Int64.self)
            case 2: record.name = try reader.read(String.self)
            case 3: record.flags = try reader.read([Bool].self)
            case 4: record.children = try reader.read([FuzzRecord].self)
            case 5: record.scores = try reader.read([String: Double].self)
            case 6: record.shape = try reader.read(FuzzShape.self)
            case 7: record.blob = try reader.read(Data.self)
            case 8: record.small = try reader.read(Int8.self)
            case 9: record.ids = try reader.read(Set<UUID>.self)
            case 10: record.when = try reader.read(Date.self)
            case 11: record.link = try reader.read(URL.self)
            case 12: record.ratio = try reader.read(Float.self)
            case 13: try reader.skipField()
            case 20: record.nested = try reader.read([[UInt16?]].self)
            default: break
            }
        }
        guard let id else { throw reader.error("missing required field 1 (id)") }
        record.id = id
        self = record
    }

    init(id: Int64) {
        self.id = id
    }
}

/// An ADT with a case of attributes, a case of one value, and a plain case, written the way
/// the generated `Binary` feature writes ADTs (the payload may come before the case number).
indirect enum FuzzShape: BinaryCodable {
    case node(left: FuzzRecord, right: FuzzShape?)
    case leaf(UInt32)
    case empty

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            switch self {
            case .node(let left, let right):
                writer.writeField(1, 1)
                writer.writeMessageField(2) { writer in
                    writer.writeField(1, left)
                    if let value = right { writer.writeField(2, value) }
                }
            case .leaf(let value):
                writer.writeField(1, 2)
                writer.writeField(2, value)
            case .empty:
                writer.writeField(1, 3)
            }
        }
    }

    /// As generated code reads an ADT: the case number, then where its payload is, read in
    /// place once the case is known (with the table of field 5 when one came); the loop for
    /// any other order.
    init(from reader: inout BinaryReader) throws(BinaryError) {
        let message = try reader.beginMessage()
        var caseNumber = try reader.readNextField(1, Int.self)
        var payload = try reader.markNextField(2)
        var payloadStringTable: [String]?
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 1:
                caseNumber = try reader.read(Int.self)
            case 2:
                payload = reader.markCurrentField() // read below, once the case is known
            case 5:
                payloadStringTable = try reader.read([String].self)
            default:
                break
            }
        }
        switch caseNumber {
        case 1:
            guard let payload else {
                throw reader.error("missing the payload of FuzzShape.node")
            }
            let outside = reader.enterMarkedField(payload, stringTable: payloadStringTable)
            do throws(BinaryError) {
                var left: FuzzRecord?
                var right: FuzzShape?
                try reader.readMessageField { reader, field throws(BinaryError) in
                    switch field {
                    case 1:
                        left = try reader.read(FuzzRecord.self)
                    case 2:
                        right = try reader.read(FuzzShape.self)
                    default:
                        break
                    }
                }
                guard let left else {
                    throw reader.error("missing field 1 (left) of FuzzShape.node")
                }
                reader.leaveMarkedField(outside)
                self = .node(left: left, right: right)
            } catch {
                throw error.inField(2)
            }
        case 2:
            guard let payload else {
                throw reader.error("missing the payload of FuzzShape.leaf")
            }
            let outside = reader.enterMarkedField(payload, stringTable: payloadStringTable)
            do throws(BinaryError) {
                let value = try reader.read(UInt32.self)
                reader.leaveMarkedField(outside)
                self = .leaf(value)
            } catch {
                throw error.inField(2)
            }
        case 3:
            self = .empty
        default:
            throw reader.error("unknown FuzzShape case number \(caseNumber.map(String.init) ?? "(none)")")
        }
    }
}
