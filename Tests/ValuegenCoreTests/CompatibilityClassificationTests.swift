import Foundation
import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// `valuegen compat`'s classification: each change between two versions of a schema, in every
/// category of docs/Compatibility.md.
@Suite struct CompatibilityClassificationTests {
    /// `kind change owner.member` for each finding between the two versions of one file.
    private func classify(_ path: String, _ old: String, _ new: String, oldSettings: GenerationSettings = GenerationSettings(), newSettings: GenerationSettings = GenerationSettings()) -> [String] {
        compare([(path, old)], [(path, new)], oldSettings: oldSettings, newSettings: newSettings).map { finding in
            "\(finding.kind.rawValue) \(finding.change.rawValue) \(finding.owner)\(finding.member.map { "." + $0 } ?? "")"
        }
    }

    private func compare(_ old: [(String, String)], _ new: [(String, String)], oldSettings: GenerationSettings = GenerationSettings(), newSettings: GenerationSettings = GenerationSettings()) -> [CompatibilityFinding] {
        let before = SchemaSnapshot.resolve(old.map { SchemaSource(path: $0.0, text: $0.1) }, settings: oldSettings)
        let after = SchemaSnapshot.resolve(new.map { SchemaSource(path: $0.0, text: $0.1) }, settings: newSettings)
        #expect(before.errors.isEmpty && after.errors.isEmpty)
        return SchemaComparison(old: before, new: after).findings()
    }

    // MARK: - Binary wire

    @Test func insertingAnAttributeRenumbersTheOnesAfterItAndReusesTheirNumbers() {
        let findings = compare(
            [("Point.value", "Point includes(Binary) {\n  x: Int\n  y: Int\n}\n")],
            [("Point.value", "Point includes(Binary) {\n  z: Int = 7\n  x: Int\n  y: Int = 0\n}\n")]
        )
        #expect(findings.map { $0.description(allowed: []) } == [
            "Point.value:2:3: note: [additive] attribute 'z' is inserted into 'Point': the memberwise initializer gains a parameter with a default",
            "Point.value:2:3: error: [binary-wire] new attribute 'z' takes Binary field 1, which was 'x' (Int): data written by binaryData() before has another attribute in that field, which would be read as this one; give it a number of its own with '%binaryField number=3' before it",
            "Point.value:3:3: error: [binary-wire] 'x' moves from Binary field 1 to 2: data written by binaryData() before reads its old field into another attribute, or fails; keep it with '%binaryField number=1' before it",
            "Point.value:4:3: error: [binary-wire] 'y' moves from Binary field 2 to 3: data written by binaryData() before reads its old field into another attribute, or fails; keep it with '%binaryField number=2' before it",
        ])
        #expect(findings.compactMap(\.pin).map { "\($0.attributeName) \($0.line)" } == ["z %binaryField number=3", "x %binaryField number=1", "y %binaryField number=2"])
    }

    @Test func aNewAttributeAfterARemovedOneReusesItsNumber() {
        #expect(classify("User.value", "User includes(Binary) {\n  name: String\n  age: Int?\n}\n", "User includes(Binary) {\n  name: String\n  email: String?\n}\n") == [
            "swift-source attribute-removed User",
            "additive attribute-appended User.email",
            "binary-wire field-number-reused User.email",
        ])
    }

    @Test func aTypeOfAnotherWireTypeIsAChangedWireTypeAndOneOfTheSameIsAChangedType() {
        #expect(classify("A.value", "A includes(Binary) {\n  count: Int\n  ratio: Int\n}\n", "A includes(Binary) {\n  count: String\n  ratio: Bool\n}\n") == [
            "binary-wire wire-type-changed A.count", "swift-source wire-type-changed A.count",
            "binary-wire type-changed A.ratio", "swift-source type-changed A.ratio",
        ])
    }

    /// The wire types are Binary's: the Binary finding names them, the JSON and Swift source
    /// findings of the same change do not.
    @Test func onlyTheBinaryFindingOfAChangedWireTypeNamesTheWireTypes() {
        let findings = compare(
            [("A.value", "A includes(Binary, JSON) {\n  count: Int\n}\n")],
            [("A.value", "A includes(Binary, JSON) {\n  count: String\n}\n")]
        )
        #expect(findings.map { $0.description(allowed: []) } == [
            "A.value:2:3: error: [binary-wire] attribute 'count' is String, was Int (length-delimited, was varint or fixed64): binaryData() written on either side of the change is refused: another wire type",
            "A.value:2:3: error: [json-wire] attribute 'count' is String, was Int: JSON written on either side holds the other type: refused, or read as another value",
            "A.value:2:3: error: [swift-source] attribute 'count' is String, was Int: code that passes or reads the old type no longer compiles",
        ])
    }

    @Test func aReorderingNamesTheOldAndTheNewOrder() {
        let findings = compare([("P.value", "P {\n  x: Int\n  y: Int\n  z: Int\n}\n")], [("P.value", "P {\n  z: Int\n  x: Int\n  y: Int\n}\n")])
        #expect(findings.map { $0.description(allowed: []) } == [
            "P.value:1:1: error: [swift-source] the attributes of 'P' are in another order (z, x, y; were x, y, z): calls of the memberwise initializer pass their arguments in the old order and no longer compile",
        ])
    }

    @Test func anEnumerationThatGainsAPayloadChangesItsWireType() {
        #expect(classify("Kind.adtValue", "Kind includes(Binary) {\n  A\n  B\n}\n", "Kind includes(Binary) {\n  A\n  B { note: String }\n}\n") == [
            "binary-wire enumeration-wire-type-changed Kind",
            // Data of case b before has no payload: its attribute is missing.
            "binary-wire required-attribute-added Kind.b.note", "swift-source required-attribute-added Kind.b.note",
        ])
    }

    @Test func wireCategoriesApplyOnlyToTypesThatIncludeTheirCoding() {
        // Without Binary or JSON a reordering changes nothing but the initializer.
        #expect(classify("P.value", "P {\n  x: Int\n  y: Int\n}\n", "P {\n  y: Int\n  x: Int\n}\n") == [
            "swift-source initializer-order-changed P",
        ])
    }

    // MARK: - JSON wire

    @Test func aRenamedKeyWithoutALegacyKeyBreaksJSONAndWithOneDoesNot() {
        #expect(classify("U.value", "U includes(JSON) {\n  name: String\n}\n", "U includes(JSON) {\n  %codingKey name=full_name\n  name: String\n}\n") == [
            "json-wire key-renamed U.name",
        ])
        #expect(classify("U.value", "U includes(Persistence) {\n  name: String\n}\n", "U includes(Persistence) {\n  %codingLegacyKey name=name\n  fullName: String\n}\n") == [
            "swift-source attribute-renamed U.fullName",
            // Old code does not know the new key: JSON and Persistence's keyed files written
            // after the change do not read there.
            "persistence-safe key-renamed-with-legacy-key U.fullName", "json-wire key-renamed-with-legacy-key U.fullName", "persistence key-renamed-with-legacy-key U.fullName",
        ])
    }

    @Test func aRenamedKeySaysWhichLegacyKeyKeepsOldJSONReadable() {
        let findings = compare(
            [("U.value", "U includes(JSON) {\n  %codingKey name=\"zip code\"\n  zip: String\n}\n")],
            [("U.value", "U includes(JSON) {\n  zip: String\n}\n")]
        )
        #expect(findings.map { $0.description(allowed: []) } == [
            #"U.value:2:3: error: [json-wire] the key of 'zip' is "zip", was "zip code": JSON written on either side has the other key, which is not read: an error, or nil or the default instead of the value; keep reading it with '%codingLegacyKey name="zip code"' before it"#,
        ])
    }

    @Test func aRequiredAttributeWithoutADefaultBreaksBothWiresAndTheInitializer() {
        #expect(classify("U.value", "U includes(JSON, Binary) {\n  name: String\n}\n", "U includes(JSON, Binary) {\n  name: String\n  age: Int\n}\n") == [
            "binary-wire required-attribute-added U.age", "json-wire required-attribute-added U.age", "swift-source required-attribute-added U.age",
        ])
    }

    @Test func aChangedTypeBreaksJSONButAWidenedIntegerDoesNot() {
        #expect(classify("U.value", "U includes(JSON) {\n  id: Int\n  small: Int32\n}\n", "U includes(JSON) {\n  id: String\n  small: Int64\n}\n") == [
            "json-wire wire-type-changed U.id", "swift-source wire-type-changed U.id",
            // Old code reads new JSON while its values fit Int32.
            "value-range integer-widened U.small", "swift-source integer-widened U.small",
        ])
    }

    /// JSON's integers read as `Double`s, exactly up to 2^53: a 32-bit integer's values all do, a
    /// 64-bit one's may round, which is reading silently different. Binary misreads both.
    @Test func anIntegerThatBecomesADoubleBreaksJSONOnlyWhenItIsWiderThan32Bits() {
        #expect(classify("U.value", "U includes(JSON, Binary) {\n  small: Int32\n  id: Int\n  list: [UInt16]?\n}\n", "U includes(JSON, Binary) {\n  small: Double\n  id: Double\n  list: [Double]?\n}\n") == [
            "binary-wire integer-to-double U.small", "value-range integer-to-double U.small", "swift-source integer-to-double U.small",
            "binary-wire wide-integer-to-double U.id", "json-wire wide-integer-to-double U.id", "swift-source wide-integer-to-double U.id",
            "binary-wire integer-to-double U.list", "value-range integer-to-double U.list", "swift-source integer-to-double U.list",
        ])
    }

    @Test func aChangedTagOrRepresentationBreaksJSON() {
        #expect(classify("S.adtValue", "S includes(JSON) {\n  Circle { r: Double }\n}\n", "S includes(JSON) {\n  %caseKey name=round\n  Circle { r: Double }\n}\n") == [
            "json-wire case-tag-changed S.circle",
        ])
        #expect(classify("S.adtValue", "S includes(JSON) {\n  Circle { r: Double }\n}\n", "%coding representation=external\nS includes(JSON) {\n  Circle { r: Double }\n}\n") == [
            "json-wire representation-changed S",
        ])
    }

    @Test func flatteningTheSingleValuesChangesTheRepresentation() {
        let circle = ("C.value", "C includes(JSON) {\n  r: Double\n}\n")
        let shape = "S includes(JSON) {\n  %singleAttributeSubtype attributeType=C\n  Round\n}\n"
        let findings = compare([circle, ("S.adtValue", shape)], [circle, ("S.adtValue", "%coding payloads=flattened\n" + shape)])
        #expect(findings.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.owner)" } == ["json-wire representation-changed S"])
        #expect(findings.first?.message.contains(#"'internal' (discriminator "type") before and 'internal' (discriminator "type", payloads flattened) now"#) == true, "\(findings.map(\.message))")
    }

    @Test func aChangedKeyStyleIsOneFindingForTheType() {
        #expect(classify("U.value", "U includes(JSON) {\n  firstName: String\n  lastName: String\n}\n", "U includes(JSON) {\n  firstName: String\n  lastName: String\n}\n", newSettings: GenerationSettings(codingKeyStyle: .snakeCase)) == [
            "json-wire key-style-changed U",
        ])
    }

    // MARK: - Persistence-safe

    @Test func persistenceFilesAbsorbInsertedReorderedRemovedAndPinnedAttributes() {
        let old = "Note includes(Persistence) {\n  title: String\n  count: Int = 0\n  score: Int = 0\n  tag: String?\n}\n"
        let new = "Note includes(Persistence) {\n  %binaryField number=1\n  title: String\n  extra: Int = 1\n  score: Int = 0\n  count: Int = 0\n}\n"
        let kinds = classify("Note.value", old, new)
        #expect(kinds == [
            "swift-source initializer-order-changed Note",
            "swift-source attribute-removed Note", "persistence-safe attribute-removed Note",
            "persistence-safe field-pinned Note.title",
            "additive attribute-inserted Note.extra",
            "binary-wire field-number-reused Note.extra", "persistence-safe field-number-reused Note.extra",
            // score keeps number 3 in its new place; count moves from 2 to 4.
            "binary-wire field-renumbered Note.count", "persistence-safe field-renumbered Note.count",
        ])
    }

    @Test func persistenceFilesAbsorbAppendedAndReorderedCasesOfTheTypesTheyHold() {
        let holder = "Board includes(Persistence) {\n  shape: Shape\n}\n"
        let findings = compare(
            [("Board.value", holder), ("Shape.adtValue", "Shape includes(Binary, JSON, Coding) {\n  Circle { r: Double }\n  Square { side: Double }\n}\n")],
            [("Board.value", holder), ("Shape.adtValue", "Shape includes(Binary, JSON, Coding) {\n  Square { side: Double }\n  Circle { r: Double }\n  Line { length: Double }\n}\n")]
        )
        #expect(findings.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.owner).\($0.member ?? "")" } == [
            "binary-wire case-renumbered Shape.square", "persistence-safe case-renumbered Shape.square",
            "binary-wire case-renumbered Shape.circle", "persistence-safe case-renumbered Shape.circle",
            "additive case-appended Shape.line",
        ])
    }

    // MARK: - Swift source

    @Test func removedAndRenamedAttributesAndCasesBreakSwiftSource() {
        let findings = compare(
            [("U.value", "U {\n  name: String\n  age: Int = 0\n}\n"), ("K.adtValue", "K {\n  A\n  B\n  C\n}\n")],
            [("U.value", "U {\n  fullName: String\n}\n"), ("K.adtValue", "K {\n  A\n  Bee\n}\n")]
        )
        #expect(findings.map { $0.description(allowed: [.swiftSource]) } == [
            "K.adtValue:1:1: warning: [swift-source] case 'c' (K.adtValue:4:3) is removed from 'K': code that uses the case no longer compiles",
            "K.adtValue:3:3: warning: [swift-source] case 'b' of 'K' is renamed 'bee': code that uses the old case name no longer compiles",
            "U.value:1:1: warning: [swift-source] attribute 'age' (U.value:3:3) is removed from 'U': code that uses it no longer compiles",
            "U.value:2:3: warning: [swift-source] attribute 'name' of 'U' is renamed 'fullName': code that uses the old name no longer compiles",
        ])
        #expect(findings.compactMap(\.oldPlace) == ["K.adtValue:4:3", "U.value:3:3"])
    }

    @Test func optionalityAndDefaultsChangeTheInitializer() {
        #expect(classify("U.value", "U includes(Binary) {\n  a: Int\n  b: Int?\n  c: Int = 1\n}\n", "U includes(Binary) {\n  a: Int?\n  b: Int\n  c: Int\n}\n") == [
            // Old code reads a nil written after as an error, new code a nil written before.
            "value-range made-optional U.a", "swift-source made-optional U.a",
            "value-range made-required U.b", "swift-source made-required U.b",
            "swift-source default-removed U.c",
        ])
    }

    @Test func aTypeThatBecomesAnObjectOrLosesAFeatureBreaksSwiftSource() {
        let findings = compare(
            [("U.value", "U includes(Builder) {\n  a: Int\n}\n")],
            [("U.object", "U {\n  a: Int\n}\n")]
        )
        let lines = findings.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.message)" }
        #expect(lines.first == "swift-source value-object-swapped 'U' was a value and is an object: a struct and a final class are used differently (let and var, identity)")
        #expect(lines.contains("swift-source feature-removed 'U' no longer includes Builder: code that uses what it generated no longer compiles"))
        // The declaration features (Value, Object) are the kind's, said once.
        #expect(!lines.contains { $0.contains("includes Value") || $0.contains("includes Object") })
    }

    // MARK: - Additive

    @Test func appendedAttributesCasesAndTypesAreAdditive() {
        let findings = compare(
            [("U.value", "U includes(Binary, JSON) {\n  a: Int\n}\n"), ("K.adtValue", "K includes(Binary) {\n  A\n}\n")],
            [("U.value", "U includes(Binary, JSON) {\n  a: Int\n  b: String?\n  %binaryField number=9\n  c: Int = 0\n}\n"), ("K.adtValue", "K includes(Binary) {\n  A\n  B\n}\n"), ("V.value", "V {\n  x: Int\n}\n")]
        )
        #expect(findings.map { "\($0.kind.rawValue) \($0.change.rawValue) \($0.owner).\($0.member ?? "")" } == [
            "additive case-appended K.b",
            "additive attribute-appended U.b",
            "additive attribute-appended U.c",
            "additive type-added V.",
        ])
    }

    @Test func aRemovedTypeIsReportedAtItsFileWithItsOldPlace() {
        let findings = compare([("U.value", "U {\n  a: Int\n}\n\nGone {\n  b: Int\n}\n")], [("U.value", "U {\n  a: Int\n}\n")])
        #expect(findings.map { $0.description(allowed: []) } == ["U.value: error: [swift-source] type 'Gone' (U.value:5:1) is removed: code that names it no longer compiles"])
    }

    // MARK: - The table

    @Test func everyChangeHasOneRuleAndEveryEvolutionRowIsInBinaryFormatMarkdown() throws {
        for change in SchemaChange.allCases {
            #expect(CompatibilityTable.rules.filter { $0.change == change }.count == 1, "\(change)")
        }
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/BinaryFormat.md")
        let text = try String(contentsOf: docs, encoding: .utf8).replacingOccurrences(of: "`", with: "")
        for rule in CompatibilityTable.rules {
            if let row = rule.evolutionRow {
                #expect(text.contains("| \(row)"), "\(rule.change): '\(row)'")
            }
        }
    }

    @Test func theEvolutionTablesIncompatibleRowsAreBinaryWireBreakingAndItsReadingRowsAreNot() {
        for rule in CompatibilityTable.rules {
            guard let row = rule.evolutionRow else { continue }
            let incompatible = row.hasPrefix("reorder attributes without") || row.hasPrefix("change an attribute's type") || row.hasPrefix("append a required")
            #expect(rule.kinds.contains(.binaryWire) == incompatible, "\(rule.change)")
        }
    }
}
