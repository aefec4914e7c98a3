#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The file a save really replaces. When the path the caller gave is a symbolic link (or a
/// chain of them), it is the file at the end of the chain, so the link stays a link and its
/// target gets the new bytes, as editors save; a dangling link's target is created. The
/// temporary file goes into the folder of that file, so the rename stays within one file system.
struct SaveDestination {
    /// The path the bytes are renamed to: the caller's path with every link of its last
    /// component followed (folders on the way are left to the kernel).
    var path: String
    /// The folder holding `path`, where the temporary file is created.
    var folder: String
    /// The last component of `path`.
    var name: String
    /// The permissions and owner of the file being replaced; nil when it does not exist yet.
    var existing: ExistingFile?

    struct ExistingFile: Equatable {
        /// The permission bits, setuid, setgid and sticky included (`st_mode & 0o7777`).
        var mode: mode_t
        var owner: uid_t
        var group: gid_t
    }

    /// Linux follows at most 40 links in a path (macOS 32); a longer chain is refused as the
    /// kernel would refuse it.
    static let maximumLinks = 40

    init(of url: URL) throws {
        var current = url.path
        var visited: Set<FileIdentity> = []
        var info = stat()
        // lstat failing means the file is missing (a new file, or the target of a dangling
        // link: created there) or unreachable, which opening the temporary file reports.
        while lstat(current, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
            guard visited.insert(FileIdentity(info)).inserted else {
                throw PersistenceError(message: "cannot save: its symbolic links form a loop (back to \(current))", url: url)
            }
            guard visited.count <= Self.maximumLinks else {
                throw PersistenceError(message: "cannot save: more than \(Self.maximumLinks) symbolic links lead to its file", url: url)
            }
            let target = try Self.target(ofLink: current, for: url)
            // A relative target is relative to the link's folder. It is joined, not normalized:
            // `..` after a linked folder means what the kernel makes of it.
            current = target.hasPrefix("/") ? target : Self.folder(of: current) + "/" + target
        }
        path = current
        folder = Self.folder(of: current)
        name = current.lastIndex(of: "/").map { String(current[current.index(after: $0)...]) } ?? current
        existing = stat(current, &info) == 0
            ? ExistingFile(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
            : nil
    }

    /// The path of the temporary file that becomes `path`: `.NAME.PID.RAND.tmp` beside it.
    /// `StaleTemporaryFiles.parse` recognizes the same shape.
    func temporaryPath() -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func target(ofLink path: String, for url: URL) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count)
        guard length >= 0 else {
            throw PersistenceError(message: "cannot read the symbolic link \(path): \(String(cString: strerror(errno)))", url: url)
        }
        guard length < buffer.count else {
            throw PersistenceError(message: "cannot read the symbolic link \(path): its target is longer than \(PATH_MAX) bytes", url: url)
        }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A file's identity on the machine: a link met twice on the way is a loop.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}
