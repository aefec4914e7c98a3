#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import ValuegenRuntime

/// What a save keeps of the file it replaces: its permissions and owner, and the symbolic links
/// on the way to it (the temporary files of killed saves: `StaleTemporaryFileTests`).
@Suite struct AtomicFileTests {
    // MARK: - Permissions and owner

    @Test(arguments: [0o600, 0o640, 0o444, 0o755, 0o2750] as [mode_t])
    func keepsTheModeOfTheFileItReplaces(mode: mode_t) throws {
        let folder = try ScratchFolder()
        try folder.create("note.json", contents: "old")
        #expect(chmod(folder.path + "/note.json", mode) == 0)
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        #expect(try folder.contents(of: "note.json") == "new")
        #expect(try folder.mode(of: "note.json") == mode)
    }

    @Test func givesANewFile0644LessTheUmask() throws {
        let folder = try ScratchFolder()
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        #expect(try folder.mode(of: "note.json") == 0o644 & ~currentUmask())
    }

    /// Nobody who could not read the old file may open the temporary file while it is written:
    /// it is created with the owner's permissions only, and has the file's mode before its first byte.
    @Test func theTemporaryFileIsNeverMoreOpenThanTheFileItReplaces() throws {
        let folder = try ScratchFolder()
        try folder.create("secret.json", contents: "old")
        #expect(chmod(folder.path + "/secret.json", 0o600) == 0)
        let seen = Observations()
        var operations = FileOperations.system
        operations.open = { path, mode in
            seen.append("created \(String(mode, radix: 8))")
            return FileOperations.system.open(path, mode)
        }
        operations.write = { descriptor, buffer, count in
            var info = stat()
            _ = fstat(descriptor, &info)
            seen.append("writing with \(String(info.st_mode & 0o7777, radix: 8))")
            return FileOperations.system.write(descriptor, buffer, count)
        }
        try AtomicFile.write(Array("new".utf8), to: folder.url("secret.json"), using: operations)
        #expect(seen.all == ["created 600", "writing with 600"])
    }

    @Test func aFailedModeChangeLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try ScratchFolder()
        try folder.create("note.json", contents: "old")
        #expect(chmod(folder.path + "/note.json", 0o640) == 0)
        var failing = FileOperations.system
        failing.changeMode = { _, _ in
            errno = EPERM
            return -1
        }
        do {
            try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"), using: failing)
            Issue.record("the save should have failed")
        } catch let error as PersistenceError {
            #expect(error.description == "\(folder.path)/note.json: cannot keep the file's permissions (640): Operation not permitted")
        }
        #expect(try folder.contents(of: "note.json") == "old")
        #expect(try folder.entries() == ["note.json"])
    }

    @Test(.enabled(if: geteuid() == 0, "only root may give a file to another user"))
    func keepsTheOwnerAndGroupWhenTheProcessMaySetThem() throws {
        let folder = try ScratchFolder()
        try folder.create("note.json", contents: "old")
        #expect(chown(folder.path + "/note.json", 4242, 4343) == 0)
        #expect(chmod(folder.path + "/note.json", 0o640) == 0)
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        let info = try folder.status(of: "note.json")
        #expect(info.st_uid == 4242 && info.st_gid == 4343)
        #expect(info.st_mode & 0o7777 == 0o640)
    }

    /// The saving user's own group must not gain what the file's group had.
    @Test(.enabled(if: geteuid() == 0, "only root may give a file to another group"))
    func aGroupThatCannotBeKeptGetsNoMoreThanOthers() throws {
        let folder = try ScratchFolder()
        try folder.create("note.json", contents: "old")
        #expect(chown(folder.path + "/note.json", geteuid(), 4343) == 0)
        #expect(chmod(folder.path + "/note.json", 0o660) == 0)
        var notRoot = FileOperations.system
        notRoot.changeOwner = { _, _, _ in
            errno = EPERM
            return -1
        }
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"), using: notRoot)
        let info = try folder.status(of: "note.json")
        #expect(info.st_gid == getegid())
        #expect(info.st_mode & 0o7777 == 0o600)
    }

    // MARK: - Symbolic links

    @Test func savingThroughALinkWritesItsTargetAndKeepsTheLink() throws {
        let folder = try ScratchFolder()
        try folder.makeFolder("store")
        try folder.create("store/real.json", contents: "old")
        #expect(chmod(folder.path + "/store/real.json", 0o600) == 0)
        try folder.link("note.json", to: "store/real.json")
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        #expect(try folder.linkTarget(of: "note.json") == "store/real.json")
        #expect(try folder.contents(of: "store/real.json") == "new")
        #expect(try folder.mode(of: "store/real.json") == 0o600)
        #expect(try folder.entries() == ["note.json", "store"])
        #expect(try folder.entries(in: "store") == ["real.json"])
    }

    /// Links to links, relative and absolute, through a linked folder and `..`.
    @Test func savingThroughAChainOfLinksWritesTheFileAtItsEnd() throws {
        let folder = try ScratchFolder()
        try folder.makeFolder("a/b")
        try folder.create("a/real.json", contents: "old")
        try folder.link("b-link", to: "a/b")
        try folder.link("a/b/up", to: "../real.json")
        try folder.link("second", to: "b-link/up")
        try folder.link("first", to: folder.path + "/second")
        try AtomicFile.write(Array("new".utf8), to: folder.url("first"))
        #expect(try folder.contents(of: "a/real.json") == "new")
        #expect(try folder.linkTarget(of: "first") == folder.path + "/second")
        #expect(try folder.linkTarget(of: "second") == "b-link/up")
        #expect(try folder.linkTarget(of: "a/b/up") == "../real.json")
        #expect(try folder.entries(in: "a") == ["b", "real.json"])
    }

    @Test func savingThroughADanglingLinkCreatesItsTarget() throws {
        let folder = try ScratchFolder()
        try folder.makeFolder("store")
        try folder.link("note.json", to: "store/new.json")
        try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
        #expect(try folder.linkTarget(of: "note.json") == "store/new.json")
        #expect(try folder.contents(of: "store/new.json") == "new")
        #expect(try folder.mode(of: "store/new.json") == 0o644 & ~currentUmask())
    }

    @Test func aLoopOfLinksIsAnErrorNamingTheFile() throws {
        let folder = try ScratchFolder()
        try folder.link("note.json", to: folder.path + "/other.json")
        try folder.link("other.json", to: folder.path + "/note.json")
        try folder.link("self.json", to: "self.json")
        do {
            try AtomicFile.write(Array("new".utf8), to: folder.url("note.json"))
            Issue.record("the save should have failed")
        } catch let error as PersistenceError {
            #expect(error.description == "\(folder.path)/note.json: cannot save: its symbolic links form a loop (back to \(folder.path)/note.json)")
        }
        do {
            try AtomicFile.write(Array("new".utf8), to: folder.url("self.json"))
            Issue.record("the save should have failed")
        } catch let error as PersistenceError {
            #expect(error.description == "\(folder.path)/self.json: cannot save: its symbolic links form a loop (back to \(folder.path)/self.json)")
        }
        #expect(try folder.entries() == ["note.json", "other.json", "self.json"])
        #expect(try folder.linkTarget(of: "note.json") == folder.path + "/other.json")
    }

    @Test func aChainOfMoreThan40LinksIsAnErrorNamingTheFile() throws {
        let folder = try ScratchFolder()
        try folder.create("real.json", contents: "old")
        try folder.link("link0", to: "real.json")
        for index in 1...40 {
            try folder.link("link\(index)", to: "link\(index - 1)")
        }
        try AtomicFile.write(Array("40 links".utf8), to: folder.url("link39"))
        #expect(try folder.contents(of: "real.json") == "40 links")
        do {
            try AtomicFile.write(Array("41 links".utf8), to: folder.url("link40"))
            Issue.record("the save should have failed")
        } catch let error as PersistenceError {
            #expect(error.description == "\(folder.path)/link40: cannot save: more than 40 symbolic links lead to its file")
        }
        #expect(try folder.contents(of: "real.json") == "40 links")
    }
}
