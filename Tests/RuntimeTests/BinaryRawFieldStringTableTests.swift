import Testing
import ValuegenRuntime

/// A raw field keeps the strings its references may name (docs/BinaryFormat.md, "Unknown
/// cases"), and a reader can be given another string table for a payload that carries one.
@Suite("Binary raw fields and their string tables")
struct BinaryRawFieldStringTableTests {
    @Test func aRawFieldKeepsTheTablePrefixItsReferencesMayName() throws {
        let strings = ["abc", "def", "ghi", "jkl"]
        // Field 1: a message with field 1 a reference to string 1; field 2: "ab" inline;
        // field 3: a varint; field 4: a reference past the table (not a string it can name).
        let fields = try RawFields(binaryBytes: binaryDocument("10 0A 04 0A 02 FF 01 12 02 61 62 18 7F 22 02 FF 09", strings: strings)).fields
        #expect(fields.map(\.field.stringTable) == [["abc", "def"], [], [], []])
    }

    @Test func theHighestIndexAfterAnyFFBoundsTheKeptStrings() throws {
        let strings = (0..<200).map { "string \($0)" }
        func kept(_ hex: String) throws -> Int {
            let document = BinaryFormat.header + encodedTable(strings) + hexBytes(hex)
            return try RawFields(binaryBytes: document).fields[0].field.stringTable.count
        }
        // A message holding a reference with a two-byte index (130), then bytes FF 03 of a
        // Data, which would name string 3: the first 131 strings are kept.
        #expect(try kept("0B 0A 09 0A 03 FF 82 01 12 02 FF 03") == 131)
        // An FF at the end of the bytes names nothing.
        #expect(try kept("03 0A 01 FF") == 0)
    }

    @Test func sameBytesWithDifferentStringsAreDifferentValues() throws {
        let payload = "04 0A 02 FF 00"
        let first = try RawFields(binaryBytes: binaryDocument(payload, strings: ["abc"])).fields[0].field
        let second = try RawFields(binaryBytes: binaryDocument(payload, strings: ["xyz"])).fields[0].field
        #expect(first != second)
        // Without an FF byte no reference is possible: the table is not kept, and the fields
        // from documents with different tables are equal.
        let plain = try RawFields(binaryBytes: binaryDocument("04 0A 02 61 62", strings: ["abc"])).fields[0].field
        let plainElsewhere = try RawFields(binaryBytes: binaryDocument("04 0A 02 61 62", strings: ["xyz"])).fields[0].field
        #expect(plain == plainElsewhere)
        #expect(plain.stringTable.isEmpty)
    }

    @Test func aReaderResolvesReferencesThroughTheTableItIsGiven() {
        let bytes = hexBytes("02 FF 01 03 FF 80 01")
        let results: [Result<String, BinaryError>] = bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(bytes: buffer)
            reader.useStringTable(["abc", "def"])
            return [Result { () throws(BinaryError) in try reader.readString() }, Result { () throws(BinaryError) in try reader.readString() }]
        }
        #expect(results == [.success("def"), .failure(BinaryError(message: "string reference 128 is past the end of the string table (2 strings)", offset: 5))])
    }

    @Test func aDeferredPayloadReadsWithItsMessagesTable() throws {
        // An ADT-like message: field 5 (the payload's table: ["abc"], given as a reference into
        // the document's table, which holds "xyz" then "abc") before field 2 (a reference to
        // string 0 of field 5's table).
        let document = binaryDocument("0A 2A 04 01 02 FF 01 12 02 FF 00", strings: ["xyz", "abc"])
        let read = try TabledPayload(binaryBytes: document)
        #expect(read.payload == "abc")
        #expect(read.rawPayload == BinaryRawField(wireType: .lengthDelimited, bytes: [0xFF, 0x00], stringTable: ["abc"]))
    }

    /// A string table of fewer than 16,384 short strings as a document writes it after the
    /// header.
    func encodedTable(_ strings: [String]) -> [UInt8] {
        var bytes: [UInt8] = strings.count < 128 ? [UInt8(strings.count)] : [UInt8(strings.count & 0x7F | 0x80), UInt8(strings.count >> 7)]
        for string in strings {
            bytes += [UInt8(string.utf8.count)] + Array(string.utf8)
        }
        return bytes
    }
}

/// Field 2 a String read with the table of field 5 when it came, as generated ADTs read their
/// payload; also kept raw.
struct TabledPayload: BinaryDecodable {
    var payload: String
    var rawPayload: BinaryRawField

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var payload: BinaryReader?
        var table: [String]?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 2: payload = reader
            case 5: table = try reader.read([String].self)
            default: break
            }
        }
        guard var payload else { throw reader.error("missing field 2") }
        if let table { payload.useStringTable(table) }
        var raw = payload
        self.payload = try payload.read(String.self)
        self.rawPayload = try raw.readRawField()
    }
}
