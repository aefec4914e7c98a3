import Foundation
import Testing

/// Fixtures/Plugins/RustExample, FieldCount, built as docs/WritingPlugins.md's Rust section
/// says: a `cdylib` with hand-written FFI declarations and no crates, `cargo build --release`
/// with the build output in a temporary folder. Skipped, with the reason shown, where cargo
/// is not installed; .ci/run installs it so CI always runs these.
@Suite(.serialized, .enabled(if: RustExample.cargo != nil, "cargo is not installed, so the Rust example plugin (Fixtures/Plugins/RustExample) was NOT built or tested; install cargo and rustc to run these"))
struct RustPluginTests {
    @Test func describesItselfToPluginsInspect() throws {
        let library = try RustExample.library()
        let inspect = try ProcessRunner.valuegen(["plugins", "inspect", library], in: PluginBuilder.buildFolder)
        #expect(inspect.status == 0, "\(inspect.standardError)")
        #expect(inspect.standardOutput == """
            path:            \(library)
            id:              dev.valuegen.examples.field-count
            version:         1.0.0
            ABI:             1.0 (this valuegen: 1.4)
            include names:   FieldCount
            default for:     none
            supports:        .value, .adtValue, .object
            features:        thread-safe

            """)
        // docs/WritingPlugins.md shows this output, for the library CARGO_TARGET_DIR=/tmp/field-count builds.
        let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
        let shown = inspect.standardOutput.replacingOccurrences(of: library, with: "/tmp/field-count/release/libvaluegen_field_count.so")
        #expect(page.contains("```text tested-by=Tests/PluginHostTests/RustPluginTests.swift\n" + shown + "```\n"), "WritingPlugins.md shows other output")
    }

    @Test func generatesACountThatCompilesInProcessAndIsolated() throws {
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExampleModels.write("""
            Point includes(FieldCount) {
              x: Int
              y: Int
            }
            """, to: folder.appendingPathComponent("Models/Point.value"))
        try ExampleModels.write("""
            Shape includes(FieldCount) {
              Circle {
                radius: Double
              }
              Square
            }
            """, to: folder.appendingPathComponent("Models/Shape.adtValue"))
        let library = try RustExample.library()

        let inProcess = try ProcessRunner.valuegen(["generate", "Models", "--output", "InProcess", "--plugin", library], in: folder)
        try #require(inProcess.status == 0, "\(inProcess.standardError)")
        #expect(inProcess.standardError == "")
        let isolated = try ProcessRunner.valuegen(["generate", "Models", "--output", "Isolated", "--plugin", library, "--isolate-plugins"], in: folder)
        try #require(isolated.status == 0, "\(isolated.standardError)")

        let point = try String(contentsOf: folder.appendingPathComponent("InProcess/Point.swift"), encoding: .utf8)
        #expect(point.hasSuffix("""
            // MARK: - Point: FieldCount

            extension Point {
                /// The number of Point's attributes.
                public static let fieldCount: Int = 2
            }

            """), "\(point)")
        let shape = try String(contentsOf: folder.appendingPathComponent("InProcess/Shape.swift"), encoding: .utf8)
        #expect(shape.contains("""
            extension Shape {
                /// The number of Shape's cases.
                public static let fieldCount: Int = 2
            }

            """), "\(shape)")
        for name in ["Point.swift", "Shape.swift"] {
            #expect(try Data(contentsOf: folder.appendingPathComponent("Isolated/\(name)")) == Data(contentsOf: folder.appendingPathComponent("InProcess/\(name)")), "\(name) differs with --isolate-plugins")
        }

        let main = folder.appendingPathComponent("main.swift").path
        try ExampleModels.write("precondition(Point.fieldCount == 2 && Shape.fieldCount == 2)\nprint(\"fieldCount checked\")\n", to: URL(fileURLWithPath: main))
        let executable = folder.appendingPathComponent("field-count").path
        try PluginBuilder.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-o", executable,
                                         folder.appendingPathComponent("InProcess/Point.swift").path,
                                         folder.appendingPathComponent("InProcess/Shape.swift").path, main])
        let run = try ProcessRunner.run(URL(fileURLWithPath: executable), [], in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(run.status == 0 && run.standardOutput == "fieldCount checked\n", "\(run.standardOutput)\(run.standardError)")
    }

    @Test func reportsSchemaProblemsAtTheType() throws {
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExampleModels.write("Marker includes(FieldCount) {\n}\n", to: folder.appendingPathComponent("Models/Marker.value"))
        try ExampleModels.write("\n  Nothing includes(FieldCount) {\n}\n", to: folder.appendingPathComponent("Models/Nothing.adtValue"))

        let run = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--quiet", "--plugin", RustExample.library()], in: folder)
        #expect(run.status == 1)
        #expect(run.standardError == """
            Models/Marker.value:1:1: warning: 'Marker' has no attributes, so its fieldCount is 0
            Models/Nothing.adtValue:2:3: error: FieldCount cannot count the cases of 'Nothing': it has none; add a subtype or remove FieldCount from its includes

            """)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/Marker.swift").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/Nothing.swift").path))
    }
}

/// What needs no cargo: the Rust section of docs/WritingPlugins.md quotes the example's code
/// as it is, paragraph by paragraph.
struct RustExampleDocumentationTests {
    @Test func theRustSectionQuotesTheExampleVerbatim() throws {
        let page = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md"), encoding: .utf8)
        let source = try String(contentsOf: PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/RustExample/src/lib.rs"), encoding: .utf8)
        let blocks = page.components(separatedBy: "```rust\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        #expect(blocks.count == 3)
        for paragraph in blocks.flatMap({ $0.components(separatedBy: "\n\n") }) where !paragraph.isEmpty {
            #expect(source.contains(paragraph), "src/lib.rs does not contain:\n\(paragraph)")
        }
    }
}

/// The Rust example, built once per test process with cargo.
enum RustExample {
    /// cargo on PATH (or in ~/.cargo/bin, where rustup puts it), if installed.
    static let cargo: String? = {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let home = ProcessInfo.processInfo.environment["HOME"] {
            folders.append(home + "/.cargo/bin")
        }
        return folders.map { $0 + "/cargo" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: Result<String, TestBuildFailure>?

    /// `cargo build --release` of a copy of Fixtures/Plugins/RustExample, so neither
    /// Cargo.lock nor target/ is written into the repository; returns the library's path.
    static func library() throws -> String {
        lock.lock()
        defer { lock.unlock() }
        if let built {
            return try built.get()
        }
        let result = Result { () throws(TestBuildFailure) -> String in
            guard let cargo else { throw TestBuildFailure(description: "cargo is not installed") }
            let crate = PluginBuilder.buildFolder.appendingPathComponent("rust-example")
            let target = PluginBuilder.buildFolder.appendingPathComponent("rust-example-target")
            try? FileManager.default.removeItem(at: crate)
            do {
                try FileManager.default.copyItem(at: PluginBuilder.repositoryRoot.appendingPathComponent("Fixtures/Plugins/RustExample"), to: crate)
            } catch {
                throw TestBuildFailure(description: "could not copy the Rust example: \(error)")
            }
            var environment = ProcessInfo.processInfo.environment
            environment["CARGO_TARGET_DIR"] = target.path
            let build: ProcessRunner.Outcome
            do {
                build = try ProcessRunner.run(URL(fileURLWithPath: cargo), ["build", "--release", "--offline", "--quiet"], in: crate, environment: environment)
            } catch {
                throw TestBuildFailure(description: "could not run \(cargo): \(error)")
            }
            guard build.status == 0 else {
                throw TestBuildFailure(description: "cargo build --release failed:\n\(build.standardOutput)\(build.standardError)")
            }
            return target.appendingPathComponent("release/libvaluegen_field_count.\(PluginBuilder.libraryExtension)").path
        }
        built = result
        return try result.get()
    }
}
