import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// `valuegen compat --fix`'s edits: each pin a line of its own before its attribute, comments
/// and layout kept, the syntax tree checked again.
@Suite struct BinaryPinWriterTests {
    private func pin(_ attribute: String, of type: String, case subtype: String? = nil, _ number: Int, in path: String, _ text: String) -> BinaryPin? {
        let snapshot = SchemaSnapshot.resolve([SchemaSource(path: path, text: text)])
        guard let model = snapshot.entry(named: type)?.type else { return nil }
        let attributes = subtype.map { name in model.cases.first { $0.subtypeName == name }?.attributes ?? [] } ?? model.attributes
        guard let found = attributes.first(where: { $0.name == attribute }) else { return nil }
        let existing = found.annotation("binaryField")?.arguments.first { $0.key == "number" }?.valueLocation
        return BinaryPin(path: path, typeName: type, subtypeName: subtype, attributeName: attribute, number: number, location: found.location, existingValue: existing)
    }

    private func apply(_ pins: [BinaryPin?], _ path: String, _ text: String) -> String? {
        BinaryPinWriter.apply(pins.compactMap { $0 }, to: SchemaSource(path: path, text: text)).bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aPinIsALineBeforeTheAttributeIndentedAsItIsAndCommentsStay() {
        let text = "# A note.\nNote includes(Binary) {\n  title: String\n  # How often.\n  %redacted\n  count: Int = 0  # opened\n}\n"
        #expect(apply([pin("count", of: "Note", 5, in: "Note.value", text)], "Note.value", text) == "# A note.\nNote includes(Binary) {\n  title: String\n  # How often.\n  %redacted\n  %binaryField number=5\n  count: Int = 0  # opened\n}\n")
    }

    @Test func anAttributeOnTheLineOfAnotherMovesToALineOfItsOwn() {
        let text = "Point includes(Binary) { x: Int  y: Int }\n"
        #expect(apply([pin("y", of: "Point", 1, in: "Point.value", text), pin("x", of: "Point", 2, in: "Point.value", text)], "Point.value", text) == "Point includes(Binary) {\n  %binaryField number=2\n  x: Int\n  %binaryField number=1\n  y: Int }\n")
    }

    @Test func anExistingPinGetsTheNewNumber() {
        let text = "A includes(Binary) {\n  %binaryField number=\"7\"  # chosen\n  a: Int\n}\n"
        #expect(apply([pin("a", of: "A", 1, in: "A.value", text)], "A.value", text) == "A includes(Binary) {\n  %binaryField number=1  # chosen\n  a: Int\n}\n")
    }

    @Test func remodelAttributesAndCasePayloadsArePinnedToo() {
        let remodel = "User includes(RMCoding, Binary) {\n  NSString *name\n  NSInteger age\n}\n"
        #expect(apply([pin("age", of: "User", 3, in: "User.value", remodel)], "User.value", remodel) == "User includes(RMCoding, Binary) {\n  NSString *name\n  %binaryField number=3\n  NSInteger age\n}\n")
        let adt = "Shape includes(Binary) {\n  Circle {\n    radius: Double\n  }\n}\n"
        #expect(apply([pin("radius", of: "Shape", case: "Circle", 4, in: "Shape.adtValue", adt)], "Shape.adtValue", adt) == "Shape includes(Binary) {\n  Circle {\n    %binaryField number=4\n    radius: Double\n  }\n}\n")
    }

    @Test func aPinForAnAttributeTheFileDoesNotDeclareIsRefused() {
        let text = "A includes(Binary) {\n  a: Int\n}\n"
        let stray = BinaryPin(path: "A.value", typeName: "A", attributeName: "b", number: 2, location: SourceLocation(line: 2, column: 3))
        let result = BinaryPinWriter.apply([stray], to: SchemaSource(path: "A.value", text: text))
        #expect(result.bytes == nil)
        #expect(result.diagnostics.map(\.description) == ["A.value:2:3: error: cannot pin attribute 'b' of 'A' here (it is not declared in this file); write '%binaryField number=2' yourself"])
    }
}
