import Foundation
import Testing
import ValuegenCore

/// `"optimizeFor": "codeSize"` changes how the JSON readers find their members (a table in
/// the runtime, `JSONMemberNames`, and a `switch` over the index), never what they read or
/// what the writers write: the same schemas generated both ways, compiled into two modules of
/// one program, read every document to the same value and write the same bytes, or fail with
/// the same error at the same byte and path, and so do thousands of variants of those
/// documents (Drivers/OptimizeForDriver.swift).
@Suite struct OptimizeForCodeSizeCompileTests {
    /// Values with every kind of attribute, an object, every ADT representation, nesting.
    static let schemas: [String: String] = [
        "Profile.value": """
        Profile {
          id: Int
          name: String
          nickname: String?
          %codingKey name="zip code"
          %codingLegacyKey name="zip"
          %codingLegacyKey name="postalCode"
          zipCode: String = "00000"
          %codingKey name="e-mail"
          %codingLegacyKey name="mail"
          email: String
          note: String? = "none"
          score: Double = 1.5
          tags: [String] = []
          home: Address?
          history: [Address]
          counts: [String: Int] = [:]
          %codingKey name="naïve"
          naive: Bool?
          %codingKey name="名前"
          localName: String?
          %codingKey name="a_rather_long_key_of_many_bytes"
          longKey: Int?
          %codingKey name="say \\"hi\\"\\\\now"
          quoted: String?
          %codingKey name="c\u{327}\u{301}"
          marks: Int?
          %transient
          cache: String = "empty"
        }
        """,
        "Address.value": """
        %codingKeys style=snake_case
        Address {
          streetName: String
          city: String = "Paris"
          postalLines: [String]?
        }
        """,
        "Card.value": """
        Card {
          number: String
          cvc: String?
          holder: String = "unknown"
        }
        """,
        "Settings.object": """
        Settings {
          theme: String = "light"
          fontSize: Int
          muted: Bool?
          home: Address?
        }
        """,
        "Shape.adtValue": """
        # Internally tagged, with members only one case has: read by a guess until the tag comes.
        Shape {
          Circle {
            radius: Double
          }
          Rect {
            width: Double
            height: Double = 1
          }
          %singleAttributeSubtype attributeType=Address
          Place
          Point
          %unknownCase
          Other
        }
        """,
        "Event.adtValue": """
        # Internally tagged, every case with the same members: nothing to guess from.
        %coding discriminator=kind
        Event {
          Opened {
            at: Int
            by: String?
          }
          Closed {
            at: Int
            by: String?
          }
          Reset
        }
        """,
        "Media.adtValue": """
        # Externally tagged: the tag of a case with payload is a member's key, matched byte for
        # byte whatever the representation (a key that is canonically equivalent to it, its
        # bytes other, is another key).
        %coding representation=external
        Media {
          Image {
            url: String
            width: Int = 0
          }
          %caseKey name="clich\u{E9}"
          Still {
            url: String
          }
          %singleAttributeSubtype attributeType=Int
          Count
          Nothing
          %unknownCase
          Unrecognized
        }
        """,
        "Figure.adtValue": """
        %coding representation=adjacent discriminator=kind content=data
        Figure {
          %caseKey name=CIRCLE
          Circle {
            radius: Double
          }
          Square {
            side: Double
            %codingLegacyKey name=length
            label: String?
          }
          %singleAttributeSubtype attributeType=String
          Label
          Empty
          %unknownCase
          Other
        }
        """,
        "Expandable.adtValue": """
        %coding representation=untagged
        Expandable {
          %singleAttributeSubtype attributeType=String
          Id
          Customer {
            id: String
            name: String
            tier: Int = 0
          }
          %singleAttributeSubtype attributeType="[Int]"
          Numbers
        }
        """,
        "PaymentMethod.adtValue": """
        %coding representation=internal payloads=flattened
        PaymentMethod {
          %singleAttributeSubtype attributeType=Card
          Card
          Voucher {
            %codingLegacyKey name=voucherCode
            code: String
          }
          Cash
          %unknownCase
          Other
        }
        """,
        "Status.adtValue": """
        # A plain ADT: a string, its tag, matched as Swift compares strings (a tag canonically
        # equivalent to "café", "cafe" and a combining acute accent, is café). Any other tag is kept.
        Status {
          Active
          %caseKey name="caf\u{E9}"
          Cafe
          %caseKey name=PAST_DUE
          PastDue
          %unknownCase
          Other
        }
        """,
        "Level.adtValue": """
        # A plain ADT without an unknown case: any other tag is an error. "K" is also the
        # Kelvin sign (U+212A), and "Å" (U+00C5) the Angstrom sign (U+212B) or A and a ring above.
        Level {
          %caseKey name=K
          Kelvin
          %caseKey name="na\u{EF}ve"
          Naive
          %caseKey name="\u{C5}"
          Angstrom
          Low
        }
        """,
        "Order.value": """
        Order {
          profile: Profile
          shapes: [Shape]
          event: Event?
          media: [Media] = []
          figure: Figure
          customer: Expandable
          methods: [PaymentMethod]
          settings: Settings?
          status: Status?
          levels: [Level] = []
        }
        """,
    ]

    static let speed = #"{"defaultIncludes": ["JSON"]}"#
    static let codeSize = #"{"defaultIncludes": ["JSON"], "optimizeFor": "codeSize"}"#

    @Test func codeSizeReadsAndWritesExactlyWhatSpeedDoes() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speed = try Self.generate(Self.schemas, configuration: Self.speed, in: folder.appendingPathComponent("speed"))
        let codeSize = try Self.generate(Self.schemas, configuration: Self.codeSize, in: folder.appendingPathComponent("codeSize"))

        // The new shape, so that the comparison compares two shapes: a table wherever members
        // are read, of values and objects and of the cases of every representation, and one
        // of the tags of every tagged ADT (the untagged Expandable has none).
        let speedTexts = try Self.texts(speed)
        let speedText = speedTexts.values.joined()
        let codeSizeTexts = try Self.texts(codeSize)
        #expect(!speedText.contains("JSONMemberNames"))
        #expect(!speedText.contains("JSONTags"))
        let plain: Set = ["Status.adtValue", "Level.adtValue"]
        for name in Self.schemas.keys {
            let file = (name as NSString).deletingPathExtension + ".swift"
            let text = codeSizeTexts[file] ?? ""
            if !plain.contains(name) {
                #expect(text.contains("enum JSONMembers {\n"), "\(file) reads its members through a table")
            }
            if name.hasSuffix(".adtValue") && name != "Expandable.adtValue" {
                #expect(text.contains("enum JSONTags {\n"), "\(file) finds its tags in a table")
                #expect(!text.contains("switch tag {"), "\(file) has no switch over the tag's literals left")
                #expect(speedTexts[file]?.contains("switch tag {") == true, "\(file) as speed switches over literals")
            }
        }
        let codeSizeText = codeSizeTexts.values.joined()
        // Values and the object (5), Media's two cases with members, Figure's two cases,
        // Expandable.customer and PaymentMethod.voucher read objects; Shape's three cases and
        // Event's two, case members.
        #expect(codeSizeText.components(separatedBy: "try reader.readObject(JSONMembers.names)").count - 1 == 11)
        #expect(codeSizeText.components(separatedBy: "try reader.readCaseMembers(JSONMembers.names)").count - 1 == 5)
        // The tags: Media's bare and its members', Figure's without content and with it, one
        // each for Shape, Event, PaymentMethod, Status and Level.
        #expect(codeSizeText.components(separatedBy: "enum JSONTags {").count - 1 == 9)
        #expect(codeSizeText.components(separatedBy: "switch JSONTags.names.index(of: tag) ?? -1 {").count - 1 == 9)
        #expect(codeSizeTexts["Shape.swift"]?.contains("guessingFrom:") == true)
        #expect(codeSizeTexts["Event.swift"]?.contains("guessingFrom:") == false)

        let runtime = try SharedRuntime.folder()
        let modules = folder.appendingPathComponent("Modules")
        try TestSupport.compileModule(speed, named: "SpeedModels", linking: runtime, into: modules)
        try TestSupport.compileModule(codeSize, named: "SizeModels", linking: runtime, into: modules)
        let drivers = TestSupport.repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Drivers")
        let program = folder.appendingPathComponent("Program")
        try FileManager.default.createDirectory(at: program, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: drivers.appendingPathComponent("OptimizeForDriver.swift"), to: program.appendingPathComponent("main.swift"))
        try FileManager.default.copyItem(at: drivers.appendingPathComponent("DriverChecks.swift"), to: program.appendingPathComponent("DriverChecks.swift"))
        let executable = folder.appendingPathComponent("OptimizeFor")
        try TestSupport.compileProgram(["main.swift", "DriverChecks.swift"].map { program.appendingPathComponent($0).path },
                                       importing: ["SpeedModels", "SizeModels"], from: modules, linking: runtime, to: executable)
        let run = try runProcess(executable, [])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("all checks passed\n"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("FAIL"), "\(run.standardOutput)")
        // Many documents of both outcomes were read.
        let counts = try #require(run.standardOutput.split(separator: "\n").first { $0.hasSuffix(" errors read alike") })
        let numbers = counts.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers.allSatisfy { $0 > 50 }, "\(counts)")
        // And 40 variants of each (an escape, a byte left out or doubled, a space).
        let variants = try #require(run.standardOutput.split(separator: "\n").first { $0.hasSuffix(" variants read alike") })
        #expect((Int(variants.prefix { $0 != " " }) ?? 0) > 4_000, "\(variants)")
    }

    /// codeSize changes the readers only: with them left out, both files are the same.
    @Test func codeSizeChangesNothingButTheReaders() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let speed = try Self.texts(try Self.generate(Self.schemas, configuration: Self.speed, in: folder.appendingPathComponent("speed")))
        let codeSize = try Self.texts(try Self.generate(Self.schemas, configuration: Self.codeSize, in: folder.appendingPathComponent("codeSize")))
        #expect(speed.keys.sorted() == codeSize.keys.sorted())
        for (name, text) in speed {
            let other = try #require(codeSize[name])
            #expect(text != other || !text.contains("JSONReader"), "\(name) differs where it reads")
            #expect(Self.withoutReaders(text) == Self.withoutReaders(other), "\(name)")
        }
    }

    /// `"optimizeFor": "speed"` is the default, written out: the same bytes as no key.
    @Test func speedIsWhatNoKeyGives() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unsaid = try Self.texts(try Self.generate(Self.schemas, configuration: Self.speed, in: folder.appendingPathComponent("unsaid")))
        let said = try Self.texts(try Self.generate(Self.schemas, configuration: #"{"defaultIncludes": ["JSON"], "optimizeFor": "speed"}"#, in: folder.appendingPathComponent("said")))
        #expect(said == unsaid)
    }

    /// The table is a local type, `JSONMembers`: where a type the reader names or a local it
    /// declares is called that, it takes another name, and the code compiles. So does the table
    /// of an ADT's tags, `JSONTags`, where a case holds a type of that name, and so it does
    /// where a type is called `JSONMemberNames`, the runtime's table.
    @Test func typesAndAttributesNamedLikeTheTableStillCompile() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try Self.generate([
            "JSONMembers.value": "JSONMembers {\n  a: Int = 1\n}\n",
            "JSONMemberNames.value": "JSONMemberNames {\n  names: [String]\n}\n",
            "JSONTags.value": "JSONTags {\n  names: [String] = []\n}\n",
            "Holder.value": """
            Holder {
              members: JSONMembers
              list: [JSONMembers]?
              byName: [String: JSONMembers] = [:]
              table: JSONMemberNames?
            }
            """,
            "Named.value": "Named {\n  JSONMembers: Int?\n  names: Int = 0\n}\n",
            "Choice.adtValue": """
            Choice {
              One {
                members: JSONMembers
              }
              %singleAttributeSubtype attributeType=JSONMembers
              Two
              Three {
                JSONMembers: String
                JSONTags: Int?
              }
              Four {
                size: Int
              }
              %singleAttributeSubtype attributeType=JSONTags
              Five
            }
            """,
            "Labels.adtValue": """
            %coding representation=external
            Labels {
              Many {
                tags: [String: JSONTags]
              }
              Empty
            }
            """,
            "Plain.adtValue": "Plain {\n  JSONTags\n  Other\n}\n",
        ], configuration: Self.codeSize, in: folder)
        let texts = try Self.texts(generated)
        #expect(texts["Holder.swift"]?.contains("enum JSONMembers_ {") == true)
        #expect(texts["Named.swift"]?.contains("enum JSONMembers_ {") == true)
        #expect(texts["Choice.swift"]?.components(separatedBy: "enum JSONMembers_ {").count == 4)
        #expect(texts["Choice.swift"]?.contains("enum JSONMembers {") == true, "Four's table keeps the name")
        #expect(texts["Choice.swift"]?.contains("enum JSONTags_ {") == true)
        #expect(texts["Choice.swift"]?.contains("enum JSONTags {") == false)
        #expect(texts["Labels.swift"]?.components(separatedBy: "enum JSONTags_ {").count == 3, "its bare tag's and its members'")
        #expect(texts["Plain.swift"]?.contains("enum JSONTags {") == true, "a case's name is not a type")
        #expect(texts["Holder.swift"]?.contains("ValuegenRuntime.JSONMemberNames([") == true)
        try TestSupport.compileModule(generated, named: "Models", linking: try SharedRuntime.folder(), into: folder.appendingPathComponent("Modules"))
    }

    /// An externally tagged ADT whose cases all have payloads, and an unknown case: a bare
    /// string is only ever the unknown case, so its `switch` has no tag to look up and no
    /// table; the members' tags have one.
    @Test func aBareTagWithNoCaseToFindHasNoTable() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let generated = try Self.generate([
            "Payload.adtValue": """
            %coding representation=external
            Payload {
              %singleAttributeSubtype attributeType=Int
              Count
              Text {
                body: String
              }
              %unknownCase
              Other
            }
            """,
        ], configuration: Self.codeSize, in: folder)
        let text = try #require(try Self.texts(generated)["Payload.swift"])
        #expect(text.components(separatedBy: "enum JSONTags {").count == 2, "\(text)")
        #expect(!text.contains("JSONMemberNames([\n            ])"), "\(text)")
        #expect(text.contains("let tag = try reader.readString()\n            switch tag {\n            default:"), "\(text)")
        try TestSupport.compileModule(generated, named: "Models", linking: try SharedRuntime.folder(), into: folder.appendingPathComponent("Modules"))
    }

    // MARK: - Support

    /// Writes the schemas and the configuration into `folder`/Models, generates them into
    /// `folder`/Generated, and returns that folder.
    static func generate(_ schemas: [String: String], configuration: String, in folder: URL) throws -> URL {
        let models = folder.appendingPathComponent("Models")
        for (name, text) in schemas {
            try TestSupport.write(text, to: models.appendingPathComponent(name))
        }
        try TestSupport.write(configuration, to: models.appendingPathComponent("valuegen.json"))
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        guard report.exitCode == 0, report.diagnostics.isEmpty else { throw TestFailure("\(report.diagnostics.map(\.description)) \(report.usageErrors)") }
        return generated
    }

    /// Each generated file's text, by its name, with the models' folder (in `#sourceLocation`)
    /// left out.
    static func texts(_ generated: URL) throws -> [String: String] {
        let models = generated.deletingLastPathComponent().appendingPathComponent("Models").path
        var texts: [String: String] = [:]
        for name in try TestSupport.files(in: generated) {
            texts[name] = try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8).replacingOccurrences(of: models, with: "Models")
        }
        return texts
    }

    /// The text without the functions that take a `JSONReader`: each from its first line to
    /// the `}` at its indentation.
    static func withoutReaders(_ text: String) -> String {
        var kept: [Substring] = []
        var closing: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let end = closing {
                if line == end { closing = nil }
                continue
            }
            if line.contains("from reader: inout JSONReader") && line.hasSuffix("{") {
                closing = String(line.prefix { $0 == " " }) + "}"
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
