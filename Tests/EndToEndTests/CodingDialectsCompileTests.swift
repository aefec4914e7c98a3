import Foundation
import Testing
import ValuegenCore

/// Coding for real APIs (issue 14), compiled and run: a module with every ADT representation
/// (a bare-string plain enumeration, internally tagged with another discriminator, externally
/// and adjacently tagged with case keys), unknown cases in each, transient attributes, date
/// styles and lenient integers, generated with Coding, JSON and Binary. The driver checks that
/// Coding and JSON write the same JSON and read each other's, that unknown cases pass through
/// JSON, Coding and Binary keeping what was read, and the errors.
@Suite struct CodingDialectsCompileTests {
    @Test func everyRepresentationCodesAlikeThroughCodingJSONAndBinary() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["Coding", "JSON", "Binary"]}"#, to: models.appendingPathComponent("valuegen.json"))
        try TestSupport.write("""
        %coding representation=adjacent discriminator=kind content=data
        Shape {
          %caseKey name=CIRCLE
          Circle {
            radius: Double
          }
          Square {
            side: Double
            %transient
            cachedArea: Double = 0
          }
          %singleAttributeSubtype attributeType=String
          Label
          %nullable
          %singleAttributeSubtype attributeType="NSString *"
          Note
          Empty
          %unknownCase
          Other
        }
        """, to: models.appendingPathComponent("Shape.adtValue"))
        try TestSupport.write("""
        %coding representation=external
        Media {
          Image {
            url: String
            width: Int
          }
          %singleAttributeSubtype attributeType=Int
          Count
          Nothing
          %unknownCase
          Unrecognized
        }
        """, to: models.appendingPathComponent("Media.adtValue"))
        try TestSupport.write("""
        State {
          Open
          %caseKey name=closed_for_good
          Closed
          %unknownCase
          Other
        }
        """, to: models.appendingPathComponent("State.adtValue"))
        try TestSupport.write("""
        Priority {
          Low
          High
        }
        """, to: models.appendingPathComponent("Priority.adtValue"))
        try TestSupport.write("""
        %coding discriminator=event
        Event {
          Click {
            x: Int
            y: Int
          }
          %singleAttributeSubtype attributeType=String
          Message
          %unknownCase
          Unrecognized
        }
        """, to: models.appendingPathComponent("Event.adtValue"))
        try TestSupport.write("""
        %coding dates=secondsSince1970 lenient=true
        Record {
          id: Int
          created: Date
          %coding dates=millisecondsSince1970
          updated: Date?
          %coding dateFormat="yyyy-MM-dd"
          birthday: Date
          stamps: [Date] = []
          %transient
          cache: String = "none"
          %transient
          scratch: Int?
          state: State
          priority: Priority
          shape: Shape
          media: Media
          event: Event
        }
        """, to: models.appendingPathComponent("Record.value"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("CodingDialectsDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
