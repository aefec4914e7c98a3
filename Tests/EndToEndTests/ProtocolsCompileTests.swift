import Foundation
import Testing
import ValuegenCore

/// Model protocols compiled and run (Drivers/ProtocolsDriver.swift): a protocol declared in an
/// ADT's file with a `%type` of another module and a `%range` rule, another beside a value;
/// a value with `%storage indirect` restating an adopted attribute, and an object with Undo and
/// Diffing, adopting both across files. The adopting files import what the protocol's file
/// imports (Dispatch), the rule validates in both, and generic code works over the protocols.
@Suite struct ProtocolsCompileTests {
    static let schemas: [(name: String, text: String)] = [
        ("Shapes.adtValue", """
        %type name=DispatchTimeInterval library=Dispatch sendable=true
        # Something with a size; declared in an ADT's file.
        protocol Sized {
          %range min=0
          size: Int
          timeout: DispatchTimeInterval?
        }
        Shape {
          Circle { radius: Double }
        }

        """),
        ("Box.value", """
        %storage indirect
        Box: Sized, Labelled includes(With, Builder) excludes(Equality) {
          # Restated: a default of its own.
          label: String = "box"
          contents: [String] = []
        }
        protocol Labelled {
          label: String
        }

        """),
        ("Crate.object", """
        Crate: Labelled, Sized includes(Undo, Diffing) {
        }

        """),
    ]

    @Test func adoptingTypesCompileAndBehaveAcrossFiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        for schema in Self.schemas {
            try TestSupport.write(schema.text, to: models.appendingPathComponent(schema.name))
        }
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let box = try String(contentsOf: generated.appendingPathComponent("Box.swift"), encoding: .utf8)
        #expect(box.contains("import Dispatch\n"))
        #expect(box.contains("public struct Box: Sized, Labelled {\n"))
        let run = try TestSupport.runDriver("ProtocolsDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
    }
}
