#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// The generator's I/O at the edge: reading schema files and writing generated files
/// atomically, only when their bytes change.
public enum FileSystem {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The whole file, or nil when it does not exist.
    public static func readIfPresent(_ path: String) throws(Failure) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Failure(description: "\(path): error: cannot read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "\(path): error: cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let bytes = try readIfPresent(path) else {
            throw Failure(description: "\(path): error: no such file")
        }
        return bytes
    }

    /// What `writeIfChanged` did.
    public enum WriteOutcome: Sendable, Equatable {
        case written
        case unchanged
    }

    /// Writes the bytes unless the file already holds exactly them. The new content goes to a
    /// temporary file in the same folder that is then renamed over the old one, so a reader
    /// never sees a half-written file and a failure leaves the old one in place.
    public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(Failure) -> WriteOutcome {
        if let existing = try readIfPresent(path), existing == bytes {
            return .unchanged
        }
        try rewrite(bytes, to: path)
        return .written
    }

    /// Writes the bytes, the same way, even when the file holds them: its modification time
    /// and identity change, which a build system that lists it as an input sees.
    public static func rewrite(_ bytes: [UInt8], to path: String) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw Failure(description: "\(path): error: cannot write: \(String(cString: strerror(errno)))")
        }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0 && failure == 0 {
            failure = errno
        }
        if failure == 0 && rename(temporary, path) != 0 {
            failure = errno
        }
        if failure != 0 {
            unlink(temporary)
            throw Failure(description: "\(path): error: cannot write: \(String(cString: strerror(failure)))")
        }
    }

    /// Creates the folder and its parents when missing.
    public static func createDirectory(_ path: String) throws(Failure) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "\(path): error: cannot create the output folder: \(error.localizedDescription)")
        }
    }
}
