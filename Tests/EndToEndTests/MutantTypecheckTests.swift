import Foundation
import Testing
import ValuegenCore

/// Whatever valuegen accepts compiles. The examples' module is edited the way users edit
/// schemas — a typo in a type name, an attribute named like a generated member, includes
/// changed, a default of another type, a type duplicated or renamed, a file deleted — in
/// a few hundred mutants from a fixed seed. Each mutant valuegen accepts without an error
/// must typecheck; one that does not is a mistake valuegen should report at the schema's line.
@Suite struct MutantTypecheckTests {
    static let seed: UInt64 = 0x5EED_2026
    static let mutantCount = 300
    /// As Fixtures/Examples/valuegen.json says.
    static let settings = GenerationSettings(defaultIncludes: ["JSON", "Binary"])

    @Test func everyMutantOfTheExamplesThatValuegenAcceptsTypechecks() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let module = try Self.exampleModule()
        let baseline = try #require(Self.generate(module), "the unmutated examples have errors")

        var mutator = SchemaMutator(seed: Self.seed)
        let mutants = (1...Self.mutantCount).map { mutator.mutant(number: $0, of: module) }
        let outputs = try parallelMap(mutants) { Self.generate($0.files) }
        let accepted = zip(mutants, outputs).compactMap { mutant, outputs in outputs.map { (mutant, $0) } }
        let generated = clock.now

        // Mutants with the same outputs are checked once.
        var representative: [[String: String]: Int] = [:]
        var subjects: [MutantBatchTypechecker.Subject] = []
        for (mutant, files) in accepted where representative[files] == nil {
            representative[files] = mutant.number
            subjects.append(MutantBatchTypechecker.Subject(id: mutant.number, outputs: files))
        }

        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let checker = MutantBatchTypechecker(
            typechecker: try SwiftTypechecker.locatingRuntime(scratch: folder),
            baseline: baseline,
            folder: folder,
            standardNames: Set(SchemaMutator.standardTypeNames)
        )
        let baselineErrors = try checker.checkBaseline()
        try #require(baselineErrors.isEmpty, "the unmutated examples do not typecheck:\n\(baselineErrors.map(\.description).joined(separator: "\n"))")
        let verdicts = try checker.check(subjects)

        var failures: [(mutant: SchemaMutant, errors: [CompilerDiagnostic])] = []
        // Outside the promise: a default written as a Swift expression of the wrong type.
        var expressionDefaults: [Int] = []
        for (mutant, files) in accepted {
            let verdict = try #require(verdicts[representative[files]!])
            guard !verdict.errors.isEmpty else { continue }
            if mutant.edits.contains(where: \.writesExpressionDefault) {
                expressionDefaults.append(mutant.number)
            } else {
                failures.append((mutant, verdict.errors))
            }
        }
        let alone = verdicts.values.filter(\.checkedAlone).count
        let disagreements = verdicts.filter(\.value.batchDisagreed).map(\.key).sorted()
        print("""
            MutantTypecheckTests: \(mutants.count) mutants, \(accepted.count) accepted by valuegen (\(subjects.count) distinct outputs), \
            \(accepted.count - failures.count - expressionDefaults.count) typecheck, \(failures.count) do not, \
            \(expressionDefaults.count) do not because a default is a Swift expression of another type (mutants \(expressionDefaults); \
            swiftc's to report, as docs/Language.md says); \(alone) checked alone; \
            generated in \(Self.seconds(generated - start)) s, typechecked in \(Self.seconds(clock.now - generated)) s
            """)
        var acceptedByKind: [String: (accepted: Int, all: Int)] = [:]
        for (mutant, files) in zip(mutants, outputs) {
            for kind in Set(mutant.edits.map(\.kind.rawValue)) {
                acceptedByKind[kind, default: (0, 0)].all += 1
                if files != nil { acceptedByKind[kind, default: (0, 0)].accepted += 1 }
            }
        }
        print("MutantTypecheckTests: accepted of each mutation kind: \(acceptedByKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.accepted)/\($0.value.all)" }.joined(separator: ", "))")
        #expect(disagreements.isEmpty, "mutants \(disagreements) had errors in the batch but none alone: the batching is wrong")

        guard !failures.isEmpty else { return }
        var byKind: [String: Int] = [:]
        for failure in failures {
            for kind in Set(failure.mutant.edits.map(\.kind.rawValue)) { byKind[kind, default: 0] += 1 }
        }
        print("MutantTypecheckTests: accepted but not compiling, by mutation kind: \(byKind.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        let report = failures.map { failure in
            let edits = failure.mutant.edits.map { edit in
                "  \(edit.kind.rawValue) in \(edit.path): \(edit.summary)" + (edit.snippet.isEmpty ? "" : "\n" + edit.snippet.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            let errors = failure.errors.prefix(3).map { "  swiftc: \($0)" }
            return (["mutant \(failure.mutant.number):"] + edits + errors).joined(separator: "\n")
        }
        Issue.record("""
            \(failures.count) of \(accepted.count) mutants valuegen accepts do not typecheck (seed \(Self.seed)):
            \(report.joined(separator: "\n\n"))
            """)
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// The examples' schema files, with paths relative to Fixtures/Examples.
    static func exampleModule() throws -> [SchemaText] {
        let paths = try TestSupport.files(in: TestSupport.examplesFolder).filter { SchemaSource(path: $0, bytes: []).kind != nil }
        return try paths.map { path in
            SchemaText(path: path, text: try String(contentsOf: TestSupport.examplesFolder.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The generated Swift files by name, or nil when valuegen reports an error.
    @Sendable static func generate(_ files: [SchemaText]) -> [String: String]? {
        var generated = GeneratorPipeline().generate(module: files.map { SchemaSource(path: $0.path, text: $0.text) }, settings: settings, swiftTypeNames: [])
        // What the files declare once for the module (the builders' error type) is compiled with them.
        let support = GeneratorPipeline.moduleSupportFile(for: &generated)
        var outputs: [String: String] = [:]
        for file in generated {
            guard !file.hasErrors, let contents = file.contents else { return nil }
            outputs[file.source.outputFileName] = contents
        }
        outputs["ValuegenModuleSupport.swift"] = support
        return outputs
    }
}
