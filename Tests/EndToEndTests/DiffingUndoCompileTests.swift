import Foundation
import Testing
import ValuegenCore

/// Diffing and Undo, compiled in the Swift 6 language mode with warnings as errors and run
/// with Drivers/DiffingUndoDriver.swift: values, ADTs and objects with attributes named like
/// keywords (`default`, `Type`), like Swift types (`Set`), like the generated code's
/// parameters and locals (`other`, `changed`, `new0`, `old0`, `registrar`, `old`), all
/// generated without an error and compiled without a warning (an attribute named like
/// `CaseIterable`'s `allCases` is an error at the schema: MemberCollisionTests);
/// then diffs, undo, redo, groups, vetoes, the limit and the objects' lifetimes checked.
@Suite struct DiffingUndoCompileTests {
    static let schemas = [
        SchemaSource(path: "Models/Point.value", text: """
            Point includes(Diffing) {
              x: Int
              y: Int
              %skipEquality
              label: String = ""
            }

            Names includes(Diffing) {
              default: Int
              Type: Int
              Set: Int
              other: Int
              changed: Int
              new0: Int
            }

            Blank includes(Diffing) {
              %skipEquality
              note: String = ""
            }
            """),
        SchemaSource(path: "Models/Shape.adtValue", text: """
            Shape includes(Diffing) {
              Circle { center: Point  radius: Double }
              Rect {
                origin: Point
                size: Double
                %skipEquality
                note: String = ""
              }
              %singleAttributeSubtype attributeType="Int"
              Tag
              Empty
              Default { default: Int  new0: Int  old0: Int  changed: Int }
            }
            """),
        SchemaSource(path: "Models/Document.object", text: """
            Document includes(Diffing, Undo) {
              title: String = ""
              pageCount: Int = 0
              registrar: Int = 0
              old: Int = 0
              default: Int = 0
            }
            """),
    ]

    @Test func diffingAndUndoCompileAndBehaveAsSpecified() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = folder.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)

        let files = GeneratorPipeline().generate(module: Self.schemas, settings: GenerationSettings(), swiftTypeNames: [])
        for file in files {
            #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
            let contents = try #require(file.contents)
            let baseName = file.source.path.split(separator: "/").last!.split(separator: ".")[0]
            try TestSupport.write(contents, to: generated.appendingPathComponent("\(baseName).swift"))
        }

        let run = try TestSupport.runDriver("DiffingUndoDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
