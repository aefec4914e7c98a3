import Testing
import ValuegenPluginSDK
import ValuegenCore

/// `%coding representation=untagged` (issue 23): what the resolver accepts and refuses, and the
/// code Coding and JSON write for it. What the compiled code does is CodingDialectsCompileTests'
/// part.
@Suite("Untagged ADTs")
struct UntaggedADTTests {
    /// The diagnostics of `Source`, untagged, with the subtypes `body`; RawJSON is declared.
    private func untaggedDiagnostics(_ body: String, includes: String = "") -> [String] {
        diagnostics("Models/Source.adtValue", "%type name=RawJSON library=ValuegenRuntime sendable=true\n%coding representation=untagged\nSource\(includes) {\n\(body)}\n")
    }

    @Test func isARepresentationOfItsOwn() throws {
        let (request, diagnostics) = resolve("Models/Source.adtValue", "%coding representation=untagged\nSource {\n  %singleAttributeSubtype attributeType=String\n  Id\n  Customer {\n    id: String\n  }\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.adtCoding == ADTCoding(form: .untagged))
        #expect(ADTCoding.Representation.spellings == ["string", "internal", "external", "adjacent", "untagged"])
    }

    @Test func everyCaseNeedsAPayload() {
        #expect(untaggedDiagnostics("  %singleAttributeSubtype attributeType=String\n  Id\n  Deleted\n")
            == ["Models/Source.adtValue:6:3: error: subtype 'Deleted' of 'Source' has no payload, and an untagged ADT tells its cases apart by their payloads alone; give it one, or give 'Source' a tagged representation (%coding representation=internal, external or adjacent)"])
        #expect(untaggedDiagnostics("  %singleAttributeSubtype attributeType=String\n  Id\n  Cached {\n    %transient\n    hits: Int = 0\n  }\n")
            == ["Models/Source.adtValue:6:3: error: subtype 'Cached' of 'Source' has no payload to code, and an untagged ADT tells its cases apart by their payloads alone; give it one, or give 'Source' a tagged representation (%coding representation=internal, external or adjacent)"])
    }

    @Test func hasNoTagsToNameNorToKeep() {
        #expect(diagnostics("Models/Source.adtValue", "%caseKeys style=snake_case\n%coding representation=untagged discriminator=kind content=data\nSource {\n  %caseKey name=ID\n  %singleAttributeSubtype attributeType=String\n  Id\n  %unknownCase\n  Other\n}\n") == [
            "Models/Source.adtValue:1:1: error: an untagged ADT writes no tags; remove %caseKeys from 'Source'",
            "Models/Source.adtValue:2:47: error: an untagged ADT writes no tag; remove 'discriminator=' from '%coding'",
            "Models/Source.adtValue:2:60: error: an untagged ADT writes no content key; remove 'content=' from '%coding'",
            "Models/Source.adtValue:4:3: error: an untagged ADT writes no tags; remove %caseKey from 'Id'",
            "Models/Source.adtValue:7:3: error: an untagged ADT has no tags, so none is unknown; remove %unknownCase from 'Other' (to keep any value the other cases do not fit, make the last subtype '%singleAttributeSubtype attributeType=RawJSON', with '%type name=RawJSON library=ValuegenRuntime sendable=true')",
        ])
    }

    @Test func casesOfOneTypeCannotBeToldApart() {
        #expect(untaggedDiagnostics("  %singleAttributeSubtype attributeType=String\n  Id\n  %singleAttributeSubtype attributeType=String\n  Slug\n")
            == ["Models/Source.adtValue:7:3: error: subtypes 'Id' and 'Slug' of 'Source' cannot be told apart untagged: each reads every value the other writes, so every value reads as 'Id', the first; give one of them another type, or give 'Source' a tagged representation"])
        #expect(untaggedDiagnostics("  A {\n    id: String\n    note: String?\n  }\n  B {\n    id: String\n  }\n")
            == ["Models/Source.adtValue:8:3: error: subtypes 'A' and 'B' of 'Source' cannot be told apart untagged: each reads every value the other writes, so every value reads as 'A', the first; give one of them a required attribute the other lacks, or give 'Source' a tagged representation"])
    }

    @Test func aCaseAnEarlierOneReadsIsNeverRead() {
        // B's objects always have A's "id"; A's do not have B's "name".
        #expect(untaggedDiagnostics("  A {\n    id: String\n  }\n  B {\n    id: String\n    name: String\n  }\n")
            == ["Models/Source.adtValue:7:3: error: subtype 'B' of 'Source' is never read untagged: every value it writes fits subtype 'A' before it, and the first case that fits wins; put 'B' before 'A'"])
        // An optional single value reads what a required one writes, not the other way round.
        #expect(untaggedDiagnostics("  %nullable\n  %singleAttributeSubtype attributeType=Int\n  Maybe\n  %singleAttributeSubtype attributeType=Int\n  Count\n")
            == ["Models/Source.adtValue:8:3: error: subtype 'Count' of 'Source' is never read untagged: every value it writes fits subtype 'Maybe' before it, and the first case that fits wins; put 'Count' before 'Maybe'"])
        #expect(untaggedDiagnostics("  %singleAttributeSubtype attributeType=RawJSON\n  Anything\n  %singleAttributeSubtype attributeType=Int\n  Count\n")
            == ["Models/Source.adtValue:7:3: error: subtype 'Count' of 'Source' is never read untagged: every value it writes fits subtype 'Anything' before it, and the first case that fits wins; put 'Count' before 'Anything'"])
    }

    @Test func casesThatTheirPayloadsTellApartAreFine() {
        // The more demanding case first; types, date styles and optionality that differ.
        #expect(untaggedDiagnostics("""
          %singleAttributeSubtype attributeType=String
          Id
          %singleAttributeSubtype attributeType=Int
          Number
          Full {
            id: String
            name: String
          }
          Short {
            id: String
          }
          Other {
            id: Int
          }
          Maybe {
            id: String?
            count: Int
          }
          %singleAttributeSubtype attributeType=RawJSON
          Anything

        """).isEmpty)
    }

    @Test func dictionaryCodesTaggedADTsOnly() {
        #expect(untaggedDiagnostics("  %singleAttributeSubtype attributeType=String\n  Id\n", includes: " includes(Dictionary)")
            == ["Models/Source.adtValue:2:1: error: 'Source' is untagged, and Dictionary codes only tagged ADTs; remove Dictionary from its includes (or exclude it), or give it a tagged representation"])
    }

    // MARK: - What the features write

    static let source = """
    %coding representation=untagged
    Source includes(Coding, JSON) {
      %singleAttributeSubtype attributeType=String
      Id
      Customer {
        id: String
        email: String?
      }
      %nullable
      %singleAttributeSubtype attributeType=Int
      Number
    }

    """

    @Test func codingTriesEachCaseOnTheDecoderAndWritesThePayloadAlone() throws {
        let file = generate("Models/Source.adtValue", Self.source)
        #expect(file.diagnostics.isEmpty)
        let contents = try #require(file.contents)
        #expect(contents.importLines.contains("import ValuegenRuntime"))
        #expect(contents.featureSection("Source", "Coding") == """
        extension Source: Codable {
            public init(from decoder: any Decoder) throws {
                // Untagged: the first case, in declaration order, whose payload reads from the value.
                var attempts = UntaggedDecodingAttempts()
                if let value = attempts.attempt("id", { () throws -> Self in
                    let container = try decoder.singleValueContainer()
                    return .id(try container.decode(String.self))
                }) {
                    self = value
                } else if let value = attempts.attempt("customer", { () throws -> Self in
                    let container = try decoder.container(keyedBy: ValuegenCodingKey.self)
                    return .customer(
                        id: try container.decode(String.self, forKey: ValuegenCodingKey("id")),
                        email: try container.decodeIfPresent(String.self, forKey: ValuegenCodingKey("email"))
                    )
                }) {
                    self = value
                } else if let value = attempts.attempt("number", { () throws -> Self in
                    let container = try decoder.singleValueContainer()
                    return .number(container.decodeNil() ? nil : try container.decode(Int.self))
                }) {
                    self = value
                } else {
                    throw attempts.noCaseFits("Source", codingPath: decoder.codingPath)
                }
            }

            public func encode(to encoder: any Encoder) throws {
                switch self {
                case .id(let value):
                    var container = encoder.singleValueContainer()
                    try container.encode(value)
                case .customer(let id, let email):
                    var container = encoder.container(keyedBy: ValuegenCodingKey.self)
                    try container.encode(id, forKey: ValuegenCodingKey("id"))
                    try container.encodeIfPresent(email, forKey: ValuegenCodingKey("email"))
                case .number(let value):
                    var container = encoder.singleValueContainer()
                    if let value {
                        try container.encode(value)
                    } else {
                        try container.encodeNil()
                    }
                }
            }
        }
        """)
    }

    @Test func jsonTriesEachCaseFromTheValuesStartAndWritesThePayloadAlone() throws {
        let contents = try #require(generate("Models/Source.adtValue", Self.source).contents)
        #expect(contents.featureSection("Source", "JSON") == #"""
        extension Source: JSONCodable {
            public init(from reader: inout JSONReader) throws(JSONError) {
                // Untagged: the first case, in declaration order, whose payload reads from the value.
                var attempts = UntaggedAttempts()
                if let value = try reader.attemptCase("id", &attempts, { reader throws(JSONError) -> Self in
                    return .id(try String(from: &reader))
                }) {
                    self = value
                } else if let value = try reader.attemptCase("customer", &attempts, { reader throws(JSONError) -> Self in
                    var id: String?
                    var email: String?
                    try reader.readObject { reader, member throws(JSONError) in
                        switch member.count {
                        case 2:
                            switch member {
                            case "id":
                                id = try String(from: &reader)
                            default:
                                break
                            }
                        case 5:
                            switch member {
                            case "email":
                                email = try reader.decodeNull() ? nil : String(from: &reader)
                            default:
                                break
                            }
                        default:
                            break
                        }
                    }
                    guard let id = id.take() else {
                        throw reader.error("missing member \"id\"")
                    }
                    return .customer(id: id, email: email.take())
                }) {
                    self = value
                } else if let value = try reader.attemptCase("number", &attempts, { reader throws(JSONError) -> Self in
                    return .number(try reader.decodeNull() ? nil : Int(from: &reader))
                }) {
                    self = value
                } else {
                    throw attempts.noCaseFits("Source", at: reader)
                }
            }

            public func encode(to writer: inout JSONWriter) {
                if writer.skipsNestedValues { return }
                switch self {
                case .id(let value):
                    value.encode(to: &writer)
                case .customer(let id, let email):
                    writer.beginObject()
                    writer.writeRawKey("\"id\":")
                    id.encode(to: &writer)
                    if case .some = email {
                        writer.writeRawKey("\"email\":")
                        email?.encode(to: &writer)
                    }
                    writer.endObject()
                case .number(let value):
                    if let value {
                        value.encode(to: &writer)
                    } else {
                        writer.writeNull()
                    }
                }
            }
        }
        """#)
    }
}
