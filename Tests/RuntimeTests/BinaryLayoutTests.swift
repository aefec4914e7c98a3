import Foundation
import Testing
@testable import ValuegenRuntime

// Self-describing documents (docs/BinaryFormat.md, "Self-describing documents"): two versions
// of a model named Note, written by hand as generated code writes them, whose layout lines
// both describe a `Note`.

/// Version 1: `Note { title: String  count: Int  score: Int  tags: [Tag] }`.
private struct NoteV1: BinaryModel, Equatable {
    var title: String
    var count: Int
    var score: Int
    var tags: [TagV1] = []

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout {
        BinaryModelLayout("Note = 1 title String; 2 count Int; 3 score Int; 4 tags [Tag]", nested: [TagV1.self, String.self])
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, title)
            writer.writeField(2, count)
            writer.writeField(3, score)
            writer.writeField(4, tags)
        }
    }

    init(title: String, count: Int, score: Int, tags: [TagV1] = []) {
        self.title = title
        self.count = count
        self.score = score
        self.tags = tags
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var title: String?, count: Int?, score: Int?, tags: [TagV1] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: title = try reader.read(String.self)
            case 2: count = try reader.read(Int.self)
            case 3: score = try reader.read(Int.self)
            case 4: tags = try reader.read([TagV1].self)
            default: break
            }
        }
        guard let title, let count, let score else { throw reader.error("missing field of Note") }
        self.init(title: title, count: count, score: score, tags: tags)
    }
}

/// A plain enumeration as generated code writes it: a varint, the case number.
private protocol PlainTag: BinaryModel, RawRepresentable where RawValue == UInt32 {}

extension PlainTag {
    static var binaryWireType: BinaryWireType { .varint }

    func encode(to writer: inout BinaryWriter) {
        writer.writeVarint(UInt64(rawValue))
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        guard let tag = Self(rawValue: try UInt32(from: &reader)) else { throw reader.error("unknown Tag case number") }
        self = tag
    }
}

/// Version 1 of Tag, a plain enumeration: `Tag { work  home }`.
private enum TagV1: UInt32, PlainTag {
    case work = 1, home = 2

    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Tag = enum 1 work; 2 home") }
}

/// Version 2: `score` before `count`, `title` renamed `headline` (with the legacy key
/// `title`), a `pinned` inserted first, the cases of Tag reordered and one appended.
private struct NoteV2: BinaryModel, Equatable {
    var pinned: Bool = false
    var headline: String
    var score: Int
    var count: Int
    var tags: [TagV2] = []

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout {
        BinaryModelLayout("Note = 1 pinned Bool; 2 headline/title String; 3 score Int; 4 count Int; 5 tags [Tag]", nested: [TagV2.self])
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, pinned)
            writer.writeField(2, headline)
            writer.writeField(3, score)
            writer.writeField(4, count)
            writer.writeField(5, tags)
        }
    }

    init(pinned: Bool = false, headline: String, score: Int, count: Int, tags: [TagV2] = []) {
        self.pinned = pinned
        self.headline = headline
        self.score = score
        self.count = count
        self.tags = tags
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var pinned = false, headline: String?, score: Int?, count: Int?, tags: [TagV2] = []
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: pinned = try reader.read(Bool.self)
            case 2: headline = try reader.read(String.self)
            case 3: score = try reader.read(Int.self)
            case 4: count = try reader.read(Int.self)
            case 5: tags = try reader.read([TagV2].self)
            default: break
            }
        }
        guard let headline, let score, let count else { throw reader.error("missing field of Note") }
        self.init(pinned: pinned, headline: headline, score: score, count: count, tags: tags)
    }
}

private enum TagV2: UInt32, PlainTag {
    case home = 1, work = 2, travel = 3

    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Tag = enum 1 home; 2 work; 3 travel") }
}

/// Version 3: `count` became a String.
private struct NoteV3: BinaryModel, Equatable {
    var title: String
    var count: String

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Note = 1 title String; 2 count String") }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, title)
            writer.writeField(2, count)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var title: String?, count: String?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: title = try reader.read(String.self)
            case 2: count = try reader.read(String.self)
            default: break
            }
        }
        guard let title, let count else { throw reader.error("missing field of Note") }
        self.title = title
        self.count = count
    }
}

/// `Box { byName: [String: Tag] }` in version 1 (field 1, Tag v1) and version 2 (a `count`
/// inserted first, Tag v2): dictionaries of models are mapped entry by entry.
private struct BoxV1: BinaryModel, Equatable {
    var byName: [String: TagV1]

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Box = 1 byName [String:Tag]", nested: [TagV1.self]) }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in writer.writeField(1, byName) }
    }

    init(byName: [String: TagV1]) {
        self.byName = byName
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var byName: [String: TagV1] = [:]
        try reader.readMessage { reader, field throws(BinaryError) in
            if field == 1 { byName = try reader.read([String: TagV1].self) }
        }
        self.init(byName: byName)
    }
}

private struct BoxV2: BinaryModel, Equatable {
    var count = 0
    var byName: [String: TagV2]

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Box = 1 count Int; 2 byName [String:Tag]", nested: [TagV2.self]) }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, count)
            writer.writeField(2, byName)
        }
    }

    init(count: Int = 0, byName: [String: TagV2]) {
        self.count = count
        self.byName = byName
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var count = 0
        var byName: [String: TagV2] = [:]
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: count = try reader.read(Int.self)
            case 2: byName = try reader.read([String: TagV2].self)
            default: break
            }
        }
        self.init(count: count, byName: byName)
    }
}

@Suite struct BinaryLayoutTests {
    @Test func dictionariesOfModelsAreMappedEntryByEntry() throws {
        let bytes = BoxV1(byName: ["a": .work, "b": .home, "c": .work]).selfDescribingBinaryBytes()
        #expect(try BoxV2(binaryBytes: bytes) == BoxV2(byName: ["a": .work, "b": .home, "c": .work]))
        let back = BoxV2(count: 3, byName: ["x": .home]).selfDescribingBinaryBytes()
        #expect(try BoxV1(binaryBytes: back) == BoxV1(byName: ["x": .home]))
    }

    @Test func aSelfDescribingDocumentCarriesTheLayoutOfEveryModelItHoldsBeforeTheStringTable() {
        let bytes = NoteV1(title: "ab", count: 1, score: 2, tags: [.home]).selfDescribingBinaryBytes()
        let layout = Array("Note = 1 title String; 2 count Int; 3 score Int; 4 tags [Tag]\nTag = enum 1 work; 2 home".utf8)
        let checked: [UInt8] = [0x56, 0x47, 0x42, 0x03, UInt8(layout.count)] + layout + [
            0x00,  // the string table: empty
            0x0C, 0x0A, 0x02, 0x61, 0x62, 0x10, 0x02, 0x18, 0x04, 0x22, 0x02, 0x01, 0x02,
        ]
        let checksum = CRC32C.checksum(of: checked)
        // Then the CRC-32C of all of it, little-endian.
        #expect(bytes == checked + [UInt8(checksum & 0xFF), UInt8(checksum >> 8 & 0xFF), UInt8(checksum >> 16 & 0xFF), UInt8(checksum >> 24)])
        // A plain document of the same value: the payload alone after the version-1 header.
        #expect(NoteV1(title: "ab", count: 1, score: 2, tags: [.home]).binaryBytes() == [0x56, 0x47, 0x42, 0x01, 0x00] + checked.suffix(13))
    }

    @Test func aDocumentOfTheReadersOwnLayoutReadsAsItIs() throws {
        let note = NoteV1(title: "ab", count: 1, score: 2, tags: [.home, .work])
        #expect(try NoteV1(binaryBytes: note.selfDescribingBinaryBytes()) == note)
    }

    @Test func fieldsAndCasesAreMappedByNameAcrossInsertedReorderedAndRenamedAttributes() throws {
        let bytes = NoteV1(title: "trip", count: 5, score: 3, tags: [.home, .work]).selfDescribingBinaryBytes()
        #expect(try NoteV2(binaryBytes: bytes) == NoteV2(headline: "trip", score: 3, count: 5, tags: [.home, .work]))
        // Positionally, the same payload is wrong: plain Binary's hazard.
        let plain = NoteV1(title: "trip", count: 5, score: 3, tags: [.home, .work]).binaryBytes()
        #expect((try? NoteV2(binaryBytes: plain)) != NoteV2(headline: "trip", score: 3, count: 5, tags: [.home, .work]))
    }

    /// `headline` was `title` (its former name): an older reader finds its `title` in it.
    @Test func fieldsTheReaderNoLongerHasAreLeftOutAndRenamedOnesFound() throws {
        let bytes = NoteV2(pinned: true, headline: "x", score: 1, count: 2, tags: [.work]).selfDescribingBinaryBytes()
        #expect(try NoteV1(binaryBytes: bytes) == NoteV1(title: "x", count: 2, score: 1, tags: [.work]))
    }

    @Test func aCaseTheReaderDoesNotHaveIsAnErrorNamingIt() {
        let bytes = NoteV2(headline: "x", score: 1, count: 2, tags: [.travel]).selfDescribingBinaryBytes()
        do {
            _ = try NoteV1(binaryBytes: bytes)
            Issue.record("reading should have failed")
        } catch {
            #expect(error.message == "Tag.travel was saved (case 3), but this version has no such case")
            #expect(error.path == [5, 0])
        }
    }

    @Test func aChangedTypeIsAnErrorNamingTheTypeTheAttributeAndBothTypes() {
        let bytes = NoteV1(title: "x", count: 2, score: 1).selfDescribingBinaryBytes()
        do {
            _ = try NoteV3(binaryBytes: bytes)
            Issue.record("reading should have failed")
        } catch {
            #expect(error.message == "Note.count was saved as Int, but this version declares it String")
        }
    }

    @Test func aPlainDocumentWrittenBeforeReadsAsBefore() throws {
        let note = NoteV1(title: "x", count: 2, score: 1)
        #expect(try NoteV1(binaryBytes: note.binaryBytes()) == note)
    }

    @Test func layoutLinesAreReadIntoFieldsCasesAndShapes() throws {
        let layout = try BinaryLayout(parsing: "Shape = adt unknown 1 circle { 1 radius Double }; 2 label String?; 3 empty\nBox = 1 items [String:Set<Shape>]; 2 name/title String?")
        #expect(layout.rootName == "Shape")
        let shape = layout.types["Shape"]!
        #expect(shape.kind == .adt(keepsUnknownCases: true))
        #expect(shape.cases.map(\.name) == ["circle", "label", "empty"])
        let box = layout.types["Box"]!
        #expect(box.fields.map(\.number) == [1, 2])
        let written = try BinaryLayout(parsing: "Box = 7 title Int\nOther = 7 other/name Int")
        #expect(box.field(matching: written.types["Box"]!.fields[0])?.name == "name")
        #expect(box.field(matching: written.types["Other"]!.fields[0])?.name == "name")
        #expect(layout.holdsModels(box.fields[0].shape))
        #expect(!layout.holdsModels(box.fields[1].shape))
        #expect(BinaryLayoutShape("Int32")!.reads(as: BinaryLayoutShape("Int64")!))
        #expect(BinaryLayoutShape("[Int]")!.reads(as: BinaryLayoutShape("Set<Int>")!))
        #expect(!BinaryLayoutShape("Int")!.reads(as: BinaryLayoutShape("Double")!))
        #expect(!BinaryLayoutShape("[String:Int]")!.reads(as: BinaryLayoutShape("[String:String]")!))
    }
}
