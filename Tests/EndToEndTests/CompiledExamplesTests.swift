import Foundation
import Testing
import ValuegenCore

/// The generated code of every example compiles (in the Swift 6 language mode, with its
/// strict concurrency checking) together with Drivers/ExamplesDriver.swift, and the driver's
/// checks pass when it runs: coding with custom and legacy keys and defaults, equality and
/// hashing, `with`, builder errors, redaction, ADT coding, recursive ADTs (`indirect` cases,
/// across files), observation and veto, and the closures of Matching's `match(...)`.
@Suite struct CompiledExamplesTests {
    @Test func generatedExamplesCompileAndBehaveAsSpecified() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated")

        let report = GenerationRun().run(GenerationOptions(inputs: [TestSupport.examplesFolder.path], outputDirectory: generated.path))
        #expect(report.exitCode == 0, "\(report.diagnostics.map(\.description))")

        let driver = TestSupport.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Drivers/ExamplesDriver.swift")
        try FileManager.default.copyItem(at: driver, to: generated.appendingPathComponent("main.swift"))
        let sources = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
        let executable = folder.appendingPathComponent("examples-driver")

        // The generated code links ValuegenRuntime, built here as a module of its own.
        let runtime = folder.appendingPathComponent("Runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let runtimeSources = try TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime"))
            .filter { $0.hasSuffix(".swift") }
            .map { TestSupport.repositoryRoot.appendingPathComponent("Sources/ValuegenRuntime/\($0)").path }
        let runtimeBuild = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-emit-library", "-static", "-emit-module", "-parse-as-library", "-module-name", "ValuegenRuntime", "-o", runtime.appendingPathComponent("libValuegenRuntime.a").path, "-emit-module-path", runtime.appendingPathComponent("ValuegenRuntime.swiftmodule").path] + runtimeSources)
        try #require(runtimeBuild.status == 0, "building ValuegenRuntime failed:\n\(runtimeBuild.standardError)")

        let compile = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", runtime.path, "-L", runtime.path, "-lValuegenRuntime", "-o", executable.path] + sources)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.standardError)\(compile.standardOutput)")

        let run = try runProcess(executable, [])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
