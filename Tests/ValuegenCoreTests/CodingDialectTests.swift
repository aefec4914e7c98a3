import Testing
import ValuegenPluginSDK
import ValuegenCore

/// Coding for real APIs (issue 14): valuegen.json's `coding`, `%coding` on types and attributes,
/// `%caseKey`, `%unknownCase` and `%transient` as the resolver computes them, and their errors.
/// What the compiled code does is KeyStyleCompileTests' and CodingDialectsCompileTests' part.
@Suite("Coding dialects")
struct CodingDialectTests {
    // MARK: - valuegen.json

    private func configuration(_ json: String) throws(Configuration.Failure) -> Configuration {
        try Configuration.parse(Array(json.utf8), path: "Models/valuegen.json", registry: .builtIn)
    }

    private func configurationFailure(_ json: String) -> String? {
        do {
            _ = try configuration(json)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func readsTheCodingObject() throws {
        let coding = try configuration(#"{"coding": {"representation": "adjacent", "discriminator": "kind", "content": "data", "plainEnumerations": "tagged", "dates": "millisecondsSince1970", "lenientIntegers": true}}"#).coding
        #expect(coding.representation == .adjacentlyTagged)
        #expect(coding.discriminator == "kind")
        #expect(coding.contentKey == "data")
        #expect(!coding.plainEnumerationsAsStrings)
        #expect(coding.dateStyle == DateStyle(.millisecondsSince1970))
        #expect(coding.lenientIntegers)
        #expect(try configuration(#"{"coding": {"dateFormat": "yyyy-MM-dd"}}"#).coding.dateStyle == DateStyle(.format, format: "yyyy-MM-dd"))
    }

    @Test func withoutTheCodingObjectEverythingIsAsBefore() throws {
        let coding = try configuration("{}").coding
        #expect(coding == CodingDefaults())
        #expect(coding.representation == .internallyTagged && coding.discriminator == "type" && coding.contentKey == "value")
        #expect(coding.plainEnumerationsAsStrings && coding.dateStyle == nil && !coding.lenientIntegers)
    }

    @Test func refusesWhatTheCodingObjectCannotMean() {
        #expect(configurationFailure(#"{"coding": "snake"}"#)
            == #"Models/valuegen.json: error: 'coding' must be an object such as {"representation": "adjacent", "dates": "secondsSince1970"}"#)
        #expect(configurationFailure(#"{"coding": {"representation": "string"}}"#)
            == #"Models/valuegen.json: error: 'coding.representation' must be one of "internal", "external" or "adjacent" (plain enumerations are set with 'coding.plainEnumerations')"#)
        #expect(configurationFailure(#"{"coding": {"representation": "untagged"}}"#)
            == #"Models/valuegen.json: error: 'coding.representation' cannot be "untagged": an untagged ADT is read as the first case its value fits, which each type's cases must be written for; write %coding representation=untagged before the types that are"#)
        #expect(configurationFailure(#"{"coding": {"discriminator": ""}}"#)
            == #"Models/valuegen.json: error: 'coding.discriminator' must be a non-empty string, the JSON key, such as "type""#)
        #expect(configurationFailure(#"{"coding": {"plainEnumerations": true}}"#)
            == #"Models/valuegen.json: error: 'coding.plainEnumerations' must be "string" (a plain enumeration codes as its tag, "open") or "tagged" (as the other ADTs)"#)
        #expect(configurationFailure(#"{"coding": {"dates": "format"}}"#)
            == #"Models/valuegen.json: error: 'coding.dates' must be "iso8601", "secondsSince1970", "millisecondsSince1970"; for a fixed format use 'coding.dateFormat'"#)
        #expect(configurationFailure(#"{"coding": {"dates": "iso8601", "dateFormat": "yyyy"}}"#)
            == "Models/valuegen.json: error: 'coding.dates' and 'coding.dateFormat' both give the date style; keep one")
        #expect(configurationFailure(#"{"coding": {"lenientIntegers": "yes"}}"#)
            == "Models/valuegen.json: error: 'coding.lenientIntegers' must be true or false")
        #expect(configurationFailure(#"{"coding": {"discriminater": "kind"}}"#)
            == "Models/valuegen.json: error: unknown key 'coding.discriminater'; did you mean 'discriminator'?")
    }

    // MARK: - ADT representations

    private func adtCoding(_ text: String, settings: GenerationSettings = GenerationSettings()) -> (coding: ADTCoding?, tags: [String], diagnostics: [String]) {
        let (request, diagnostics) = resolve("Models/Shape.adtValue", text, settings: settings)
        return (request.types.first?.adtCoding, request.types.first?.cases.map(\.tag) ?? [], diagnostics)
    }

    @Test func aPlainEnumerationIsAStringAndAnADTWithPayloadsInternallyTagged() {
        #expect(adtCoding("State {\n  Open\n  Closed\n}\n").coding == ADTCoding(representation: .string))
        #expect(adtCoding("Shape {\n  Circle {\n    radius: Double\n  }\n  Empty\n}\n").coding == ADTCoding(representation: .internallyTagged))
    }

    @Test func theConfigurationChoosesForTheTargetAndTheAnnotationWins() {
        var settings = GenerationSettings()
        settings.coding.representation = .externallyTagged
        settings.coding.discriminator = "kind"
        let shape = "Shape {\n  Circle {\n    radius: Double\n  }\n}\n"
        #expect(adtCoding(shape, settings: settings).coding == ADTCoding(representation: .externallyTagged, discriminator: "kind"))
        #expect(adtCoding("%coding representation=adjacent content=data\n" + shape, settings: settings).coding
            == ADTCoding(representation: .adjacentlyTagged, discriminator: "kind", contentKey: "data"))
        // Plain enumerations stay strings unless the configuration says "tagged" or the type asks.
        #expect(adtCoding("State {\n  Open\n}\n", settings: settings).coding?.representation == .string)
        settings.coding.plainEnumerationsAsStrings = false
        #expect(adtCoding("State {\n  Open\n}\n", settings: settings).coding?.representation == .externallyTagged)
        #expect(adtCoding("%coding representation=internal\nState {\n  Open\n}\n").coding?.representation == .internallyTagged)
    }

    @Test func caseKeysNameTheTags() {
        let result = adtCoding("State {\n  %caseKey name=OPEN\n  Open\n  Closed\n}\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tags == ["OPEN", "closed"])
    }

    @Test func theUnknownCaseHoldsAnUnknownCaseAndTheFileImportsTheRuntime() throws {
        let (request, diagnostics) = resolve("Models/State.adtValue", "State {\n  Open\n  %unknownCase\n  Other\n}\n")
        #expect(diagnostics.isEmpty)
        let type = try #require(request.types.first)
        #expect(type.adtCoding == ADTCoding(representation: .string, unknownCase: "other"))
        #expect(type.cases.last?.singleValueType?.swift == "UnknownCase")
        #expect(request.imports.contains("ValuegenRuntime"))
    }

    @Test func representationErrorsPointAtTheAnnotation() {
        #expect(adtCoding("%coding representation=adjacnt\nShape {\n  A\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:24: error: unknown representation 'adjacnt' in '%coding'; did you mean 'adjacent'?"])
        #expect(adtCoding("%coding representation=tree\nShape {\n  A\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:24: error: unknown representation 'tree' in '%coding'; known representations are string, internal, external, adjacent, untagged"])
        #expect(adtCoding("%coding representation=string\nShape {\n  %singleAttributeSubtype attributeType=Int\n  Count\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:1: error: representation 'string' is for plain enumerations, and subtype 'Count' of 'Shape' has a payload; use 'internal', 'external' or 'adjacent'"])
        #expect(adtCoding("%coding representation=adjacent content=type\nShape {\n  A\n}\n").diagnostics
            == [#"Models/Shape.adtValue:1:1: error: 'Shape' would code the case's tag and its payload under the same key "type"; give 'content=' or 'discriminator=' in '%coding' another key"#])
        #expect(adtCoding("%coding discriminatr=kind\nShape {\n  A\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:9: error: '%coding' on a type takes no argument 'discriminatr='; did you mean 'discriminator='?"])
    }

    @Test func twoCasesWithOneTagAreAnErrorAtTheSecond() {
        #expect(adtCoding("Shape {\n  %caseKey name=a\n  A\n  %caseKey name=a\n  B\n}\n").diagnostics
            == [#"Models/Shape.adtValue:4:3: error: subtypes 'A' and 'B' of 'Shape' are both coded with the tag "a"; give one of them another %caseKey name="#])
    }

    @Test func theUnknownCaseDeclaresNothingAndThereIsOne() {
        #expect(adtCoding("Shape {\n  A\n  %unknownCase\n  Other {\n    a: Int\n  }\n}\n").diagnostics
            == ["Models/Shape.adtValue:3:3: error: subtype 'Other' is marked %unknownCase and declares a payload; remove it: the case holds the unknown tag and its content (ValuegenRuntime's UnknownCase)"])
        #expect(adtCoding("Shape {\n  %unknownCase\n  A\n  %unknownCase\n  B\n}\n").diagnostics
            == ["Models/Shape.adtValue:4:3: error: 'Shape' has two subtypes marked %unknownCase, 'A' and 'B'; keep one"])
        #expect(adtCoding("Shape {\n  A\n  %unknownCase\n  %caseKey name=x\n  B\n}\n").diagnostics
            == ["Models/Shape.adtValue:3:3: error: subtype 'B' is marked %unknownCase, which takes every tag the others do not; remove its %caseKey"])
    }

    @Test func anAttributeCodedUnderTheDiscriminatorIsAnErrorAtTheAttribute() {
        #expect(diagnostics("Models/Event.adtValue", "%coding discriminator=kind\nEvent includes(Coding) {\n  Click {\n    kind: Int\n  }\n}\n")
            == [#"Models/Event.adtValue:4:5: error: attribute 'kind' of subtype 'Click' is coded under "kind", which holds the case's tag; give it another %codingKey, or the type another discriminator with %coding discriminator="#])
        // Adjacently tagged, the payload has keys of its own.
        #expect(diagnostics("Models/Event.adtValue", "%coding representation=adjacent discriminator=kind\nEvent includes(Coding) {\n  Click {\n    kind: Int\n  }\n}\n").isEmpty)
    }

    // MARK: - Attributes

    private func attributeCoding(_ text: String, settings: GenerationSettings = GenerationSettings()) -> (coding: [String: AttributeCoding?], diagnostics: [String]) {
        let (request, diagnostics) = resolve("Models/Record.value", text, settings: settings)
        var coding: [String: AttributeCoding?] = [:]
        for attribute in request.types.first?.attributes ?? [] {
            coding[attribute.name] = attribute.coding
        }
        return (coding, diagnostics)
    }

    @Test func transientNeedsADefaultOrAnOptional() {
        let fine = attributeCoding("Record {\n  %transient\n  cache: String = \"\"\n  %transient\n  scratch: Int?\n}\n")
        #expect(fine.diagnostics.isEmpty)
        #expect(fine.coding["cache"] == AttributeCoding(isTransient: true))
        #expect(fine.coding["scratch"] == AttributeCoding(isTransient: true))
        #expect(attributeCoding("Record {\n  %transient\n  cache: String\n}\n").diagnostics
            == ["Models/Record.value:2:3: error: transient attribute 'cache' needs a default value or an optional type: it is never read, and a decoded value gets its default"])
    }

    @Test func dateStylesComeFromTheAttributeTheTypeOrTheConfiguration() {
        var settings = GenerationSettings()
        settings.coding.dateStyle = DateStyle(.secondsSince1970)
        let result = attributeCoding("""
        %coding dates=millisecondsSince1970
        Record {
          created: Date
          %coding dateFormat="yyyy-MM-dd"
          birthday: Date?
          stamps: [Date]
          name: String
        }

        """, settings: settings)
        #expect(result.diagnostics.isEmpty)
        #expect(result.coding["created"] == AttributeCoding(dateStyle: DateStyle(.millisecondsSince1970)))
        #expect(result.coding["birthday"] == AttributeCoding(dateStyle: DateStyle(.format, format: "yyyy-MM-dd")))
        #expect(result.coding["stamps"] == AttributeCoding(dateStyle: DateStyle(.millisecondsSince1970)))
        #expect(result.coding["name"] == .some(nil))
        #expect(attributeCoding("Record {\n  created: Date\n}\n", settings: settings).coding["created"] == AttributeCoding(dateStyle: DateStyle(.secondsSince1970)))
    }

    @Test func aDateStyleOnAnotherTypeIsAnError() {
        #expect(attributeCoding("Record {\n  %coding dates=secondsSince1970\n  name: String\n}\n").diagnostics
            == ["Models/Record.value:2:3: error: a date style applies to attributes of type Date or [Date] (or their optionals), not 'String'; remove it from '%coding'"])
        #expect(attributeCoding("Record {\n  %coding dates=weekly\n  at: Date\n}\n").diagnostics
            == [#"Models/Record.value:2:17: error: unknown date style 'weekly' in '%coding'; known styles are "iso8601", "secondsSince1970", "millisecondsSince1970", or dateFormat="…" for a fixed format"#])
        #expect(attributeCoding("Record {\n  %coding dates=iso8601 dateFormat=\"yyyy\"\n  at: Date\n}\n").diagnostics
            == ["Models/Record.value:2:3: error: '%coding' gives both 'dates=' and 'dateFormat='; keep one"])
    }

    @Test func lenientIntegersComeFromTheAttributeTheTypeOrTheConfiguration() {
        var settings = GenerationSettings()
        settings.coding.lenientIntegers = true
        let result = attributeCoding("Record {\n  count: Int\n  %coding lenient=false\n  strict: Int64\n  name: String\n}\n", settings: settings)
        #expect(result.diagnostics.isEmpty)
        #expect(result.coding["count"] == AttributeCoding(acceptsIntegerStrings: true))
        #expect(result.coding["strict"] == .some(nil))
        #expect(result.coding["name"] == .some(nil))
        #expect(attributeCoding("%coding lenient=true\nRecord {\n  count: UInt8?\n}\n").coding["count"] == AttributeCoding(acceptsIntegerStrings: true))
    }

    @Test func lenientOnAnotherTypeIsAnError() {
        #expect(attributeCoding("Record {\n  %coding lenient=true\n  flag: Bool\n}\n").diagnostics
            == ["Models/Record.value:2:3: error: 'lenient=true' accepts integers written as strings, and 'flag' has type 'Bool'; it applies to integer attributes only"])
        #expect(attributeCoding("Record {\n  %coding lenient=yes\n  count: Int\n}\n").diagnostics
            == ["Models/Record.value:2:19: error: 'lenient=' in '%coding' must be true or false"])
        #expect(attributeCoding("Record {\n  %coding representation=external\n  count: Int\n}\n").diagnostics
            == ["Models/Record.value:2:11: error: '%coding' on an attribute takes no argument 'representation='; it takes dateFormat=, dates=, lenient="])
    }

    // MARK: - What the features write

    @Test func aTransientAttributeIsNeitherWrittenNorRead() throws {
        let file = generate("Models/Record.value", "Record includes(Coding, JSON, Binary) {\n  id: Int\n  %transient\n  cache: String = \"none\"\n}\n")
        #expect(file.diagnostics.isEmpty)
        let contents = try #require(file.contents)
        let coding = try #require(contents.featureSection("Record", "Coding"))
        #expect(!coding.contains("case cache"))
        #expect(coding.contains(#"cache: "none""#))
        let json = try #require(contents.featureSection("Record", "JSON"))
        #expect(!json.contains(#""cache""#))
        #expect(json.contains(#"cache: "none""#))
        let binary = try #require(contents.featureSection("Record", "Binary"))
        #expect(!binary.contains("writer.writeField(2"))
        #expect(binary.contains(#"cache: "none""#))
    }

    @Test func dictionariesKeyedByIntegersFoundationWritesAsArraysGoThroughTheRuntime() throws {
        let file = generate("Models/Feed.value", "Feed includes(Coding) {\n  events: [Int64: String]\n  %codingLegacyKey name=old\n  small: [UInt8: Int]?\n  counts: [Int: Int]\n  grid: [[Int16: Int]]\n}\n")
        #expect(file.diagnostics.isEmpty)
        let contents = try #require(file.contents)
        #expect(contents.contains("import ValuegenRuntime\n"))
        let coding = try #require(contents.featureSection("Feed", "Coding"))
        #expect(coding.contains(#"events: try container.decodeIntegerKeyed([Int64: String].self, forKey: ValuegenCodingKey("events")),"#))
        #expect(coding.contains(#"small: try container.decodeIntegerKeyedIfPresent([UInt8: Int].self, forKey: ValuegenCodingKey("small")) ?? container.decodeIntegerKeyedIfPresent([UInt8: Int].self, forKey: ValuegenCodingKey("old")),"#))
        #expect(coding.contains(#"try container.encodeIntegerKeyed(events, forKey: ValuegenCodingKey("events"))"#))
        #expect(coding.contains(#"try container.encodeIntegerKeyedIfPresent(small, forKey: ValuegenCodingKey("small"))"#))
        // Foundation writes a [Int: T] as an object itself; nested, it writes as it always has.
        #expect(coding.contains(#"counts: try container.decode([Int: Int].self, forKey: ValuegenCodingKey("counts")),"#))
        #expect(coding.contains(#"try container.encode(grid, forKey: ValuegenCodingKey("grid"))"#))
        // Without such a dictionary, Coding needs no runtime.
        let plain = try #require(generate("Models/Feed.value", "Feed includes(Coding) {\n  counts: [Int: Int]\n}\n").contents)
        #expect(!plain.contains("import ValuegenRuntime"))
    }

    @Test func aTransientExistentialNeedsNoCoding() {
        #expect(diagnostics("Models/Record.value", "Record includes(Coding, JSON, Binary) excludes(Equality) {\n  id: Int\n  %transient\n  delegate: (any Sendable)?\n}\n").isEmpty)
    }
}
