import Testing
import ValuegenCore

/// The cheap scan of a module's Swift files for the types they declare, and the list the build
/// plugin writes of them (`--swift-types`).
@Suite("Swift type scanner")
struct SwiftTypeScannerTests {
    /// `name kind [conformances] line:column` for each declaration found.
    private func scan(_ source: String) -> [String] {
        SwiftTypeScanner.declarations(in: Array(source.utf8), path: "Sources/Models/Types.swift").map { declaration in
            "\(declaration.name) \(declaration.kind) \(declaration.conformances) \(declaration.line):\(declaration.column)"
        }
    }

    // MARK: - Declarations

    @Test func findsEveryKindOfTypeDeclarationWithTheLineAndColumnOfItsName() {
        #expect(scan("""
        struct Money {}
        final class Cache {}
        enum Currency {}
        actor Store {}
        protocol Pricing {}
        typealias Cents = Int
        public indirect enum Tree {}
        """) == [
            "Money struct [] 1:8",
            "Cache class [] 2:13",
            "Currency enum [] 3:6",
            "Store actor [] 4:7",
            "Pricing protocol [] 5:10",
            "Cents typealias [] 6:11",
            "Tree enum [] 7:22",
        ])
    }

    @Test func recordsThePathItWasGiven() {
        let found = SwiftTypeScanner.declarations(in: Array("struct Money {}\n".utf8), path: "Sources/Models/Money.swift")
        #expect(found == [SwiftTypeDeclaration(name: "Money", kind: "struct", conformances: [], isPublic: false, path: "Sources/Models/Money.swift", line: 1, column: 8)])
        #expect(found.first?.place == "Sources/Models/Money.swift:1:8")
    }

    @Test func findsNestedTypesByTheirOwnName() {
        #expect(scan("struct Outer {\n    enum Inner: Int {\n        case a\n    }\n}\n") == [
            "Outer struct [] 1:8",
            "Inner enum [\"Int\"] 2:10",
        ])
    }

    @Test func tellsPublicDeclarationsFromInternalOnes() {
        let found = SwiftTypeScanner.declarations(in: Array("public struct A {}\nopen class B {}\nstruct C {}\npublic final class D {}\nprivate struct E {}\n".utf8))
        #expect(found.map { "\($0.name) \($0.isPublic)" } == ["A true", "B true", "C false", "D true", "E false"])
    }

    // MARK: - Conformances

    @Test func readsTheInheritanceList() {
        #expect(scan("public struct Money: Hashable, Codable, Sendable {\n}\n") == [
            #"Money struct ["Hashable", "Codable", "Sendable"] 1:15"#,
        ])
    }

    @Test func readsConformancesAfterGenericParametersAndBeforeAWhereClause() {
        #expect(scan("""
        struct Pair<A: Hashable, B>: Equatable where A: Equatable, B: Equatable {}
        final class Cache<Key: Hashable, Value>: NSObject, @unchecked Sendable where Key: Sendable {
        }
        struct Page<Item>: Collection<Item>, Sendable {}
        """) == [
            #"Pair struct ["Equatable"] 1:8"#,
            #"Cache class ["NSObject", "Sendable"] 2:13"#,
            #"Page struct ["Collection", "Sendable"] 4:8"#,
        ])
    }

    @Test func readsAnInheritanceListOverSeveralLines() {
        #expect(scan("struct Money:\n    Hashable,\n    Sendable\n{\n}\nstruct Next {}\n") == [
            #"Money struct ["Hashable", "Sendable"] 1:8"#,
            "Next struct [] 6:8",
        ])
    }

    @Test func dropsTheSwiftModuleFromAQualifiedProtocol() {
        #expect(scan("struct Money: Swift.Sendable, Foundation.ReferenceConvertible {}\n") == [
            #"Money struct ["Sendable", "Foundation.ReferenceConvertible"] 1:8"#,
        ])
    }

    @Test func extensionWithConformancesAddsThem() {
        #expect(scan("extension Money: Sendable {}\nextension Currency: Comparable where Self: RawRepresentable {}\n") == [
            #"Money extension ["Sendable"] 1:11"#,
            #"Currency extension ["Comparable"] 2:11"#,
        ])
    }

    @Test func extensionWithoutConformancesAddsNothingButItsNestedTypes() {
        #expect(scan("extension Money {\n    struct Formatter {}\n    func formatted() -> String { \"\" }\n}\n") == [
            "Formatter struct [] 2:12",
        ])
    }

    // MARK: - What is not a declaration

    @Test func skipsLineAndNestedBlockComments() {
        #expect(scan("""
        // struct LineFake {}
        /* class BlockFake {
           /* nested: struct NestedFake {} */
           enum StillInComment {}
        */
        struct Real {}
        """) == ["Real struct [] 6:8"])
    }

    @Test func skipsStringLiterals() {
        let source = #"""
        let a = "struct StringFake {}"
        let b = "escaped \" struct EscapedFake {}"
        let c = """
            struct MultiLineFake {}
            """
        let d = #"raw " struct RawFake {}"#
        let e = ##"raw "# struct DoubleRawFake {}"##
        let f = "\(value) struct InterpolatedFake"
        struct Real {}
        """#
        #expect(scan(source) == ["Real struct [] 9:8"])
    }

    @Test func classMembersAreNotTypes() {
        #expect(scan("""
        class Factory {
            class func make() -> Factory { Factory() }
            class var shared: Factory { Factory() }
            class let x = 1
            class override func f() {}
            class final var y: Int { 0 }
        }
        """) == ["Factory class [] 1:7"])
    }

    @Test func enumCaseNamedWithAKeywordIsNotAType() {
        #expect(scan("enum Token {\n    case `enum`\n}\n") == ["Token enum [] 1:6"])
    }

    @Test func backtickedKeywordIsANameNotADeclaration() {
        // Now `indirect case \`struct\`(Post)` declares a struct 'Post', which a schema type 'Post'
        // then collides with ("also declared in the module's Swift code").
        #expect(scan("enum Token {\n    indirect case `struct`(Post)\n    case `class`\n    case other\n}\nlet `protocol` = 1\n") == [
            "Token enum [] 1:6",
        ])
    }

    @Test func memberAccessesNamedLikeKeywordsAreNotDeclarations() {
        #expect(scan("let t = Money.self\nlet u = x.struct\nstruct Money {}\n") == ["Money struct [] 3:8"])
    }

    @Test func backtickedNameIsReadWithoutTheBackticks() {
        #expect(scan("struct `Type` {}\n") == ["Type struct [] 1:9"])
        #expect(scan("enum `Protocol`: String, Sendable {}\n") == [#"Protocol enum ["String", "Sendable"] 1:7"#])
    }

    // MARK: - The list the build plugin writes

    /// The number of the line a list is rejected at; nil when it is read.
    private func malformedLine(_ text: String) -> Int? {
        if case .failure(let error) = SwiftTypeList.declarations(in: text) { return error.line }
        return nil
    }

    private let declarations = [
        SwiftTypeDeclaration(name: "Money", kind: "struct", conformances: ["Hashable", "Sendable"], isPublic: true, path: "Sources/Models/Money.swift", line: 3, column: 15),
        SwiftTypeDeclaration(name: "Currency", kind: "enum", conformances: [], isPublic: false, path: "Sources/Models/Money.swift", line: 9, column: 6),
        SwiftTypeDeclaration(name: "Money", kind: "extension", conformances: ["Codable"], isPublic: false, path: nil, line: 20, column: 11),
    ]

    @Test func listIsOneSortedLineOfTabSeparatedFieldsPerDeclaration() {
        #expect(SwiftTypeList.text(of: declarations) == """
        Currency\tenum\t\tinternal\tSources/Models/Money.swift\t9\t6
        Money\textension\tCodable\tinternal\t\t20\t11
        Money\tstruct\tHashable,Sendable\tpublic\tSources/Models/Money.swift\t3\t15

        """)
    }

    @Test func listReadsBackTheDeclarationsItWasWrittenFrom() throws {
        let read = try SwiftTypeList.declarations(in: SwiftTypeList.text(of: declarations)).get()
        #expect(Set(read) == Set(declarations))
        #expect(read.count == declarations.count)
    }

    @Test func listOfTheScannedDeclarationsReadsBackTheSame() throws {
        let scanned = SwiftTypeScanner.declarations(in: Array("public struct Money: Hashable {}\nextension Money: Sendable {}\nenum Currency {}\n".utf8), path: "M.swift")
        let read = try SwiftTypeList.declarations(in: SwiftTypeList.text(of: scanned)).get()
        #expect(Set(read) == Set(scanned))
    }

    @Test func emptyListHasNoDeclarations() throws {
        #expect(SwiftTypeList.text(of: []) == "")
        #expect(try SwiftTypeList.declarations(in: "").get() == [])
    }

    @Test func malformedLineIsRejectedWithItsLineNumber() {
        let good = "Money\tstruct\t\tpublic\tM.swift\t1\t8\n"
        #expect(malformedLine(good + "not a declaration\n") == 2)
        #expect(malformedLine(good + good + "Money\tstruct\t\tpublic\tM.swift\tone\t8\n") == 3)
        #expect(malformedLine("\tstruct\t\tpublic\tM.swift\t1\t8\n") == 1)
        #expect(malformedLine("Money\tstruct\t\tsecret\tM.swift\t1\t8\n") == 1)
    }

    @Test func lineNumberOfAMalformedLineCountsBlankLines() {
        // A person reading "types.txt:3" looks at the third line of the file.
        let good = "Money\tstruct\t\tpublic\tM.swift\t1\t8\n"
        #expect(malformedLine(good + "\n" + "bad\n") == 3)
    }
}
