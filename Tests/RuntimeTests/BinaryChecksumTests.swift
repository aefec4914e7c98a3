import Foundation
import Testing
import ValuegenRuntime

// Self-describing documents end with a CRC-32C of everything before it (format version 3,
// docs/BinaryFormat.md, "Self-describing documents"): a damaged file fails to load, naming the
// checksum it carries and the one its bytes give, and files of version 2 (no checksum), saved by
// earlier releases, still read.

/// A model written by hand the way the generated features write it: Persistence, so JSON,
/// Binary and Codable.
private struct Bookmark: PersistableModel, Equatable {
    var title: String
    var visits: Int
    var link: URL?

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Bookmark = 1 title String; 2 visits Int; 3 link URL?") }

    init(title: String, visits: Int, link: URL?) {
        self.title = title
        self.visits = visits
        self.link = link
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var title: String?, visits: Int?, link: URL?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "title": title = try String(from: &reader)
            case "visits": visits = try Int(from: &reader)
            case "link": link = try URL(from: &reader)
            default: break
            }
        }
        guard let title, let visits else { throw reader.error("missing member") }
        self.init(title: title, visits: visits, link: link)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"title\":")
        title.encode(to: &writer)
        writer.writeRawKey("\"visits\":")
        visits.encode(to: &writer)
        if let link {
            writer.writeRawKey("\"link\":")
            link.encode(to: &writer)
        }
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, title)
            writer.writeField(2, visits)
            if let link { writer.writeField(3, link) }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var title: String?, visits: Int?, link: URL?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: title = try reader.read(String.self)
            case 2: visits = try reader.read(Int.self)
            case 3: link = try reader.read(URL.self)
            default: break
            }
        }
        guard let title, let visits else { throw reader.error("missing field of Bookmark") }
        self.init(title: title, visits: visits, link: link)
    }
}

/// A later version of Bookmark: `pinned` inserted first, so every field has another number.
private struct PinnedBookmark: BinaryModel, Equatable {
    var pinned = false
    var title: String
    var visits: Int
    var link: URL?

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Bookmark = 1 pinned Bool; 2 title String; 3 visits Int; 4 link URL?") }

    init(pinned: Bool = false, title: String, visits: Int, link: URL?) {
        self.pinned = pinned
        self.title = title
        self.visits = visits
        self.link = link
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, pinned)
            writer.writeField(2, title)
            writer.writeField(3, visits)
            if let link { writer.writeField(4, link) }
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var pinned = false, title: String?, visits: Int?, link: URL?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: pinned = try reader.read(Bool.self)
            case 2: title = try reader.read(String.self)
            case 3: visits = try reader.read(Int.self)
            case 4: link = try reader.read(URL.self)
            default: break
            }
        }
        guard let title, let visits else { throw reader.error("missing field of Bookmark") }
        self.init(pinned: pinned, title: title, visits: visits, link: link)
    }
}

/// The CRC-32C of the bytes, as a document ends with it: little-endian.
private func checksumBytes(_ bytes: [UInt8]) -> [UInt8] {
    let checksum = CRC32C.checksum(of: bytes)
    return (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
}

/// `0x0000BEEF`, as errors write checksums.
private func checksumHex(_ checksum: UInt32) -> String {
    let digits = String(checksum, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
}

@Suite struct BinaryChecksumTests {
    private let bookmark = Bookmark(title: "Trip", visits: 3, link: URL(string: "https://a.b/c"))

    /// What an earlier release saved for `bookmark`: version 2, the layout, an empty string
    /// table, the payload, and no checksum.
    private let version2Document = hexBytes("""
        56 47 42 02 34
        42 6F 6F 6B 6D 61 72 6B 20 3D 20 31 20 74 69 74 6C 65 20 53 74 72 69 6E 67 3B 20 32 20 76
        69 73 69 74 73 20 49 6E 74 3B 20 33 20 6C 69 6E 6B 20 55 52 4C 3F
        00
        17 0A 04 54 72 69 70 10 06 1A 0D 68 74 74 70 73 3A 2F 2F 61 2E 62 2F 63
        """)

    @Test func aSelfDescribingDocumentIsVersion3AndEndsWithTheCRC32COfEverythingBeforeIt() {
        let bytes = bookmark.selfDescribingBinaryBytes()
        #expect(Array(bytes.prefix(4)) == [0x56, 0x47, 0x42, 0x03])
        let covered = Array(bytes.dropLast(4))
        #expect(Array(bytes.suffix(4)) == checksumBytes(covered))
        // The rest is a version-2 document's.
        #expect(Array(covered.dropFirst(4)) == Array(version2Document.dropFirst(4)))
    }

    @Test func aPlainDocumentHasNoChecksum() {
        let plain = bookmark.binaryBytes()
        #expect(Array(plain.prefix(4)) == BinaryFormat.header)
        #expect(plain == BinaryFormat.header + [0x00] + Array(version2Document.suffix(24)))
    }

    @Test func aDocumentReadsBackThroughItsChecksumAsItIsAndByName() throws {
        let bytes = bookmark.selfDescribingBinaryBytes()
        #expect(try Bookmark(binaryBytes: bytes) == bookmark)
        #expect(try PinnedBookmark(binaryBytes: bytes) == PinnedBookmark(title: "Trip", visits: 3, link: URL(string: "https://a.b/c")))
    }

    @Test func aDamagedByteIsRefusedNamingBothChecksums() {
        var bytes = bookmark.selfDescribingBinaryBytes()
        let saved = CRC32C.checksum(of: Array(bytes.dropLast(4)))
        bytes[bytes.count - 6] ^= 0x01  // the last byte of the URL: "c" becomes "b"
        let computed = CRC32C.checksum(of: Array(bytes.dropLast(4)))
        expectBinaryError(Bookmark.self, bytes, "the data is damaged: it ends with the checksum \(checksumHex(saved)), but its bytes give \(checksumHex(computed))", at: bytes.count - 4)
        // docs/BinaryFormat.md's example, as it shows it.
        expectBinaryError(Bookmark.self, bytes, "the data is damaged: it ends with the checksum 0xC788819C, but its bytes give 0xD42A19EB", at: 82)
        do {
            _ = try Bookmark(binaryBytes: bytes)
        } catch {
            #expect(error.description == "the data is damaged: it ends with the checksum 0xC788819C, but its bytes give 0xD42A19EB at byte 82 ($)")
        }
    }

    @Test func aTruncatedOrExtendedDocumentIsRefused() {
        let bytes = bookmark.selfDescribingBinaryBytes()
        for damaged in [Array(bytes.dropLast()), bytes + [0x00], Array(bytes.dropLast(4))] {
            #expect(throws: BinaryError.self) { try Bookmark(binaryBytes: damaged) }
        }
        expectBinaryError(Bookmark.self, [0x56, 0x47, 0x42, 0x03, 0x00, 0x00, 0x00], "the data ends before its checksum (a self-describing document ends with 4 bytes of CRC-32C)", at: 4)
    }

    @Test func aVersion2DocumentOfAnEarlierReleaseStillReadsAsItIsAndByName() throws {
        #expect(try Bookmark(binaryBytes: version2Document) == bookmark)
        #expect(try PinnedBookmark(binaryBytes: version2Document) == PinnedBookmark(title: "Trip", visits: 3, link: URL(string: "https://a.b/c")))
    }

    /// Issue 37's repro: `3 link URL?` edited to `3link URL?` made every link load as nil.
    @Test func aLayoutEditedInASavedFileIsRefusedNamingItsLineAndEntry() {
        let layout = Array("Bookmark = 1 title String; 2 visits Int; 3link URL?".utf8)
        let version2 = [0x56, 0x47, 0x42, 0x02, UInt8(layout.count)] + layout + Array(version2Document.suffix(25))
        let message = "the layout of the data is damaged: line 1, entry \"3link URL?\" is not \"number name type\""
        expectBinaryError(Bookmark.self, version2, message, at: 5)
        // docs/BinaryFormat.md shows this error as the reader describes it.
        #expect(BinaryError(message: message, offset: 5).description == #"the layout of the data is damaged: line 1, entry "3link URL?" is not "number name type" at byte 5 ($)"#)
        // With its checksum made right, as a hand edit with a tool might.
        var version3 = version2
        version3[3] = 0x03
        version3 += checksumBytes(version3)
        expectBinaryError(Bookmark.self, version3, message, at: 5)
    }

    @Test func aDamagedFileFailsToLoadWithAPersistenceErrorNamingIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-checksum-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bookmark.binary")
        try bookmark.save(to: url, format: .binary)
        #expect(try Bookmark.load(from: url) == bookmark)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 6] ^= 0x01
        try Data(bytes).write(to: url)
        do {
            let loaded = try Bookmark.load(from: url)
            Issue.record("loading should have failed, loaded \(loaded)")
        } catch let error as PersistenceError {
            #expect(error.url == url)
            #expect(error.description.hasPrefix("\(url.path): cannot load Bookmark: the data is damaged: it ends with the checksum 0x"))
        }
    }
}
