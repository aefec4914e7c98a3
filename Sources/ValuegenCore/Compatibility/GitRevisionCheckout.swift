import Foundation

/// `valuegen compat --against REV`: the schema files (and valuegen.json, Remodel configurations
/// and Swift files, which resolving them reads) of the inputs as they were at a git revision,
/// written into a temporary folder with the `git` on the machine. Nothing in the repository
/// changes; `remove()` deletes the folder.
public struct GitRevisionCheckout: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let revision: String
    /// The temporary folder.
    public let folder: String
    /// Each input as the command line named it, and the same path in the temporary folder.
    public private(set) var inputs: [(working: String, old: String)] = []
    /// Each input's path in its repository, for messages: `Models/User.value`.
    private var repositoryPaths: [String: String] = [:]

    /// Extracts the revision's files under each input (a folder or a schema file).
    public init(revision: String, inputs: [String]) throws(Failure) {
        self.revision = revision
        let base = (NSTemporaryDirectory() as NSString).appendingPathComponent("valuegen-compat-\(getpid())-\(UInt32.random(in: 0 ... .max))")
        folder = base
        do {
            try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "error: cannot create a temporary folder at \(base)")
        }
        do throws(Failure) {
            var repositories: [String: String] = [:]
            for input in inputs {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                    throw Failure(description: "\(input): error: no such file or folder")
                }
                let folderOfInput = isDirectory.boolValue ? input : ((input as NSString).deletingLastPathComponent.isEmpty ? "." : (input as NSString).deletingLastPathComponent)
                let root = try Self.git(["rev-parse", "--show-toplevel"], in: folderOfInput).trimmingCharacters(in: .newlines)
                let prefix = try Self.git(["rev-parse", "--show-prefix"], in: folderOfInput).trimmingCharacters(in: .newlines)
                var relative = isDirectory.boolValue ? prefix : prefix + (input as NSString).lastPathComponent
                while relative.hasSuffix("/") { relative.removeLast() }
                let checkout = repositories[root] ?? (base as NSString).appendingPathComponent("\(repositories.count)")
                if repositories[root] == nil {
                    repositories[root] = checkout
                    _ = try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: root, failure: "'\(revision)' is not a commit of the repository at \(root)")
                }
                try Self.extract(revision, path: relative, repository: root, into: checkout)
                let old = relative.isEmpty ? checkout : (checkout as NSString).appendingPathComponent(relative)
                if isDirectory.boolValue {
                    try? FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
                }
                self.inputs.append((input, old))
                repositoryPaths[old] = relative
            }
        } catch {
            remove()
            throw error
        }
    }

    /// Deletes the temporary folder.
    public func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The inputs in the temporary folder, for the old snapshot; a file the revision did not
    /// have is left out.
    public var oldInputs: [String] {
        inputs.map(\.old).filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// `REV:Models/User.value` for a path in the temporary folder.
    public func place(of oldPath: String) -> String {
        for (old, relative) in repositoryPaths where oldPath == old || oldPath.hasPrefix(old + "/") {
            let rest = String(oldPath.dropFirst(old.count))
            let path = relative.isEmpty ? String(rest.drop { $0 == "/" }) : relative + rest
            return "\(revision):\(path)"
        }
        return oldPath
    }

    /// The working-tree path of a path in the temporary folder.
    public func workingPath(of oldPath: String) -> String {
        for (working, old) in inputs where oldPath == old || oldPath.hasPrefix(old + "/") {
            return working + oldPath.dropFirst(old.count)
        }
        return oldPath
    }

    // MARK: - git

    /// Whether a file of the revision is needed to resolve its schemas as generation would.
    private static func isNeeded(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return SchemaSource(path: name, bytes: []).kind != nil || name == Configuration.fileName || name.hasSuffix(".swift")
            || [ModelKind.value, .adtValue, .object].map(RemodelConfiguration.fileName(for:)).contains(name)
    }

    /// Writes the revision's needed files under `path` into `folder`, at their repository paths:
    /// `git ls-tree` lists them, one `git cat-file --batch` reads them all.
    private static func extract(_ revision: String, path: String, repository: String, into folder: String) throws(Failure) {
        let listing = try git(["ls-tree", "-r", "-z", "--full-tree", revision, "--", path.isEmpty ? "." : path], in: repository)
        var blobs: [(object: String, path: String)] = []
        for entry in listing.split(separator: "\0") {
            // "100644 blob <object>\t<path>"
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            let file = String(entry[entry.index(after: tab)...])
            if fields.count == 3, fields[1] == "blob", isNeeded(file) {
                blobs.append((String(fields[2]), file))
            }
        }
        guard !blobs.isEmpty else { return }
        let request = (folder as NSString).appendingPathComponent(".objects")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: request, contents: Data(blobs.map { $0.object + "\n" }.joined().utf8))
        defer { try? FileManager.default.removeItem(atPath: request) }
        let output = try run(["cat-file", "--batch"], in: repository, input: request)
        // Each object: "<object> blob <size>\n", the bytes, "\n".
        var offset = output.startIndex
        for blob in blobs {
            guard let newline = output[offset...].firstIndex(of: UInt8(ascii: "\n")),
                  let size = String(decoding: output[offset..<newline], as: UTF8.self).split(separator: " ").last.flatMap({ Int($0) }),
                  newline + 1 + size <= output.endIndex else {
                throw Failure(description: "error: git cat-file did not give the contents of \(blob.path) at \(revision)")
            }
            let contents = output[(newline + 1)..<(newline + 1 + size)]
            let destination = (folder as NSString).appendingPathComponent(blob.path)
            try? FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: destination, contents: Data(contents)) else {
                throw Failure(description: "error: cannot write \(destination)")
            }
            offset = newline + 1 + size + 1
        }
    }

    private static func git(_ arguments: [String], in folder: String, failure: String? = nil) throws(Failure) -> String {
        do {
            return String(decoding: try run(arguments, in: folder, input: nil), as: UTF8.self)
        } catch {
            throw failure.map { Failure(description: "error: \($0)") } ?? error
        }
    }

    /// Runs `git` with the arguments in the folder; its output, or a failure with what it said.
    private static func run(_ arguments: [String], in folder: String, input: String?) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        let errors = (NSTemporaryDirectory() as NSString).appendingPathComponent("valuegen-git-\(getpid())-\(UInt32.random(in: 0 ... .max)).log")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errors) }
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errors)
        if let input {
            process.standardInput = FileHandle(forReadingAtPath: input)
        }
        do {
            try process.run()
        } catch {
            throw Failure(description: "error: cannot run git (\(error.localizedDescription)); --against needs git on the PATH")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "error: git \(arguments.joined(separator: " ")) failed in \(folder)\(message.isEmpty ? "" : ": " + message)")
        }
        return data
    }
}
