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
enum AtomicFile {
    static func write(_ bytes: [UInt8], to url: URL, using operations: FileOperations = .system) throws {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = operations.open(temporary)
        guard descriptor >= 0 else {
            throw PersistenceError(message: "cannot create a temporary file in \(folder): \(String(cString: strerror(errno)))", url: url)
        }
        var failure: String?
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
        if failure == nil && operations.rename(temporary, path) != 0 {
            failure = "cannot replace the file: \(String(cString: strerror(errno)))"
        }
        if let failure {
            _ = unlink(temporary)
            throw PersistenceError(message: failure, url: url)
        }
        operations.syncFolder(folder)
    }
}

/// The system calls an atomic write makes, replaceable so that tests can make one fail.
struct FileOperations: Sendable {
    var open: @Sendable (String) -> Int32
    var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    var sync: @Sendable (Int32) -> Int32
    var close: @Sendable (Int32) -> Int32
    var rename: @Sendable (String, String) -> Int32
    var syncFolder: @Sendable (String) -> Void

    static let system = FileOperations(
        open: { path in systemOpen(path, O_WRONLY | O_CREAT | O_EXCL, 0o644) },
        write: { descriptor, buffer, count in systemWrite(descriptor, buffer, count) },
        sync: { descriptor in fsync(descriptor) },
        close: { descriptor in systemClose(descriptor) },
        rename: { from, to in systemRename(from, to) },
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
