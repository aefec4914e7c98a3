import Foundation
import Testing
import ValuegenCore

/// The responses Adyen's own SDK tests record decode with the models `valuegen import openapi`
/// writes for Adyen's documents: the fast reader (JSON) reads each to the value Foundation's
/// `JSONDecoder` reads with the same models' `Codable` conformance (Coding), and both round
/// trips hold (the fast writer then reader, `JSONEncoder` then `JSONDecoder`).
///
/// Always on a committed excerpt (Fixtures/Import/Adyen/Recorded, responses of the excerpt
/// CheckoutService-v71-responses-excerpt.json); on every mapped mock of the Java SDK with
/// VALUEGEN_ADYEN_CORPUS=1 when both repositories are mirrored (about 30 documents to compile:
/// many minutes).
@Suite struct AdyenRecordedResponseTests {
    static let fixtures = TestSupport.repositoryRoot.appendingPathComponent("Fixtures/Import/Adyen")
    static let documentsMirror = "/work/.mirror/Adyen+adyen-openapi/repo"
    static let mocksMirror = "/work/.mirror/Adyen+adyen-java-api-library/repo"
    static let wholeCorpus = ProcessInfo.processInfo.environment["VALUEGEN_ADYEN_CORPUS"] == "1"
        && FileManager.default.fileExists(atPath: documentsMirror) && FileManager.default.fileExists(atPath: mocksMirror)

    @Test func theCommittedRecordedResponsesReadAsJSONDecoderReadsThemAndRoundTrip() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let recorded = Self.fixtures.appendingPathComponent("Recorded")
        let rows = try RecordedResponse.table(recorded.appendingPathComponent("mocks.tsv"))
        #expect(rows.count == 13)
        let documents = ["CheckoutService-v71-responses-excerpt.json": Self.fixtures.appendingPathComponent("CheckoutService-v71-responses-excerpt.json")]
        let run = try RecordedResponse.verify(rows, documents: documents, mocks: recorded, in: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("same ") }.count == rows.count, "\(run.standardOutput)")
    }

    /// Every mock of Adyen's Java SDK that `map-mocks.py` maps to a component
    /// (Fixtures/Import/Adyen/java-sdk-mocks.tsv), with the whole documents from the mirror.
    @Test(.enabled(if: wholeCorpus, "skipped: set VALUEGEN_ADYEN_CORPUS=1, with Adyen/adyen-openapi and Adyen/adyen-java-api-library mirrored under /work/.mirror"))
    func everyMappedRecordedResponseOfAdyensSDKReadsAsJSONDecoderReadsItAndRoundTrips() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = try RecordedResponse.table(Self.fixtures.appendingPathComponent("java-sdk-mocks.tsv"))
        var documents: [String: URL] = [:]
        for name in Set(rows.map(\.document)) {
            let show = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "--git-dir", Self.documentsMirror, "show", "HEAD:json/\(name)"])
            try #require(show.status == 0, "\(show.standardError)")
            documents[name] = folder.appendingPathComponent("documents/\(name)")
            try TestSupport.write(show.standardOutput, to: documents[name]!)
        }
        let mocks = folder.appendingPathComponent("mocks")
        try FileManager.default.createDirectory(at: mocks, withIntermediateDirectories: true)
        let archive = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "git --git-dir \(Self.mocksMirror) archive HEAD src/test/resources/mocks | tar -x -C \(mocks.path) --strip-components=4"])
        try #require(archive.status == 0, "\(archive.standardError)")
        let run = try RecordedResponse.verify(rows, documents: documents, mocks: mocks, in: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let same = run.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("same ") }
        #expect(same.count == rows.count, "\(run.standardOutput)")
        print("\(same.count) recorded responses of \(documents.count) documents read the same with the fast reader and JSONDecoder and round trip")
    }
}

/// Imports documents, generates each as a module of its own (JSON and Coding), and compiles a
/// program that reads mocks with both readers.
enum RecordedResponse {
    struct Row {
        var mock: String
        var document: String
        var component: String
    }

    /// The rows of a table `map-mocks.py` printed that name a component.
    static func table(_ url: URL) throws -> [Row] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, fields[1] != "-" else { return nil }
            return Row(mock: fields[0], document: fields[1], component: fields[2])
        }
    }

    /// A module name for a document: `CheckoutService-v71.json` → `CheckoutService_v71`.
    static func moduleName(_ document: String) -> String {
        String(document.replacingOccurrences(of: ".json", with: "").map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Builds the program and runs it on `mocks`: it prints `same MOCK` for each row that holds,
    /// and a reason for each that does not, exiting 1 then.
    static func verify(_ rows: [Row], documents: [String: URL], mocks: URL, in folder: URL) throws -> ProcessResult {
        let runtime = try SharedRuntime.folder()
        // The documents' modules, beside the shared runtime, which nothing may write into.
        let modules = folder.appendingPathComponent("Modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        var typeNames: [String: [String: String]] = [:]
        for (name, url) in documents.sorted(by: { $0.key < $1.key }) {
            let module = moduleName(name)
            let result = try OpenAPIImport.run(document: Array(try Data(contentsOf: url)), path: url.path)
            typeNames[name] = result.typeNames
            let schemas = folder.appendingPathComponent("schemas/\(module)")
            for file in result.files {
                try TestSupport.write(String(decoding: file.bytes, as: UTF8.self), to: schemas.appendingPathComponent(file.name))
            }
            let generated = folder.appendingPathComponent("generated/\(module)")
            let report = GenerationRun().run(GenerationOptions(inputs: [schemas.path], outputDirectory: generated.path, includes: ["Coding"]))
            guard report.exitCode == 0, report.diagnostics.isEmpty else { throw TestFailure("\(name) does not generate: \(report.diagnostics.map(\.description))") }
            try TestSupport.compileModule(generated, named: module, linking: runtime, into: modules)
        }
        var checks: [String] = []
        for row in rows {
            guard let typeName = typeNames[row.document]?[row.component] else { throw TestFailure("\(row.document) has no type for the component \(row.component)") }
            checks.append("compare(\(moduleName(row.document)).\(typeName).self, \(swiftLiteral(row.mock)))")
        }
        let main = folder.appendingPathComponent("Driver/main.swift")
        try TestSupport.write(driver(importing: documents.keys.sorted().map(moduleName), checks: checks), to: main)
        let program = folder.appendingPathComponent("RecordedResponses")
        try TestSupport.compileProgram([main.path], importing: documents.keys.sorted().map(moduleName), from: modules, linking: runtime, to: program)
        return try runProcess(program, [mocks.path])
    }

    static func swiftLiteral(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func driver(importing modules: [String], checks: [String]) -> String {
        """
        import Foundation
        import ValuegenRuntime
        \(modules.map { "import \($0)" }.joined(separator: "\n"))

        nonisolated(unsafe) var failures = 0

        func fail(_ mock: String, _ reason: String) {
            print("FAILED \\(mock): \\(reason)")
            failures += 1
        }

        /// Reads the mock with the fast reader and with JSONDecoder, and writes and reads back
        /// what each read.
        func compare<T: JSONCodable & Codable & Equatable>(_ type: T.Type, _ mock: String) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]).appendingPathComponent(mock))
                let fast = try T(jsonData: data)
                let foundation = try JSONDecoder().decode(T.self, from: data)
                guard fast == foundation else { return fail(mock, "the fast reader read\\n\\(fast)\\nJSONDecoder read\\n\\(foundation)") }
                let again = try T(jsonData: fast.jsonData())
                guard again == fast else { return fail(mock, "the fast writer wrote \\(String(decoding: fast.jsonData(), as: UTF8.self)), read back as\\n\\(again)") }
                let encoded = try JSONEncoder().encode(foundation)
                let foundationAgain = try JSONDecoder().decode(T.self, from: encoded)
                guard foundationAgain == foundation else { return fail(mock, "JSONEncoder wrote \\(String(decoding: encoded, as: UTF8.self)), read back as\\n\\(foundationAgain)") }
                print("same \\(mock)")
            } catch {
                fail(mock, "\\(error)")
            }
        }

        \(checks.joined(separator: "\n"))
        exit(failures == 0 ? 0 : 1)

        """
    }
}
