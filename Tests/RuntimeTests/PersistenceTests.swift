import Foundation
import Testing
@testable import ValuegenRuntime

/// A model written by hand the way the generated features write it.
private struct Note: PersistableModel, Equatable {
    var title: String
    var pages: Int

    static var binaryWireType: BinaryWireType { .lengthDelimited }
    static var binaryLayout: BinaryModelLayout { BinaryModelLayout("Note = 1 title String; 2 pages Int") }

    init(title: String, pages: Int) {
        self.title = title
        self.pages = pages
    }

    init(from reader: inout JSONReader) throws(JSONError) {
        var title: String?
        var pages: Int?
        try reader.readObject { reader, member throws(JSONError) in
            switch member {
            case "title": title = try String(from: &reader)
            case "pages": pages = try Int(from: &reader)
            default: break
            }
        }
        guard let title, let pages else { throw reader.error("missing member") }
        self.init(title: title, pages: pages)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeRawKey("\"title\":")
        title.encode(to: &writer)
        writer.writeRawKey("\"pages\":")
        pages.encode(to: &writer)
        writer.endObject()
    }

    func encode(to writer: inout BinaryWriter) {
        writer.writeMessage { writer in
            writer.writeField(1, title)
            writer.writeField(2, pages)
        }
    }

    init(from reader: inout BinaryReader) throws(BinaryError) {
        var title: String?
        var pages: Int?
        try reader.readMessage { reader, field throws(BinaryError) in
            switch field {
            case 1: title = try reader.read(String.self)
            case 2: pages = try reader.read(Int.self)
            default: break
            }
        }
        guard let title, let pages else { throw reader.error("missing field") }
        self.init(title: title, pages: pages)
    }
}

@Suite struct PersistenceTests {
    private func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-persistence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: PersistenceFormat.allCases)
    func savesAndLoadsInEveryFormatRecognizingItFromTheBytes(format: PersistenceFormat) throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.data")
        let note = Note(title: "Trip", pages: 12)
        try note.save(to: url, format: format)
        #expect(PersistenceFormat.detect(in: try Data(contentsOf: url)) == format)
        #expect(try Note.load(from: url) == note)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["note.data"], "no temporary file is left")
    }

    @Test func savingReplacesTheOldFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.json")
        try Note(title: "Old", pages: 1).save(to: url)
        try Note(title: "New", pages: 2).save(to: url, format: .binary)
        #expect(try Note.load(from: url) == Note(title: "New", pages: 2))
    }

    /// A disk that fills up in the middle of the write: the old file stays whole, and the
    /// temporary file is removed.
    @Test func aFailedWriteLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.json")
        try Note(title: "Old", pages: 1).save(to: url)
        let before = try Data(contentsOf: url)

        var failing = FileOperations.system
        let written = WrittenBytes()
        failing.write = { descriptor, buffer, count in
            // Half of what is asked, then "no space left on device".
            if written.total > 0 {
                errno = ENOSPC
                return -1
            }
            let half = max(1, count / 2)
            written.total += half
            return FileOperations.system.write(descriptor, buffer, half)
        }
        let big = Note(title: String(repeating: "x", count: 10_000), pages: 2)
        #expect(throws: PersistenceError.self) {
            try AtomicFile.write(try big.encoded(as: .json), to: url, using: failing)
        }
        #expect(try Data(contentsOf: url) == before, "the old file is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["note.json"], "the temporary file was removed")
    }

    /// A crash between writing and renaming leaves the old file; the rename failing is the
    /// same moment seen from outside.
    @Test func aFailedRenameLeavesTheOldFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("note.json")
        try Note(title: "Old", pages: 1).save(to: url)
        var failing = FileOperations.system
        failing.rename = { _, _ in
            errno = EIO
            return -1
        }
        do {
            try AtomicFile.write(Array("{}".utf8), to: url, using: failing)
            Issue.record("the write should have failed")
        } catch let error as PersistenceError {
            #expect(error.description == "\(url.path): cannot replace the file: Input/output error")
        }
        #expect(try Note.load(from: url) == Note(title: "Old", pages: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["note.json"])
    }

    @Test func loadingAMissingOrDamagedFileNamesIt() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.json")
        #expect(throws: PersistenceError.self) { try Note.load(from: missing) }
        let damaged = folder.appendingPathComponent("damaged.json")
        try Data(#"{"title": "x", "pages": "#.utf8).write(to: damaged)
        do {
            _ = try Note.load(from: damaged)
            Issue.record("loading should have failed")
        } catch let error as PersistenceError {
            #expect(error.description.hasPrefix("\(damaged.path): cannot load Note: "))
        }
    }
}

private final class WrittenBytes: @unchecked Sendable {
    var total = 0
}
