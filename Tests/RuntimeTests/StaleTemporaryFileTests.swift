#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import ValuegenRuntime

/// The temporary files that saves killed midway leave (`.NAME.PID.RAND.tmp`): removed by the
/// next save of NAME once their process is gone, and only then.
@Suite struct StaleTemporaryFileTests {
    @Test func removesTheTemporaryFileOfAKilledSaveOnTheNextSave() throws {
        let folder = try ScratchFolder()
        let dead = try ChildProcess.exited()
        try folder.create(".note.json.\(dead).2718281828.tmp", contents: "half of a fil")
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == ["note.json"])
        #expect(try folder.contents(of: "note.json") == "new")
    }

    /// The process already listed the folder at its earlier save; a save killed since changed
    /// the folder, so the next save looks again.
    @Test func removesATemporaryFileLeftAfterThisProcessLastSavedThere() throws {
        let folder = try ScratchFolder()
        try AtomicFile.write(Array("first".utf8), to: folder.url("note.json"))
        let dead = try ChildProcess.exited()
        try folder.create(".note.json.\(dead).31415.tmp", contents: "")
        try AtomicFile.write(Array("second".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == ["note.json"])
    }

    /// Another process may be saving the same file right now; once it is gone, its file is stale.
    @Test func keepsTheTemporaryFileOfALiveProcessUntilItIsGone() throws {
        let folder = try ScratchFolder()
        let saving = try ChildProcess.sleeping()
        let temporary = ".note.json.\(saving.id).1234.tmp"
        try folder.create(temporary, contents: "being written")
        try AtomicFile.write(Array("mine".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == [temporary, "note.json"])
        #expect(try folder.contents(of: temporary) == "being written")

        saving.end()
        try AtomicFile.write(Array("mine again".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == ["note.json"])
    }

    /// Other threads of this process may be saving the same file.
    @Test func keepsThisProcessesOwnTemporaryFiles() throws {
        let folder = try ScratchFolder()
        let temporary = ".note.json.\(getpid()).99.tmp"
        try folder.create(temporary, contents: "")
        try AtomicFile.write(Array("x".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == [temporary, "note.json"])
    }

    @Test func keepsTheTemporaryFilesOfOtherNamesAndFilesOfOtherShapes() throws {
        let folder = try ScratchFolder()
        let dead = try ChildProcess.exited()
        let others = [
            ".other.json.\(dead).1.tmp",        // another file's: its own next save removes it
            ".note.json.x.\(dead).1.tmp",       // the temporary file of note.json.x
            ".note.\(dead).1.tmp",              // of note
            ".note.json.\(dead).tmp",           // no random number
            ".note.json.\(dead).1.tmp.bak",
            ".note.json.\(dead).1a.tmp",
            "note.json.\(dead).1.tmp",          // not hidden
        ]
        for name in others {
            try folder.create(name, contents: "")
        }
        try AtomicFile.write(Array("x".utf8), to: folder.url("note.json"))
        #expect(try folder.entries() == (others + ["note.json"]).sorted())
        // The other file's save does remove its own.
        try AtomicFile.write(Array("y".utf8), to: folder.url("other.json"))
        #expect(try !folder.entries().contains(".other.json.\(dead).1.tmp"))
    }

    /// A listing costs about as much as the save in a folder of 10,000 files: a process lists a
    /// folder once, and again only after something else changed it.
    @Test func listsTheFolderOnlyWhenSomethingElseChangedIt() throws {
        let folder = try ScratchFolder()
        for round in 0..<10 {
            try AtomicFile.write(Array("\(round)".utf8), to: folder.url("note.json"))
            try AtomicFile.write(Array("\(round)".utf8), to: folder.url("other.json"))
        }
        #expect(StaleTemporaryFiles.timesListed(folder.path) == 1)
        try folder.create("added by someone else", contents: "")
        try AtomicFile.write(Array("x".utf8), to: folder.url("note.json"))
        try AtomicFile.write(Array("y".utf8), to: folder.url("note.json"))
        #expect(StaleTemporaryFiles.timesListed(folder.path) == 2)
    }

    @Test func recognizesTheNamesOfTemporaryFiles() {
        #expect(StaleTemporaryFiles.parse(".note.json.4711.2718281828.tmp")! == ("note.json", 4711))
        #expect(StaleTemporaryFiles.parse(".a.1.2.3.tmp")! == ("a.1", 2))
        #expect(StaleTemporaryFiles.parse(".Notizen ü.7.0.tmp")! == ("Notizen ü", 7))
        for name in [".note.json.tmp", ".note.json.1.tmp", "..1.2.tmp", ".note.json.0.5.tmp", ".note.json.99999999999.5.tmp",
                     ".note.json.-1.5.tmp", ".note.json.1.5.TMP", "note.json.1.2.tmp", ".1.2.tmp"] {
            #expect(StaleTemporaryFiles.parse(name) == nil, "\(name)")
        }
    }
}
