#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import ValuegenRuntime

/// What a save leaves on disk besides the new bytes: the temporary files of saves that were
/// killed, the file's permissions and owner, and the symbolic links on the way to it.
@Suite struct AtomicFileTests {
    // MARK: - Temporary files of killed saves

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

// MARK: - Test support

/// A fresh folder, removed when the test ends.
private final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-atomic-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func url(_ name: String) -> URL {
        URL(fileURLWithPath: path + "/" + name)
    }

    func create(_ name: String, contents: String) throws {
        try Data(contents.utf8).write(to: url(name))
    }

    func makeFolder(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path + "/" + name, withDestinationPath: target)
    }

    func linkTarget(of name: String) throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: path + "/" + name)
    }

    func contents(of name: String) throws -> String {
        String(decoding: try Data(contentsOf: url(name)), as: UTF8.self)
    }

    func entries(in subfolder: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.map { path + "/" + $0 } ?? path).sorted()
    }

    func status(of name: String) throws -> stat {
        var info = stat()
        guard lstat(path + "/" + name, &info) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return info
    }

    func mode(of name: String) throws -> mode_t {
        try status(of: name).st_mode & 0o7777
    }
}

/// A process of the test's own: one that has exited (its pid is free), or one kept alive.
private final class ChildProcess {
    let id: pid_t
    private var ended = false

    private init(_ arguments: [String]) throws {
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], nil, nil, argv, nil)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO) }
        id = pid
    }

    /// The pid of a process that ran and was reaped: no process has it (until the system
    /// reuses it, which takes tens of thousands of new processes).
    static func exited() throws -> pid_t {
        let child = try ChildProcess(["/bin/sh", "-c", "exit 0"])
        child.end()
        return child.id
    }

    static func sleeping() throws -> ChildProcess {
        try ChildProcess(["/bin/sleep", "600"])
    }

    func end() {
        guard !ended else { return }
        ended = true
        _ = kill(id, SIGKILL)
        var status: Int32 = 0
        while waitpid(id, &status, 0) < 0 && errno == EINTR {}
    }

    deinit {
        end()
    }
}

private final class Observations: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ observation: String) {
        lock.lock()
        list.append(observation)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}

/// The process's umask, read without changing it (another test may be creating a file).
private func currentUmask() -> mode_t {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
       let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
        return mask
    }
    let mask = umask(0o022)
    umask(mask)
    return mask
}
