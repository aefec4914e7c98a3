import Foundation
import Testing
import ValuegenCore

/// The Dictionary feature compiled and run beside JSON: values (legacy keys, defaults, date
/// styles, lenient integers, transient attributes, the standard types), an object, and every ADT
/// representation with unknown cases. The driver checks round trips in memory and through binary
/// property lists, that JSONSerialization writes each tree as the JSON feature writes the value,
/// that Foundation's trees of that JSON read back, and the key paths of errors.
@Suite struct DictionaryCompileTests {
    @Test func dictionariesRoundTripThroughPropertyListsAndAgreeWithJSON() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(#"{"defaultIncludes": ["JSON", "Dictionary"]}"#, to: models.appendingPathComponent("valuegen.json"))
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
          %nullable
          %singleAttributeSubtype attributeType="NSString *"
          Caption
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
        Address {
          street: String
          %codingKey name="zip code"
          %codingLegacyKey name=zip
          %codingLegacyKey name=postcode
          zipCode: String = "00000"
        }
        """, to: models.appendingPathComponent("Address.value"))
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
        try TestSupport.write("""
        Profile includes(With) {
          %codingLegacyKey name=user_name
          name: String
          age: Int8
          score: Double = 1.5
          tags: Set<String> = []
          scores: [String: Double] = [:]
          home: Address?
          addresses: [Address] = []
          website: URL?
          identifier: UUID?
          avatar: Data?
          seen: Date?
          flags: [Bool] = []
          small: UInt16 = 0
        }
        """, to: models.appendingPathComponent("Profile.value"))
        try TestSupport.write("""
        Counter {
          count: Int = 0
          label: String?
        }
        """, to: models.appendingPathComponent("Counter.object"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")
        let run = try TestSupport.runDriver("DictionaryDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }
}
