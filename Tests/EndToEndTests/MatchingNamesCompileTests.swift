import Foundation
import Testing
import ValuegenCore

/// Matching's `match(...)` needs no entry in GeneratedMembers: no case, payload or payload
/// type name collides with it. These are the names that would, were the generated code
/// naive — a case named `match` or `default`, a payload value named like its own case, a
/// single payload of a case named `value`, a payload typed `Result` — and the generated file
/// and a caller of each closure typecheck without a diagnostic.
@Suite struct MatchingNamesCompileTests {
    @Test func namesThatCouldCollideWithMatchCompile() throws {
        let schema = """
            %type name=Result sendable=true
            %type name=Never sendable=true
            Job includes(Matching) {
              Photo { photo: Int  photo2: String }
              Finished { outcome: Result<Int, Never> }
              %singleAttributeSubtype attributeType="Job"
              Value
              Default { default: Bool }
              Match { value: Int  match: String }
              Result
            }
            """
        let file = GeneratorPipeline().generate(module: [SchemaSource(path: "Models/Job.adtValue", text: schema)], settings: GenerationSettings(), swiftTypeNames: [])[0]
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let contents = try #require(file.contents)
        #expect(contents.contains("public func match<MatchResult>("), "a payload typed Result renames the generic parameter")

        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Job.swift")
        let caller = folder.appendingPathComponent("Caller.swift")
        try TestSupport.write(contents, to: generated)
        try TestSupport.write("""
            func describe(_ job: Job) throws -> String {
                try job.match(
                    photo: { photo, photo2 in "\\(photo) \\(photo2)" },
                    finished: { outcome in "\\(outcome)" },
                    value: { inner in inner.match(photo: { _, _ in "" }, finished: { _ in "" }, value: { _ in "" }, default: { _ in "" }, match: { _, _ in "" }, result: { "" }) },
                    default: { flag in flag ? "yes" : "no" },
                    match: { value, match in "\\(value) \\(match)" },
                    result: { throw CancellationError() }
                )
            }
            """, to: caller)
        let typechecker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let diagnostics = try typechecker.typecheck(primaries: [generated.path, caller.path], bodies: true)
        #expect(diagnostics.map(\.description) == [])
    }
}
