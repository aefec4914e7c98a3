import Foundation
import Testing

/// Builds plugin libraries at test time, the way a plugin author would: Swift plugins with
/// swiftc against the PluginSDK (compiled once per test run into a static library and
/// module), C plugins with cc against the one header.
enum PluginBuilder {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let headerFolder = repositoryRoot.appendingPathComponent("PluginSDK/include").path
    static let libraryExtension: String = {
        #if canImport(Darwin)
        return "dylib"
        #else
        return "so"
        #endif
    }()

    /// A folder for this test process's builds, removed by nobody: the OS cleans /tmp, and
    /// loaded libraries must outlive every test anyway (they are never unloaded).
    static let buildFolder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-plugins-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sdkFolder: Result<URL, TestBuildFailure>?

    /// The PluginSDK as `libValuegenPluginSDK.a` plus its module, built once.
    static func sdk() throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let sdkFolder {
            return try sdkFolder.get()
        }
        let folder = buildFolder.appendingPathComponent("sdk")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sources = try swiftFiles(in: repositoryRoot.appendingPathComponent("PluginSDK/Sources/ValuegenPluginSDK"))
        let result = Result { () throws(TestBuildFailure) -> URL in
            try run("swiftc", ["-emit-library", "-static", "-emit-module", "-parse-as-library", "-module-name", "ValuegenPluginSDK",
                               "-I", headerFolder, "-o", folder.appendingPathComponent("libValuegenPluginSDK.a").path,
                               "-emit-module-path", folder.appendingPathComponent("ValuegenPluginSDK.swiftmodule").path] + sources)
            return folder
        }
        sdkFolder = result
        return try result.get()
    }

    /// Builds a Swift plugin from source files into `lib<name>.so`; extra `sources` may add
    /// files from elsewhere (a built-in feature's file, say).
    static func swiftPlugin(named name: String, sources: [String]) throws -> String {
        let sdk = try sdk()
        let output = buildFolder.appendingPathComponent("lib\(name).\(libraryExtension)").path
        try run("swiftc", ["-emit-library", "-module-name", name, "-I", sdk.path, "-I", headerFolder, "-L", sdk.path, "-lValuegenPluginSDK", "-o", output] + sources)
        return output
    }

    /// Builds a C plugin from source files into `lib<name>.so`, warnings as errors, against the
    /// header in `headers` (the current one unless a test names another, such as the frozen 1.0).
    static func cPlugin(named name: String, sources: [String], flags: [String] = [], headers: String = headerFolder) throws -> String {
        let output = buildFolder.appendingPathComponent("lib\(name).\(libraryExtension)").path
        try run("cc", ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-shared", "-fPIC", "-I", headers, "-o", output] + flags + sources)
        return output
    }

    /// Writes a source file into the build folder and returns its path.
    static func source(_ name: String, _ text: String) throws -> String {
        let url = buildFolder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static func swiftFiles(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.hasSuffix(".swift") {
                files.append(folder.appendingPathComponent(path).path)
            }
        }
        return files.sorted()
    }

    /// Runs a build tool found on PATH; throws with its output when it fails.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws(TestBuildFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw TestBuildFailure(description: "could not run \(tool): \(error)")
        }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestBuildFailure(description: "\(tool) \(arguments.joined(separator: " ")) failed:\n\(output)")
        }
        return output
    }
}

struct TestBuildFailure: Error, CustomStringConvertible {
    var description: String
}
