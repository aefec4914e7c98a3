import Testing
import ValuegenPluginSDK
import ValuegenCore

/// `%storage indirect` (issue 15): the annotation's bare value, its checks, the declaration it
/// gives, and the names it takes. IndirectStorageCompileTests runs the code.
@Suite("Indirect storage")
struct IndirectStorageTests {
    @Test func anAnnotationMayHaveOneBareValue() throws {
        let (request, diagnostics) = resolve("Models/Big.value", "%storage indirect   # shared\nBig {\n  a: Int\n}\n")
        #expect(diagnostics.isEmpty)
        let annotation = try #require(request.types.first?.annotation("storage"))
        #expect(annotation.bareValue == "indirect")
        #expect(annotation.arguments.map(\.key) == [""])
        #expect(request.types.first?.hasIndirectStorage == true)
    }

    @Test func aBareValueMustStandAlone() {
        #expect(diagnostics("Models/Big.value", "%storage indirect x=1\nBig {\n  a: Int\n}\n")
            == ["Models/Big.value:1:18: error: expected '=' after 'indirect' in annotation '%storage'"])
        #expect(diagnostics("Models/Big.value", "%storage a=1 indirect\nBig {\n  a: Int\n}\n")
            == ["Models/Big.value:1:22: error: expected '=' after 'indirect' in annotation '%storage'"])
    }

    @Test func anAnnotationThatTakesArgumentsTakesNoBareValue() {
        #expect(diagnostics("Models/User.value", "User {\n  %codingKey name\n  a: Int\n}\n")
            == ["Models/User.value:2:18: error: expected '=' after 'name' in annotation '%codingKey'"])
    }

    @Test func storageIsCheckedWhereItIsWritten() {
        #expect(diagnostics("Models/Big.value", "%storage indirct\nBig {\n  a: Int\n}\n")
            == ["Models/Big.value:1:10: error: unknown storage 'indirct' in '%storage'; did you mean 'indirect'?"])
        #expect(diagnostics("Models/Big.value", "%storage kind=indirect\nBig {\n  a: Int\n}\n")
            == ["Models/Big.value:1:1: error: '%storage' takes one word, 'indirect' or 'inline': %storage indirect"])
        #expect(diagnostics("Models/Shape.adtValue", "%storage indirect\nShape {\n  A\n}\n")
            == ["Models/Shape.adtValue:1:1: error: '%storage' applies to values, and 'Shape' is not one: an ADT's cases are boxed by Swift where they must be ('indirect'); remove it"])
        #expect(diagnostics("Models/Box.object", "%storage indirect\nBox {\n  a: Int\n}\n")
            == ["Models/Box.object:1:1: error: '%storage' applies to values, and 'Box' is not one: an object is a class, stored by reference already; remove it"])
        #expect(diagnostics("Models/Big.value", "%storage inline\nBig {\n  a: Int\n}\n").isEmpty)
    }

    @Test func theValueReadsItsAttributesFromOneBox() throws {
        let file = generate("Models/Big.value", "%storage indirect\nBig {\n  a: Int\n  b: String = \"x\"\n}\n")
        #expect(file.diagnostics.isEmpty)
        let value = try #require(file.contents)
        #expect(value.contains("    public var a: Int { _storage.a }\n    public var b: String { _storage.b }"))
        #expect(value.contains("    private let _storage: Storage"))
        #expect(value.contains("    private final class Storage: Sendable {"))
        #expect(value.contains("public init(a: Int, b: String = \"x\") {\n        _storage = Storage(a: a, b: b)\n    }"))
        // Equality is written out: the compiler cannot compare the box.
        let equality = try #require(file.contents?.featureSection("Big", "Equality"))
        #expect(equality.contains("public static func == (lhs: Big, rhs: Big) -> Bool"))
    }

    @Test func theNamesOfTheBoxAreTaken() {
        #expect(moduleDiagnostics([("Models/Big.value", "%storage indirect\nBig {\n  _storage: Int\n}\n")])
            == ["Models/Big.value:3:3: error: attribute '_storage' collides with 'private let _storage' of %storage indirect, which the Value feature generates for 'Big'; rename the attribute"])
    }
}
