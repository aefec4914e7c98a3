import Foundation
import Testing
import ValuegenRuntime

/// `readRawField()` and `writeRawField(_:_:)`: a field of any wire type kept as its bytes and
/// written back byte for byte; an ADT's unknown case through binary data, read from binary
/// (the case number and the raw payload) or from JSON (the tag and the JSON in fields 3 and 4).
@Suite("Binary raw fields and unknown cases")
struct BinaryRawFieldTests {
    @Test func everyWireTypeComesBackByteForByte() throws {
        // Field 1 varint 300, field 2 fixed64, field 3 length-delimited, field 4 fixed32.
        let payload = "15 08 AC 02 11 01 02 03 04 05 06 07 08 1A 02 61 62 25 01 02 03 04"
        let fields = try readRawFields(binaryDocument(payload))
        #expect(fields.map { $0.number } == [1, 2, 3, 4])
        #expect(fields.map { $0.field } == [
            BinaryRawField(wireType: .varint, bytes: [0xAC, 0x02]),
            BinaryRawField(wireType: .fixed64, bytes: [1, 2, 3, 4, 5, 6, 7, 8]),
            BinaryRawField(wireType: .lengthDelimited, bytes: [0x61, 0x62]),
            BinaryRawField(wireType: .fixed32, bytes: [1, 2, 3, 4]),
        ])
        let written = RawFields(fields: fields).binaryBytes()
        #expect(written == binaryDocument(payload))
    }

    @Test func aRawFieldIsCheckedAsSkippingChecksIt() {
        expectBinaryError(RawFields.self, binaryDocument("03 08 80 00"), "a varint is not in its shortest form (it ends in a zero byte)", at: 7, path: [1])
        expectBinaryError(RawFields.self, binaryDocument("03 09 01 02"), "a fixed64 value runs past the end of the enclosing value, which ends at byte 9", at: 7, path: [1])
        expectBinaryError(RawFields.self, binaryDocument("03 0A 05 61"), "a length-delimited value of 5 bytes runs past the end of the enclosing value, which ends at byte 9", at: 7, path: [1])
    }

    @Test func readingARawFieldOutsideAFieldIsAnError() {
        let bytes: [UInt8] = [0x08, 0x01]
        bytes.withUnsafeBytes { buffer in
            var reader = BinaryReader(bytes: buffer)
            do throws(BinaryError) {
                let field = try reader.readRawField()
                Issue.record("read \(field) outside a field")
            } catch {
                #expect(error == BinaryError(message: "there is no field to read: readRawField() is for a field's value, once per field", offset: 0))
            }
        }
    }

    @Test func anUnknownCaseFromBinaryKeepsItsNumberAndPayload() throws {
        // Case 9 with a message payload holding a string that repeats: a reference into the
        // string table, kept as it is, with the string it names.
        let document = binaryDocument("0A 08 12 12 06 0A 02 FF 00 10 01", strings: ["abc"])
        let media = try Media(binaryBytes: document)
        #expect(media == .unknown(UnknownCase(binaryCaseNumber: 9, binaryPayload: BinaryRawField(wireType: .lengthDelimited, bytes: hexBytes("0A 02 FF 00 10 01"), stringTable: ["abc"]))))
        #expect(binaryPayloadHex(Media.unknown(UnknownCase(binaryCaseNumber: 9, binaryPayload: BinaryRawField(wireType: .varint, bytes: [0x05])))) == "04 08 12 10 05")
        #expect(binaryPayloadHex(Media.unknown(UnknownCase(binaryCaseNumber: 9))) == "02 08 12")
        // The payload before the case number, as the reader accepts it.
        #expect(try Media(binaryBytes: binaryDocument("07 15 01 02 03 04 08 12")) == .unknown(UnknownCase(binaryCaseNumber: 9, binaryPayload: BinaryRawField(wireType: .fixed32, bytes: [1, 2, 3, 4]))))
        #expect(try binaryRoundTrip(Media.box(.unknown(UnknownCase(binaryCaseNumber: 4, binaryPayload: BinaryRawField(wireType: .fixed64, bytes: [8, 7, 6, 5, 4, 3, 2, 1]))))) == .box(.unknown(UnknownCase(binaryCaseNumber: 4, binaryPayload: BinaryRawField(wireType: .fixed64, bytes: [8, 7, 6, 5, 4, 3, 2, 1])))))
    }

    @Test func anUnknownCaseFromJSONGoesThroughBinaryAsItsTagAndJSON() throws {
        let json = #"{"type":"video","url":"v.mp4"}"#
        let media = try decode(Media.self, json)
        // Field 3: "video"; field 4: the JSON text.
        #expect(binaryPayloadHex(media) == "27 1A 05 76 69 64 65 6F 22 1E " + hexString(Array(json.utf8)))
        let reread = try binaryRoundTrip(media)
        #expect(reread == media)
        #expect(encoded(reread) == json)
        #expect(try binaryRoundTrip(Media.unknown(UnknownCase(tag: "open"))) == .unknown(UnknownCase(tag: "open")))
        expectBinaryError(Media.self, binaryDocument("05 22 03 5B 31 2C"), "the bytes are not one JSON value: expected a value, found the end of the document at byte 3 ($[1])", at: 7, path: [4])
        expectBinaryError(Media.self, binaryDocument("00"), "missing field 1 (the case number) or 3 (the tag) of Media", at: 6)
    }

    /// The fields of a message, each read raw.
    func readRawFields(_ document: [UInt8]) throws(BinaryError) -> [(number: Int, field: BinaryRawField)] {
        try RawFields(binaryBytes: document).fields
    }
}

/// A message whose fields are all kept raw, and written back in their order.
struct RawFields: BinaryCodable {
    var fields: [(number: Int, field: BinaryRawField)]

    init(fields: [(number: Int, field: BinaryRawField)]) {
        self.fields = fields
    }

    static var binaryWireType: BinaryWireType { .lengthDelimited }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var fields: [(number: Int, field: BinaryRawField)] = []
        try reader.readMessage { reader, number throws(BinaryError) in
            fields.append((number, try reader.readRawField()))
        }
        self.fields = fields
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            for (number, field) in fields {
                writer.writeRawField(number, field)
            }
        }
    }
}
