import Foundation
import Testing
import ValuegenCore

/// The docs cannot drift from the tool: every marked schema block of README.md and docs/ is
/// generated, the Swift excerpts and diagnostics shown after it are compared with what
/// valuegen writes, and console blocks are run and their output compared (DocumentationSample
/// says how a block is marked).
@Suite struct DocumentationSampleTests {
    static let documents: [String] = {
        let docs = (try? TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("docs"))) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") && !$0.contains("/") }.map { "docs/\($0)" }
    }()

    static func samples() throws -> [DocumentationSample] {
        try documents.flatMap { document in
            let markdown = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            return DocumentationSample.samples(in: markdown, document: document)
        }
    }

    @Test func everyMarkedSchemaGeneratesAsTheDocsShow() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generated: (schema: DocumentationSample, swift: String, diagnostics: [String])?
        // Where console blocks run: a document's named schema blocks after a console block start a new one.
        var workspace = (folder: folder, document: "")
        var previous: DocumentationSample?
        for (number, sample) in try Self.samples().enumerated() {
            defer { previous = sample }
            switch sample.kind {
            case .schema(let path, _):
                if let previous = generated { Self.expectNoDiagnostics(previous) }
                generated = try Self.generate(sample, path: path, in: folder.appendingPathComponent("\(number)"))
                if !path.hasPrefix("Sample.") {
                    workspace = Self.workspace(for: sample, after: previous, current: workspace, in: folder, number: number)
                    try TestSupport.write(sample.text + "\n", to: workspace.folder.appendingPathComponent(path))
                }
            case .file(let path):
                workspace = Self.workspace(for: sample, after: previous, current: workspace, in: folder, number: number)
                try TestSupport.write(sample.text + "\n", to: workspace.folder.appendingPathComponent(path))
            case .console:
                let transcript = try Self.run(sample, in: workspace.folder)
                let expected = sample.text.trimmingCharacters(in: .whitespacesAndNewlines)
                if transcript != expected {
                    let difference = zip(transcript.split(separator: "\n"), expected.split(separator: "\n")).first { $0 != $1 }
                    Issue.record("\(sample): the commands print other lines\(difference.map { " ('\($0.0)' where the docs show '\($0.1)')" } ?? ""):\n\(transcript)")
                }
            case .moduleSwift, .runtimeSwift, .pluginSwift, .manifestSwift, .excerpt, .asserted, .testedBy, .commands, .testedElsewhere, .fragment:
                continue
            case .generatedSwift:
                guard let current = generated, current.schema.document == sample.document else {
                    Issue.record("\(sample): a 'swift generated' block with no schema block before it")
                    continue
                }
                if let mismatch = DocumentationSample.excerptMismatch(sample.text, in: current.swift) {
                    Issue.record("\(sample): the generated Swift of the schema at line \(current.schema.line) differs from the excerpt from \(mismatch) on; it is:\n\(current.swift)")
                }
            case .diagnostics:
                guard let current = generated, current.schema.document == sample.document else {
                    Issue.record("\(sample): a 'diagnostics' block with no schema block before it")
                    continue
                }
                #expect(current.diagnostics.joined(separator: "\n") == sample.text.trimmingCharacters(in: .whitespacesAndNewlines), "\(sample): the schema at line \(current.schema.line) gets other diagnostics:\n\(current.diagnostics.joined(separator: "\n"))")
                generated = nil
            }
        }
        if let previous = generated { Self.expectNoDiagnostics(previous) }
    }

    /// Accepted ⇒ compiles: the Swift of every marked schema that generates is typechecked, as
    /// a module of its own (samples declare the same names), with its bodies.
    @Test func theSwiftOfEveryMarkedSchemaCompiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typechecker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let samples = try Self.samples()
        for (number, sample) in samples.enumerated() {
            guard case .schema(let path, compiles: true) = sample.kind else { continue }
            let sampleFolder = folder.appendingPathComponent("\(number)")
            let generated = try Self.generate(sample, path: path, in: sampleFolder)
            guard generated.diagnostics.allSatisfy({ !$0.contains(": error: ") }) else { continue }
            let output = sampleFolder.appendingPathComponent("Generated")
            let moduleSwift = samples[(number + 1)...].prefix { if case .schema = $0.kind { false } else { true } }.filter { $0.kind == .moduleSwift }
            for (index, swift) in moduleSwift.enumerated() {
                try TestSupport.write("import Foundation\n\n" + swift.text + "\n", to: output.appendingPathComponent("Module\(index).swift"))
            }
            let files = try TestSupport.files(in: output).map { output.appendingPathComponent($0).path }
            let errors = try typechecker.typecheck(primaries: files, bodies: true).filter { $0.severity == "error" }
            #expect(errors.isEmpty, "\(sample): the generated Swift does not compile:\n\(errors.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func theDocsHaveSamplesOfEveryKind() throws {
        let samples = try Self.samples()
        #expect(samples.filter { if case .schema = $0.kind { true } else { false } }.count >= 10)
        #expect(samples.contains { $0.kind == .generatedSwift })
        #expect(samples.contains { $0.kind == .diagnostics })
        #expect(samples.contains { $0.kind == .console })
    }

    private static func generate(_ sample: DocumentationSample, path: String, in folder: URL) throws -> (schema: DocumentationSample, swift: String, diagnostics: [String]) {
        let schemas = folder.appendingPathComponent("Schemas")
        let output = folder.appendingPathComponent("Generated")
        try TestSupport.write(sample.text + "\n", to: schemas.appendingPathComponent(path))
        let report = GenerationRun().run(GenerationOptions(inputs: [schemas.path], outputDirectory: output.path))
        let diagnostics = (report.usageErrors + report.diagnostics.map(\.description) + report.writeErrors)
            .map { $0.replacingOccurrences(of: schemas.path + "/", with: "") }
        let swiftFile = output.appendingPathComponent(((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".swift")
        let swift = (try? String(contentsOf: swiftFile, encoding: .utf8)) ?? ""
        return (sample, swift, diagnostics)
    }

    /// Where a named block is written: a new folder for the first one after a console block or
    /// of another document than the current folder's, else the current one.
    private static func workspace(for sample: DocumentationSample, after previous: DocumentationSample?, current: (folder: URL, document: String), in folder: URL, number: Int) -> (folder: URL, document: String) {
        guard previous?.kind == .console || current.document != sample.document else { return current }
        return (folder.appendingPathComponent("Workspace\(number)"), sample.document)
    }

    /// Runs a console block's commands in `workspace` and returns what a terminal would show.
    private static func run(_ sample: DocumentationSample, in workspace: URL) throws -> String {
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let sdk = workspace.appendingPathComponent("PluginSDK")
        if !FileManager.default.fileExists(atPath: sdk.path) {
            try FileManager.default.createSymbolicLink(at: sdk, withDestinationURL: TestSupport.repositoryRoot.appendingPathComponent("PluginSDK"))
        }
        var transcript: [String] = []
        var status: Int32 = 0
        for line in sample.text.split(separator: "\n") where line.hasPrefix("$ ") {
            transcript.append(String(line))
            let words = line.dropFirst(2).split(separator: " ").map(String.init)
            var output: String
            switch words.first {
            case "valuegen":
                let result = try runProcess(try TestSupport.valuegenExecutable, Array(words.dropFirst()), in: workspace)
                (output, status) = (result.standardOutput + result.standardError, result.status)
            case "cc":
                let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), words, in: workspace)
                (output, status) = (result.standardOutput + result.standardError, result.status)
            case "cat":
                output = try String(contentsOf: workspace.appendingPathComponent(words[1]), encoding: .utf8)
            case "echo" where words == ["echo", "$?"]:
                output = "\(status)\n"
            default:
                throw TestFailure("\(sample): '\(line)' is not a command the docs' console blocks run (valuegen, cc, cat, echo $?)")
            }
            if output.hasSuffix("\n") { output.removeLast() }
            if !output.isEmpty { transcript.append(output) }
        }
        return transcript.joined(separator: "\n")
    }

    private static func expectNoDiagnostics(_ generated: (schema: DocumentationSample, swift: String, diagnostics: [String])) {
        #expect(generated.diagnostics.isEmpty, "\(generated.schema): valuegen reports:\n\(generated.diagnostics.joined(separator: "\n"))\n(a sample that shows an error or a warning is followed by a 'diagnostics' block)")
    }
}
