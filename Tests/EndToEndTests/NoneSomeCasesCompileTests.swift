import Foundation
import Testing
import ValuegenCore

/// ADT cases named `none` and `some` (subtypes `None` and `Some`) are the ADT's own, never
/// `Optional`'s: in every representation (a bare string, internally, externally and adjacently
/// tagged, untagged), with a payload and without, with an unknown case and without, and with
/// the unknown case itself named `None`, the code that JSON (`"optimizeFor"` speed and
/// codeSize), Coding, Binary and Dictionary (tagged ADTs) generate compiles with warnings as errors (Swift
/// warns where `.none` assigned to an optional means its nil) and reads every document of each
/// case back to that case (Drivers/NoneSomeCasesDriver.swift).
@Suite struct NoneSomeCasesCompileTests {
    /// Three ADTs in a tagged representation: `None` plain and `Some` holding a value; `None`
    /// with members, `Some` plain and an unknown case; the unknown case named `None`.
    static func tagged(_ representation: String) -> [String: String] {
        let prefix = representation.prefix(1).uppercased() + representation.dropFirst()
        return [
            "\(prefix)Plain.adtValue": """
            %coding representation=\(representation)
            \(prefix)Plain {
              None
              %singleAttributeSubtype attributeType=Int
              Some
              Pair {
                first: Int
                second: String?
              }
            }
            """,
            "\(prefix)Payload.adtValue": """
            %coding representation=\(representation)
            \(prefix)Payload {
              None {
                reason: String
              }
              Some
              %unknownCase
              Unrecognized
            }
            """,
            "\(prefix)UnknownNone.adtValue": """
            %coding representation=\(representation)
            \(prefix)UnknownNone {
              %singleAttributeSubtype attributeType=String
              Some
              All
              %unknownCase
              None
            }
            """,
        ]
    }

    static let schemas: [String: String] = {
        var schemas = tagged("internal").merging(tagged("external")) { $1 }.merging(tagged("adjacent")) { $1 }
        // Plain enumerations, bare strings.
        schemas["Presence.adtValue"] = "Presence {\n  None\n  Some\n  All\n}\n"
        schemas["PresenceKept.adtValue"] = "PresenceKept {\n  None\n  Some\n  %unknownCase\n  Unrecognized\n}\n"
        schemas["PresenceOrNone.adtValue"] = "PresenceOrNone {\n  Some\n  All\n  %unknownCase\n  None\n}\n"
        // Untagged: every case has a payload; Dictionary codes only tagged ADTs.
        schemas["Loose.adtValue"] = """
            %coding representation=untagged
            Loose excludes(Dictionary) {
              %singleAttributeSubtype attributeType=Int
              Some
              None {
                reason: String
              }
            }
            """
        schemas["LooseText.adtValue"] = """
            %coding representation=untagged
            LooseText excludes(Dictionary) {
              %singleAttributeSubtype attributeType=String
              None
              Some {
                value: Int
              }
            }
            """
        return schemas
    }()

    @Test(arguments: ["speed", "codeSize"])
    func casesNamedNoneAndSomeCompileAndReadBackThroughEveryFeature(optimizeFor: String) throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = #"{"defaultIncludes": ["JSON", "Coding", "Binary", "Dictionary"], "optimizeFor": "\#(optimizeFor)"}"#
        let generated = try OptimizeForCodeSizeCompileTests.generate(Self.schemas, configuration: configuration, in: folder)
        let texts = try OptimizeForCodeSizeCompileTests.texts(generated)
        for name in Self.schemas.keys {
            let file = (name as NSString).deletingPathExtension + ".swift"
            let text = try #require(texts[file])
            let assignments = Self.optionalLookingAssignments(in: text)
            #expect(assignments.isEmpty, "\(file) assigns .none or .some(…) to something other than self: \(assignments)")
        }
        // The externally tagged readers assign the case to their optional result: as Self's.
        #expect(texts["ExternalPlain.swift"]?.contains("result = Self.none\n") == true)
        #expect(texts["ExternalPlain.swift"]?.contains("result = Self.`some`(") == true)
        #expect(texts["ExternalPayload.swift"]?.contains("result = Self.none(") == true)
        #expect(texts["ExternalUnknownNone.swift"]?.contains("result = Self.none(") == true)

        // Compiled with warnings as errors (TestSupport.compileProgram), then run.
        let run = try TestSupport.runDriver("NoneSomeCasesDriver", with: generated, scratch: folder)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
    }

    /// The lines that assign `.none` or `.some…` (with backticks or without) to anything but
    /// `self`, which is no optional: to an optional, Swift takes them for the optional's own.
    static func optionalLookingAssignments(in text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            guard let assignment = line.firstMatch(of: /(\S+) = \.`?(none|some)\b/) else { return false }
            return assignment.output.1 != "self"
        }
    }
}
