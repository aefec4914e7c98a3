import Testing
@testable import ValuegenCore

/// `valuegen compat`'s findings format by format and direction by direction: which coders a
/// change breaks, for new code reading old data or old code reading new data, and which only
/// some values break (issue 37).
@Suite struct CompatibilityFormatTests {
    /// `kind change member direction formats` for each finding between two versions of the
    /// files (Swift source and additive findings have neither direction nor formats).
    private func findings(_ old: [(String, String)], _ new: [(String, String)]) -> [String] {
        let before = SchemaSnapshot.resolve(old.map { SchemaSource(path: $0.0, text: $0.1) })
        let after = SchemaSnapshot.resolve(new.map { SchemaSource(path: $0.0, text: $0.1) })
        #expect(before.errors.isEmpty && after.errors.isEmpty, "\(before.errors) \(after.errors)")
        return SchemaComparison(old: before, new: after).findings().map { finding in
            let formats = finding.formats.map(\.rawValue).joined(separator: ",")
            return "\(finding.kind.rawValue) \(finding.change.rawValue) \(finding.member ?? finding.owner)" + (finding.direction.map { " \($0.rawValue) \(formats)" } ?? "")
        }
    }

    private func note(_ old: String, _ new: String) -> [String] {
        findings([("Note.value", old)], [("Note.value", new)])
    }

    private func messages(_ old: [(String, String)], _ new: [(String, String)]) -> [String] {
        let before = SchemaSnapshot.resolve(old.map { SchemaSource(path: $0.0, text: $0.1) })
        let after = SchemaSnapshot.resolve(new.map { SchemaSource(path: $0.0, text: $0.1) })
        return SchemaComparison(old: before, new: after).findings().map { $0.description(allowed: []) }
    }

    // MARK: - Defaults of optionals

    @Test func givingAnOptionalADefaultTurnsEverySavedNilIntoTheDefaultInEveryFormat() {
        #expect(note("Note includes(Persistence) {\n  note: String?\n}\n", "Note includes(Persistence) {\n  note: String? = \"dflt\"\n}\n") == [
            "binary-wire optional-default-added note old-data binary",
            "json-wire optional-default-added note old-data json",
            "persistence optional-default-added note old-data persistence-binary,persistence-json,persistence-plist",
            // New code writes nil as a field old Binary readers refuse.
            "value-range optional-default-added note new-data binary,persistence-binary",
        ])
        #expect(messages([("Note.value", "Note includes(Persistence) {\n  note: String?\n}\n")], [("Note.value", "Note includes(Persistence) {\n  note: String? = \"dflt\"\n}\n")])[2]
            == #"Note.value:2:3: error: [persistence] optional attribute 'note' has the default "dflt", had none: a nil in Persistence files saved before (left out) reads as the default, silently: the nil saved is lost"#)
    }

    @Test func removingAnOptionalsDefaultMakesOldCodeReadNilAsItsDefault() {
        #expect(note("Note includes(JSON, Binary) {\n  note: String? = \"x\"\n}\n", "Note includes(JSON, Binary) {\n  note: String?\n}\n") == [
            "binary-wire optional-default-removed note new-data binary",
            "json-wire optional-default-removed note new-data json",
            "value-range optional-default-removed note old-data binary",
        ])
        // A nil default is no default: nothing changes on the wire.
        #expect(note("Note includes(JSON) {\n  note: String? = nil\n}\n", "Note includes(JSON) {\n  note: String?\n}\n") == [])
    }

    @Test func anOptionalMadeRequiredWithADefaultReadsASavedNilAsTheDefault() {
        #expect(note("Note includes(JSON) {\n  count: Int?\n}\n", "Note includes(JSON) {\n  count: Int = 3\n}\n") == [
            "json-wire made-required-with-default count old-data json", "swift-source made-required-with-default count",
        ])
        // Without a default, a saved nil is an error: only the data can tell.
        #expect(note("Note includes(JSON) {\n  count: Int?\n}\n", "Note includes(JSON) {\n  count: Int\n}\n") == [
            "value-range made-required count old-data json", "swift-source made-required count",
        ])
    }

    // MARK: - Integers and floating-point numbers

    @Test func aSignednessChangeMisreadsBinaryAndDependsOnTheValuesElsewhere() {
        #expect(note("Note includes(Persistence) {\n  count: Int\n  small: UInt8\n  both: [Int8: UInt]\n}\n", "Note includes(Persistence) {\n  count: UInt\n  small: Int\n  both: [UInt8: Int]\n}\n") == [
            "binary-wire integer-signedness-changed count both binary",
            // -5 saved as Int is an error as UInt, and UInt.max saved after is one as Int.
            "value-range integer-signedness-changed count both persistence-binary,persistence-json,persistence-plist,json",
            "swift-source integer-signedness-changed count",
            "binary-wire integer-signedness-changed small both binary",
            // Every UInt8 is an Int; old code reading 300 as UInt8 is the error.
            "value-range integer-signedness-changed small new-data persistence-binary,persistence-json,persistence-plist,json",
            "swift-source integer-signedness-changed small",
            "binary-wire integer-signedness-changed both both binary",
            "value-range integer-signedness-changed both both persistence-binary,persistence-json,persistence-plist,json",
            "swift-source integer-signedness-changed both",
        ])
    }

    @Test func aNarrowedIntegerReadsOldDataWhileItsValuesFit() {
        #expect(note("Note includes(Persistence) {\n  count: Int64\n  same: Int\n}\n", "Note includes(Persistence) {\n  count: Int32\n  same: Int64\n}\n") == [
            "value-range integer-narrowed count old-data binary,persistence-binary,persistence-json,persistence-plist,json",
            "swift-source integer-narrowed count",
            // Int and Int64 hold the same values: only the spelling changed.
            "swift-source integer-widened same",
        ])
    }

    @Test func aDoubleMadeFloatReadsJSONRoundedAndIsRefusedByBinaryFormats() {
        #expect(note("Note includes(JSON) {\n  ratio: Double\n}\n", "Note includes(JSON) {\n  ratio: Float\n}\n") == [
            "value-range double-to-float ratio old-data json", "swift-source double-to-float ratio",
        ])
        #expect(note("Note includes(Persistence) {\n  ratio: Double\n}\n", "Note includes(Persistence) {\n  ratio: Float\n}\n") == [
            "binary-wire double-to-float ratio both binary",
            "persistence double-to-float ratio both persistence-binary",
            // Foundation's property list decoder refuses a number that is not exactly a Float.
            "persistence double-to-float ratio old-data persistence-plist",
            "value-range double-to-float ratio old-data persistence-json,json",
            "swift-source double-to-float ratio",
        ])
        #expect(note("Note includes(JSON) {\n  ratio: Float\n}\n", "Note includes(JSON) {\n  ratio: Double\n}\n") == [
            "value-range float-to-double ratio new-data json", "swift-source float-to-double ratio",
        ])
    }

    // MARK: - Types JSON reads alike

    @Test func aStringThatBecomesAnEnumerationReadsWhileItsStringsAreTags() {
        let kind = ("Kind.adtValue", "Kind includes(JSON) {\n  Work\n  Home\n}\n")
        #expect(findings([("Note.value", "Note includes(JSON) {\n  kind: String\n}\n")], [kind, ("Note.value", "Note includes(JSON) {\n  kind: Kind\n}\n")]) == [
            "additive type-added Kind",
            "value-range string-to-enumeration kind old-data json", "swift-source string-to-enumeration kind",
        ])
        // An enumeration with an unknown case, or coded otherwise, is another type for JSON.
        let unknown = ("Kind.adtValue", "Kind includes(JSON) {\n  Work\n  %unknownCase\n  Other\n}\n")
        #expect(findings([("Note.value", "Note includes(JSON) {\n  kind: String\n}\n")], [unknown, ("Note.value", "Note includes(JSON) {\n  kind: Kind\n}\n")]).contains("json-wire type-changed kind both json"))
        #expect(findings([kind, ("Note.value", "Note includes(JSON) {\n  kind: Kind\n}\n")], [kind, ("Note.value", "Note includes(JSON) {\n  kind: String\n}\n")]) == [
            "value-range enumeration-to-string kind new-data json", "swift-source enumeration-to-string kind",
        ])
    }

    @Test func aRenamedNestedTypeReadsInJSONAndBinaryButNotInPersistenceBinaryFiles() {
        let contact = { (type: String) in ("Contact.value", "Contact includes(Persistence) {\n  name: String\n  homes: [\(type)]\n}\n") }
        let address = ("Address.value", "Address includes(Persistence) {\n  city: String\n  zip: String?\n}\n")
        let place = ("Place.value", "Place includes(Persistence) {\n  city: String\n  zip: String?\n}\n")
        #expect(findings([contact("Address"), address], [contact("Place"), place]) == [
            "swift-source type-removed Address",
            "persistence type-renamed homes both persistence-binary", "swift-source type-renamed homes",
            "additive type-added Place",
        ])
        // Another attribute makes it another type.
        let other = ("Place.value", "Place includes(Persistence) {\n  city: String\n  street: String\n}\n")
        #expect(findings([contact("Address"), address], [contact("Place"), other]).contains("json-wire type-changed homes both json"))
    }

    // MARK: - Directions

    @Test func removingARequiredAttributeBreaksOnlyOldReadersOfNewData() {
        #expect(note("Note includes(Persistence) {\n  title: String\n  count: Int\n}\n", "Note includes(Persistence) {\n  title: String\n}\n") == [
            "binary-wire required-attribute-removed Note new-data binary",
            "json-wire required-attribute-removed Note new-data json",
            "persistence required-attribute-removed Note new-data persistence-binary,persistence-json,persistence-plist",
            "swift-source required-attribute-removed Note",
        ])
    }

    @Test func aRenamedAttributeWhoseKeyIsKeptBreaksOnlyPersistenceBinaryFiles() {
        // JSON reads by key, Persistence's binary files by name.
        #expect(note("Note includes(Persistence) {\n  title: String\n}\n", "Note includes(Persistence) {\n  %codingKey name=title\n  headline: String\n}\n") == [
            "persistence attribute-renamed headline both persistence-binary", "swift-source attribute-renamed headline",
        ])
        #expect(messages([("Note.value", "Note includes(Persistence) {\n  title: String\n}\n")], [("Note.value", "Note includes(Persistence) {\n  %codingKey name=title\n  headline: String\n}\n")])[0]
            == "Note.value:3:3: error: [persistence] attribute 'title' of 'Note' is renamed 'headline': Persistence binary files name attributes, and neither version reads the other's name: an error, or nil or the default instead of the value saved; keep reading it with '%codingLegacyKey name=title' before it")
        // A legacy key that is the old name keeps both.
        #expect(note("Note includes(Persistence) {\n  title: String\n}\n", "Note includes(Persistence) {\n  %codingKey name=title\n  %codingLegacyKey name=title\n  headline: String\n}\n") == [
            "swift-source attribute-renamed headline",
        ])
    }

    @Test func aTransientAttributeChangesOnlyItsSwiftAPI() {
        #expect(note("Note includes(Persistence) {\n  title: String\n  %transient\n  cache: Int = 0\n}\n", "Note includes(Persistence) {\n  title: String\n  %transient\n  cache: String = \"\"\n}\n") == [
            "swift-source wire-type-changed cache",
        ])
    }

    // MARK: - Unknown cases

    @Test func aRemovedCaseOfAnADTThatKeepsUnknownCasesIsReadAsTheUnknownCaseNotRefused() {
        let old = "Status includes(JSON, Binary) {\n  Placed\n  Shipped { carrier: String }\n  %unknownCase\n  Other\n}\n"
        let new = "Status includes(JSON, Binary) {\n  Shipped { carrier: String }\n  %unknownCase\n  Other\n}\n"
        let lines = messages([("Status.adtValue", old)], [("Status.adtValue", new)])
        #expect(lines.contains("Status.adtValue:1:1: error: [json-wire] case 'placed' (Status.adtValue:2:3) is removed from 'Status': JSON written before that holds the case reads it as the unknown case 'other': silently another case, not refused"))
        #expect(lines.contains("Status.adtValue:1:1: error: [binary-wire] case 'placed' (Status.adtValue:2:3) is removed from 'Status': data written by binaryData() before that holds the case reads it as the unknown case 'other': silently another case, not refused"))
        #expect(!lines.contains { $0.contains("refused") && !$0.contains("not refused") })
        // Without %unknownCase the same removal is refused.
        let plain = messages([("S.adtValue", "S includes(JSON) {\n  A { x: Int }\n  B { y: Int }\n}\n")], [("S.adtValue", "S includes(JSON) {\n  B { y: Int }\n}\n")])
        #expect(plain.contains("S.adtValue:1:1: error: [json-wire] case 'a' (S.adtValue:2:3) is removed from 'S': JSON written before that holds the case is refused"))
    }

    // MARK: - The table

    /// A finding about data says where and for whom; one about Swift source or an addition
    /// neither. Only value ranges leave the direction to the types.
    @Test func everyConsequenceAboutDataNamesItsFormatsAndReadersAndNoOtherDoes() {
        for rule in CompatibilityTable.rules {
            for consequence in rule.consequences {
                let aboutData = CompatibilityKind.dataKinds.contains(consequence.kind)
                #expect(consequence.formats.isEmpty == !aboutData, "\(rule.change) \(consequence.kind)")
                if aboutData {
                    #expect(consequence.direction != nil || consequence.kind == .valueRange, "\(rule.change) \(consequence.kind)")
                } else {
                    #expect(consequence.direction == nil, "\(rule.change) \(consequence.kind)")
                }
                // A value that reads silently different is breaking, never a value range.
                #expect(consequence.kind != .valueRange || !consequence.text.contains("silently"), "\(rule.change)")
            }
        }
    }

    // MARK: - Severity

    @Test func aValueRangeFindingIsAWarningThatDoesNotFailTheCheck() {
        let before = SchemaSnapshot.resolve([SchemaSource(path: "Note.value", text: "Note includes(JSON) {\n  count: Int64\n}\n")])
        let after = SchemaSnapshot.resolve([SchemaSource(path: "Note.value", text: "Note includes(JSON) {\n  count: Int32\n}\n")])
        var report = CompatibilityReport(allowed: [.swiftSource])
        report.findings = SchemaComparison(old: before, new: after).findings()
        #expect(report.text == """
            Note.value:2:3: warning: [value-range] attribute 'count' is Int32, was Int64: new code reads JSON written before while the values fit the new type; another value is an error naming the attribute
            Note.value:2:3: warning: [swift-source] attribute 'count' is Int32, was Int64: code that passes or reads the old type no longer compiles
            compatible; allowed: swift-source 1; also value-range 1

            """)
        #expect(report.exitCode == 0)
    }
}
