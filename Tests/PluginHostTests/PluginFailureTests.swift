import Foundation
import Testing

/// Every way a plugin can be broken ends in a sentence that names the library (or the plugin
/// and its library) and says what to do, and in a non-zero exit of `valuegen generate`: 2
/// when a library cannot be used at all (nothing is generated), 1 when a plugin fails on a
/// schema file. The plugins are the small C files of Fixtures/Plugins/Broken, built here.
@Suite struct PluginFailureTests {
    static let brokenFolder = PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/Broken")

    /// The schema most tests generate, and where the lines the plugins point at are.
    static let thingSchema = """
        # A thing.
        Thing includes(Broken) {
          name: String
        }

        """

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: [String: Result<String, any Error>] = [:]

    /// Builds a broken plugin once per test run: `lib<name>.so` from one C file of
    /// Fixtures/Plugins/Broken, with `-D` definitions such as `BROKEN_NAME="Builder"`.
    static func brokenPlugin(_ file: String, named name: String, defines: [String] = []) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let known = built[name] {
            return try known.get()
        }
        let result = Result { () throws -> String in
            try PluginBuilder.cPlugin(named: name, sources: [brokenFolder.appendingPathComponent(file).path], flags: defines.map { "-D" + $0 })
        }
        built[name] = result
        return try result.get()
    }

    /// A scratch folder holding the schema files, by name.
    static func schemaFolder(_ files: [String: String], _ name: String = #function) throws -> URL {
        let folder = try ProcessRunner.makeScratchFolder(name)
        for (fileName, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(fileName))
        }
        return folder
    }

    /// `valuegen generate <schemas> --plugin <each> --output out --quiet [--isolate-plugins]`
    /// in the folder.
    static func generate(_ schemas: [String], plugins: [String], isolated: Bool, in folder: URL) throws -> ProcessRunner.Outcome {
        let arguments = ["generate"] + schemas + plugins.flatMap { ["--plugin", $0] } + ["--output", "out", "--quiet"]
            + (isolated ? ["--isolate-plugins"] : [])
        return try ProcessRunner.valuegen(arguments, in: folder)
    }

    static func exists(_ path: String, in folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
    }
}
