import Foundation
import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// `%coding payloads=flattened`: what it resolves to, each error at the schema's line with its
/// fix, and the code each coding feature generates for a flattened case.
@Suite struct FlattenedPayloadTests {
    static let circle = (path: "Models/Circle.value", text: "Circle {\n  radius: Double\n}\n")
    static let shape = "%coding representation=internal payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Circle\n  Round\n  Square {\n    side: Double\n  }\n  Empty\n}\n"

    @Test func payloadsFlattenedSetsTheCodingAndContentIsTheDefault() throws {
        let (requests, diagnostics) = resolveModule([Self.circle, ("Models/Shape.adtValue", Self.shape)])
        #expect(diagnostics.isEmpty)
        var expected = ADTCoding(representation: .internallyTagged)
        expected.flattensSingleValues = true
        #expect(requests.last?.types.first?.adtCoding == expected)
        let content = resolveModule([Self.circle, ("Models/Shape.adtValue", Self.shape.replacingOccurrences(of: "flattened", with: "content"))])
        #expect(content.diagnostics.isEmpty)
        #expect(content.requests.last?.types.first?.adtCoding == ADTCoding(representation: .internallyTagged))
        // Flattened, a single value has no content key, so it may equal the discriminator.
        #expect(moduleDiagnostics([Self.circle, ("Models/Shape.adtValue", Self.shape.replacingOccurrences(of: "payloads=flattened", with: "payloads=flattened content=type"))]).isEmpty)
    }

    @Test func theRequestCarriesTheFlagOnlyWhenSet() throws {
        var coding = ADTCoding(representation: .internallyTagged)
        let plain = String(decoding: try JSONEncoder().encode(coding), as: UTF8.self)
        #expect(!plain.contains("flattensSingleValues"))
        coding.flattensSingleValues = true
        let data = try JSONEncoder().encode(coding)
        #expect(String(decoding: data, as: UTF8.self).contains(#""flattensSingleValues":true"#))
        #expect(try JSONDecoder().decode(ADTCoding.self, from: data) == coding)
        #expect(try JSONDecoder().decode(ADTCoding.self, from: Data(plain.utf8)).flattensSingleValues == false)
    }

    /// A value or an object has no cases to code: `%coding`'s ADT arguments there change nothing,
    /// and say so (a warning: such schemas generated without a word before).
    @Test func caseCodingArgumentsOnAValueOrAnObjectAreWarnedAbout() {
        #expect(resolve("Models/User.value", "%coding discriminator=kind payloads=flattened\nUser {\n  name: String\n}\n").diagnostics == [
            "Models/User.value:1:23: warning: 'discriminator=' in '%coding' says how an ADT's cases are coded, and 'User' is a value, so it changes nothing; remove it",
            "Models/User.value:1:37: warning: 'payloads=' in '%coding' says how an ADT's cases are coded, and 'User' is a value, so it changes nothing; remove it",
        ])
        #expect(resolve("Models/Settings.object", "%coding representation=internal\nSettings {\n  name: String\n}\n").diagnostics == [
            "Models/Settings.object:1:24: warning: 'representation=' in '%coding' says how an ADT's cases are coded, and 'Settings' is an object, so it changes nothing; remove it",
        ])
        #expect(resolve("Models/User.value", "%coding dates=secondsSince1970\nUser {\n  name: String\n}\n").diagnostics == [])
    }

    @Test func payloadsOnAnotherRepresentationIsAnErrorAtTheArgument() {
        #expect(resolve("Models/Shape.adtValue", "%coding representation=external payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Int\n  Count\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:42: error: 'payloads=' in '%coding' places the single values of an internally tagged ADT, and 'Shape' is coded 'external'; remove 'payloads=', or write representation=internal"])
        #expect(resolve("Models/Shape.adtValue", "%coding payloads=flat\nShape {\n  A\n}\n").diagnostics
            == ["Models/Shape.adtValue:1:18: error: unknown payload placement 'flat' in '%coding'; write payloads=flattened (each single value's members beside the tag) or payloads=content (under the content key, the default)"])
    }

    @Test func aFlattenedValueThatIsNotAValueTypeIsAnErrorAtItsType() {
        #expect(moduleDiagnostics([("Models/Shape.adtValue", "%coding payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Int\n  Count\n}\n")])
            == ["Models/Shape.adtValue:3:41: error: subtype 'Count' of 'Shape' holds 'Int', which '%coding payloads=flattened' writes as its members beside the tag, but it is not a value type of this run, coded as a JSON object; hold a value type (a .value schema), declare the members in the subtype, or remove 'payloads=flattened'"])
        #expect(moduleDiagnostics([Self.circle, ("Models/Shape.adtValue", "%coding payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Circle?\n  Round\n}\n")])
            == ["Models/Shape.adtValue:3:41: error: subtype 'Round' of 'Shape' holds 'Circle?', which '%coding payloads=flattened' writes as its members beside the tag, but it is an optional, nil would have no members; hold a value type (a .value schema), declare the members in the subtype, or remove 'payloads=flattened'"])
        // Another ADT is not an object of members.
        #expect(moduleDiagnostics([("Models/Kind.adtValue", "Kind {\n  A\n}\n"), ("Models/Shape.adtValue", "%coding payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Kind\n  K\n}\n")]).first?
            .hasPrefix("Models/Shape.adtValue:3:41: error: subtype 'K' of 'Shape' holds 'Kind'") == true)
    }

    @Test func aFlattenedValueCodingAMemberUnderTheDiscriminatorIsAnError() {
        let shape = ("Models/Shape.adtValue", "%coding payloads=flattened\nShape {\n  %singleAttributeSubtype attributeType=Circle\n  Round\n}\n")
        #expect(moduleDiagnostics([("Models/Circle.value", "Circle {\n  type: String\n}\n"), shape])
            == [#"Models/Shape.adtValue:3:41: error: subtype 'Round' of 'Shape' holds 'Circle', whose attribute 'type' is coded under "type", which holds the case's tag when payloads are flattened; give the attribute another %codingKey, 'Shape' another discriminator with %coding discriminator=, or remove 'payloads=flattened'"#])
        // A legacy key would read the tag too; a transient attribute is never read.
        #expect(moduleDiagnostics([("Models/Circle.value", "Circle {\n  %codingLegacyKey name=type\n  kind: String\n}\n"), shape]).count == 1)
        #expect(moduleDiagnostics([("Models/Circle.value", "Circle {\n  %transient\n  type: String = \"\"\n}\n"), shape]).isEmpty)
    }

    @Test func eachCodingFeatureWritesTheValueBesideTheTag() throws {
        let files = GeneratorPipeline().generate(module: [
            SchemaSource(path: "Models/Circle.value", text: Self.circle.text.replacingOccurrences(of: "Circle {", with: "Circle includes(JSON, Coding, Dictionary) {")),
            SchemaSource(path: "Models/Shape.adtValue", text: Self.shape.replacingOccurrences(of: "Shape {", with: "Shape includes(JSON, Coding, Dictionary) {")),
        ], settings: GenerationSettings())
        let shape = try #require(files.last?.contents)
        #expect(shape.contains(#"writer.writeFlattened(value, tagKey: "\"type\":", tag: "round")"#))
        #expect(shape.contains(#"guard let tag = try reader.peekDiscriminator("type") else {"#))
        #expect(shape.contains("self = .round(try Circle(from: &reader))"))
        #expect(shape.contains("self = .round(try Circle(from: decoder))"))
        #expect(shape.contains("try value.encode(to: encoder)"))
        #expect(shape.contains("self = .round(try Circle(propertyListValue: propertyListValue))"))
        #expect(shape.contains("dictionary = value.propertyListValue as? [String: Any] ?? [:]"))
        // The other cases as today: the tag first, then their members.
        #expect(shape.contains("writer.writeString(\"square\")\n            writer.writeRawKey(\"\\\"side\\\":\")"))
    }
}
