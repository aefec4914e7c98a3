import Foundation
import Testing
import ValuegenRuntime

/// `Memo { note: String? = "x"; count: Int? = 3 }` as the generated `Binary` feature writes it:
/// an optional whose default is not nil writes its nil as an explicit nil field.
private struct Memo: BinaryCodable, Equatable {
    static var binaryWireType: BinaryWireType { .lengthDelimited }
    var note: String? = "x"
    var count: Int? = 3

    func encode(to writer: inout BinaryWriter) {
        let message = writer.beginMessage()
        if let value = note { writer.writeField(1, value) } else { writer.writeNilField(1, String.self) }
        if let value = count { writer.writeField(2, value) } else { writer.writeNilField(2, Int.self) }
        writer.endMessage(message)
    }

    init(note: String? = "x", count: Int? = 3) {
        self.note = note
        self.count = count
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        let message = try reader.beginMessage()
        var note = try reader.readNextOptionalField(1, String.self)
        var count = try reader.readNextOptionalField(2, Int.self)
        try reader.readRemainingFields(of: message) { reader, field throws(BinaryError) in
            switch field {
            case 1: note = try reader.readOptional(String.self)
            case 2: count = try reader.readOptional(Int.self)
            default: break
            }
        }
        self.init(note: note ?? "x", count: count ?? 3)
    }
}

/// The same type as code generated before explicit nils reads it: nil is "never written".
private struct OldMemo: BinaryDecodable, Equatable {
    static var binaryWireType: BinaryWireType { .lengthDelimited }
    var note: String?
    var count: Int?

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var note: String?
        var count: Int?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: note = try reader.read(String.self)
            case 2: count = try reader.read(Int.self)
            default: break
            }
        }
        self.note = note ?? "x"
        self.count = count ?? 3
    }
}

@Suite struct BinaryExplicitNilTests {
    @Test func anExplicitNilHasAWireTypeItsTypeNeverHas() {
        #expect(String.binaryNilWireType == .varint)
        #expect(Data.binaryNilWireType == .varint)
        #expect(Int.binaryNilWireType == .lengthDelimited)
        #expect(Double.binaryNilWireType == .lengthDelimited)
        #expect(Float.binaryNilWireType == .lengthDelimited)
        #expect(Bool.binaryNilWireType == .lengthDelimited)
    }

    @Test func writesNilAsAFieldWithAnEmptyPayload() {
        // Field 1 varint 0 (a String's nil), field 2 length-delimited 0 (an Int's nil).
        #expect(binaryPayloadHex(Memo(note: nil, count: nil)) == "04 08 00 12 00")
        #expect(binaryPayloadHex(Memo(note: "a", count: 7)) == "05 0A 01 61 10 0E")
    }

    @Test func readsNilBackAsNilAndAMissingFieldAsTheDefault() throws {
        for memo in [Memo(note: nil, count: nil), Memo(note: nil, count: 0), Memo(note: "", count: nil), Memo(note: "a", count: -1)] {
            #expect(try binaryRoundTrip(memo) == memo)
        }
        #expect(try Memo(binaryBytes: binaryDocument("00")) == Memo(note: "x", count: 3))
        // Out of order, through the loop.
        #expect(try Memo(binaryBytes: binaryDocument("04 12 00 08 00")) == Memo(note: nil, count: nil))
    }

    @Test func anExplicitNilWithAPayloadIsAnError() {
        expectBinaryError(Memo.self, binaryDocument("04 08 05 12 00"), "an explicit nil of String must have an empty payload", at: 7, path: [1])
        expectBinaryError(Memo.self, binaryDocument("05 12 01 07 08 00"), "an explicit nil of Int must have an empty payload", at: 7, path: [2])
    }

    @Test func codeFromBeforeExplicitNilsRefusesThemInsteadOfReadingTheDefault() {
        expectBinaryError(OldMemo.self, binaryDocument("04 08 00 12 00"), "field 1 has wire type varint, expected length-delimited", at: 6, path: [1])
    }
}
