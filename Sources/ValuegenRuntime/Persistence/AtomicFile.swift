#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Glibc.open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Glibc.write(descriptor, buffer, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { Glibc.close(descriptor) }
private func systemRename(_ from: String, _ to: String) -> Int32 { Glibc.rename(from, to) }
#elseif canImport(Darwin)
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { Darwin.open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { Darwin.write(descriptor, buffer, count) }
private func systemClose(_ descriptor: Int32) -> Int32 { Darwin.close(descriptor) }
private func systemRename(_ from: String, _ to: String) -> Int32 { Darwin.rename(from, to) }
#endif

/// Writes a file so that a reader, a crash or a full disk never sees it half-written: the
/// bytes go to a temporary file in the same folder, which is flushed to the disk and then
/// renamed over the destination (rename is atomic within a file system). On any failure the
/// temporary file is removed and the destination is left as it was.
///
/// The file keeps what a save should not change: a symbolic link stays a link and its target
/// is written (`SaveDestination`); an existing file keeps its permissions, and its owner and
/// group where the process may set them, set on the temporary file before any byte is in it;
/// a new file gets 0644 less the umask. Temporary files that killed saves left are removed
/// (`StaleTemporaryFiles`).
enum AtomicFile {
    static func write(_ bytes: [UInt8], to url: URL, using operations: FileOperations = .system) throws {
        let destination = try SaveDestination(of: url)
        let staleFiles = StaleTemporaryFiles.removeDead(of: destination.name, in: destination.folder)
        defer { staleFiles.remember() }
        let temporary = destination.temporaryPath()
        // Created no more open than the file it replaces (owner bits only, until its mode is set).
        let descriptor = operations.open(temporary, destination.existing.map { $0.mode & 0o700 } ?? 0o644)
        guard descriptor >= 0 else {
            throw PersistenceError(message: "cannot create a temporary file in \(destination.folder): \(String(cString: strerror(errno)))", url: url)
        }
        var failure: String?
        if let existing = destination.existing {
            failure = keep(existing, on: descriptor, using: operations)
        }
        var written = 0
        while failure == nil && written < bytes.count {
            let count = bytes.withUnsafeBytes { operations.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = "cannot write: \(String(cString: strerror(errno)))"
            } else {
                written += count
            }
        }
        if failure == nil && operations.sync(descriptor) != 0 {
            failure = "cannot flush to the disk: \(String(cString: strerror(errno)))"
        }
        if operations.close(descriptor) != 0 && failure == nil {
            failure = "cannot close: \(String(cString: strerror(errno)))"
        }
        if failure == nil && operations.rename(temporary, destination.path) != 0 {
            failure = "cannot replace the file: \(String(cString: strerror(errno)))"
        }
        if let failure {
            _ = unlink(temporary)
            throw PersistenceError(message: failure, url: url)
        }
        operations.syncFolder(destination.folder)
    }

    /// Gives the temporary file the owner, group and mode of the file it replaces. The owner and
    /// group are kept when the process may set them (root may; a member of the group may set
    /// that); when the group cannot be kept, its permissions become no more than others have,
    /// so that the saving user's group gains nothing. The mode is set last, because changing
    /// the owner clears setuid and setgid.
    private static func keep(_ existing: SaveDestination.ExistingFile, on descriptor: Int32, using operations: FileOperations) -> String? {
        var mode = existing.mode
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_uid != existing.owner || info.st_gid != existing.group) {
            if operations.changeOwner(descriptor, existing.owner, existing.group) != 0 {
                _ = operations.changeOwner(descriptor, uid_t.max, existing.group)
            }
            if fstat(descriptor, &info) == 0 && info.st_gid != existing.group {
                mode = (mode & ~0o070) | (mode & 0o070 & ((mode & 0o007) << 3))
            }
        }
        guard operations.changeMode(descriptor, mode) != 0 else { return nil }
        let reason = String(cString: strerror(errno))
        // A file system without Unix permissions (FAT, some network shares) refuses the change
        // but gives every file the same mode anyway: that is no reason to fail the save.
        if fstat(descriptor, &info) == 0 && info.st_mode & 0o7777 == mode {
            return nil
        }
        return "cannot keep the file's permissions (\(String(mode, radix: 8))): \(reason)"
    }
}

/// The system calls an atomic write makes, replaceable so that tests can make one fail.
struct FileOperations: Sendable {
    /// Creates the temporary file exclusively, with these permissions (less the umask).
    var open: @Sendable (String, mode_t) -> Int32
    var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    var sync: @Sendable (Int32) -> Int32
    var close: @Sendable (Int32) -> Int32
    var rename: @Sendable (String, String) -> Int32
    var changeOwner: @Sendable (Int32, uid_t, gid_t) -> Int32
    var changeMode: @Sendable (Int32, mode_t) -> Int32
    var syncFolder: @Sendable (String) -> Void

    static let system = FileOperations(
        open: { path, mode in systemOpen(path, O_WRONLY | O_CREAT | O_EXCL, mode) },
        write: { descriptor, buffer, count in systemWrite(descriptor, buffer, count) },
        sync: { descriptor in fsync(descriptor) },
        close: { descriptor in systemClose(descriptor) },
        rename: { from, to in systemRename(from, to) },
        changeOwner: { descriptor, owner, group in fchown(descriptor, owner, group) },
        changeMode: { descriptor, mode in fchmod(descriptor, mode) },
        syncFolder: { folder in
            // The rename itself reaches the disk with the folder's entry.
            let descriptor = systemOpen(folder, O_RDONLY, 0)
            if descriptor >= 0 {
                _ = fsync(descriptor)
                _ = systemClose(descriptor)
            }
        }
    )
}

/// Why a model could not be saved or loaded; names the file.
public struct PersistenceError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public var url: URL

    public var description: String {
        "\(url.path): \(message)"
    }
}
