#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// What the tests of saving files share: a scratch folder, child processes, a log of calls.

/// A fresh folder, removed when the test ends.
final class ScratchFolder {
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
final class ChildProcess {
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

final class Observations: @unchecked Sendable {
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
func currentUmask() -> mode_t {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
       let mask = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
        return mask
    }
    let mask = umask(0o022)
    umask(mask)
    return mask
}
