import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// A value type that holds itself: ADT cases on the cycle become `indirect`, arrays and
/// objects break a cycle, and a cycle of structs alone is a schema error.
@Suite("Recursive types")
struct RecursiveTypeTests {
    private func declaration(_ path: String, _ text: String) throws -> String {
        let file = generate(path, text)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        return try #require(file.contents).declarationSection
    }

    /// The cases marked indirect when the files are resolved together, as `ADT.case`.
    private func indirectCases(_ files: [(String, String)]) -> [String] {
        let (requests, diagnostics) = resolveModule(files.map { (path: $0.0, text: $0.1) })
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return requests.flatMap { request in
            request.types.flatMap { type in
                type.cases.filter(\.isIndirect).map { "\(type.name).\($0.name)" }
            }
        }
    }

    // MARK: - Indirect cases

    @Test func marksTheCaseThatHoldsItsOwnADTIndirectAndNoOther() throws {
        #expect(try declaration("Tree.adtValue", "Tree {\n  Leaf\n  Node {\n    child: Tree\n    label: String\n  }\n}\n") == """
        public enum Tree {
            case leaf
            indirect case node(child: Tree, label: String)
        }
        """)
    }

    @Test func marksACaseThatHoldsItsADTThroughAnOptionalOrASinglePayload() throws {
        #expect(try declaration("List.adtValue", """
        List {
          Empty
          Cell { head: Int  tail: List? }
          %singleAttributeSubtype attributeType="List"
          Reversed
          %nullable
          %singleAttributeSubtype attributeType="List"
          Maybe
        }

        """) == """
        public enum List {
            case empty
            indirect case cell(head: Int, tail: List? = nil)
            indirect case reversed(List)
            indirect case maybe(List?)
        }
        """)
    }

    @Test func doesNotMarkACaseThatHoldsItsADTInACollection() throws {
        #expect(try declaration("Tree.adtValue", """
        Tree {
          Node { children: [Tree]  tags: Set<Tree>  named: [String: Tree]  maybe: [Tree]? }
        }

        """) == """
        public enum Tree {
            case node(children: [Tree], tags: Set<Tree>, named: [String: Tree], maybe: [Tree]? = nil)
        }
        """)
    }

    @Test func marksTheCasesOfMutuallyRecursiveADTsInOneFile() throws {
        let schema = """
        Expression {
          Number { value: Double }
          Call { callee: Name  argument: Expression }
        }
        Name {
          Plain { text: String }
          Computed { expression: Expression }
        }

        """
        #expect(indirectCases([("Expression.adtValue", schema)]) == ["Expression.call", "Name.computed"])
        let contents = try #require(generate("Expression.adtValue", schema).contents)
        #expect(contents.contains("    case plain(text: String)\n    indirect case computed(expression: Expression)\n"))
    }

    @Test func marksACaseThatHoldsItsADTThroughAStructOfAnotherFile() {
        #expect(indirectCases([
            ("Item.adtValue", "Item {\n  Single { value: Int }\n  Nested { pair: Pair }\n}\n"),
            ("Pair.value", "Pair {\n  first: Item\n  second: Item?\n}\n"),
        ]) == ["Item.nested"])
    }

    @Test func marksACaseThatHoldsItsADTThroughAStructAndAnotherADT() {
        #expect(indirectCases([
            ("Document.adtValue", "Document {\n  Text { body: String }\n  Section { heading: Heading }\n}\nStyle {\n  Plain\n  Nested { document: Document? }\n}\n"),
            ("Heading.value", "Heading {\n  style: Style\n  size: Int\n}\n"),
        ]) == ["Document.section", "Style.nested"])
    }

    @Test func anObjectBreaksTheCycle() {
        #expect(indirectCases([
            ("Item.adtValue", "Item {\n  Owned { owner: Owner }\n}\n"),
            ("Owner.object", "Owner {\n  item: Item\n}\n"),
        ]) == [])
    }

    @Test func aStructOfAnotherFileThatIsNotOnACycleLeavesTheCasePlain() {
        #expect(indirectCases([
            ("Item.adtValue", "Item {\n  Single { pair: Pair }\n}\n"),
            ("Pair.value", "Pair {\n  first: Int\n}\n"),
        ]) == [])
    }

    @Test func theFlagReachesPluginsThroughTheRequestJSON() throws {
        var request = resolve("Tree.adtValue", "Tree {\n  Leaf\n  Node { child: Tree }\n}\n").request
        request = StorageCycles([request]).apply(to: request)
        let decoded = try GenerationRequest(json: request.json)
        #expect(decoded.types[0].cases.map(\.isIndirect) == [false, true])
        #expect(decoded == request)
    }

    // MARK: - Cycles of structs

    @Test func reportsAStructThatHoldsItselfThroughAnOptional() {
        #expect(diagnostics("Node.value", "Node {\n  value: Int\n  next: Node?\n}\n") == [
            "Node.value:3:3: error: value 'Node' holds itself through Node.next → Node, so it would be infinitely large; add '%storage indirect' before 'Node' (its attributes then live in a shared box; its API, JSON and == stay the same), or make one of these attributes an array (next: [Node]), or one of the types an ADT (.adtValue) or an object (.object)",
        ])
    }

    @Test func reportsEveryStructOfACycleAtTheAttributeThatStartsIt() {
        #expect(diagnostics("A.value", "A {\n  b: B\n}\nB {\n  count: Int\n  a: A?\n}\n") == [
            "A.value:2:3: error: value 'A' holds itself through A.b → B.a → A, so it would be infinitely large; add '%storage indirect' before 'A' (its attributes then live in a shared box; its API, JSON and == stay the same), or make one of these attributes an array (b: [B]), or one of the types an ADT (.adtValue) or an object (.object)",
            "A.value:6:3: error: value 'B' holds itself through B.a → A.b → B, so it would be infinitely large; add '%storage indirect' before 'B' (its attributes then live in a shared box; its API, JSON and == stay the same), or make one of these attributes an array (a: [A]), or one of the types an ADT (.adtValue) or an object (.object)",
        ])
    }

    @Test func reportsAStructCycleAcrossFilesInEachFile() {
        let requests = [
            GeneratorPipeline().resolve(SchemaSource(path: "A.value", text: "A {\n  b: B\n}\n"), settings: GenerationSettings()).model!,
            GeneratorPipeline().resolve(SchemaSource(path: "B.value", text: "B {\n  a: A\n}\n"), settings: GenerationSettings()).model!,
        ]
        let cycles = StorageCycles(requests)
        #expect(cycles.diagnostics(for: "A.value").map(\.description) == [
            "A.value:2:3: error: value 'A' holds itself through A.b → B.a → A, so it would be infinitely large; make one of these attributes an array (b: [B]), or one of the types an ADT (.adtValue) or an object (.object)",
        ])
        #expect(cycles.diagnostics(for: "B.value").count == 1)
    }

    @Test func aStructHoldingItselfInAnArrayOrThroughAnADTIsNoError() {
        #expect(diagnostics("Node.value", "Node {\n  children: [Node]\n  parent: [String: Node]?\n}\n") == [])
        #expect(indirectCases([
            ("Node.value", "Node {\n  link: Link?\n}\n"),
            ("Link.adtValue", "Link {\n  None\n  To { node: Node }\n}\n"),
        ]) == ["Link.to"])
    }

    // MARK: - Indirect storage (issue 25)

    @Test func aBoxedValueMayHoldItselfThroughAnOptionalAnArrayOrADictionary() {
        let schema = "%storage indirect\nStatus {\n  text: String\n  retweetedStatus: Status?\n  replies: [Status]\n  quoted: [String: Status]?\n}\n"
        #expect(diagnostics("Status.value", schema) == [])
    }

    @Test func oneBoxedValueBreaksACycleOfSeveral() {
        #expect(diagnostics("A.value", "%storage indirect\nA {\n  b: B?\n}\nB {\n  a: A\n}\n") == [])
    }

    @Test func aCycleOfRequiredAttributesIsRefusedEvenWhenBoxed() {
        #expect(diagnostics("Node.value", "%storage indirect\nNode {\n  value: Int\n  next: Node\n}\n") == [
            "Node.value:4:3: error: value 'Node' holds itself through Node.next → Node with no Optional, array or ADT on the way, so no value of it could ever be made; make one of these attributes optional (next: Node?) or an array (next: [Node])",
        ])
    }

    @Test func aCycleWithNoOptionalGetsNoAdviceToBox() {
        #expect(diagnostics("Node.value", "Node {\n  next: Node\n}\n") == [
            "Node.value:2:3: error: value 'Node' holds itself through Node.next → Node, so it would be infinitely large; make one of these attributes an array (next: [Node]), or one of the types an ADT (.adtValue) or an object (.object)",
        ])
    }

    @Test func theBoxOfAValueThatHoldsItselfReleasesItsChainInALoop() throws {
        let text = try declaration("Comment.value", "%storage indirect\nComment {\n  text: String\n  parent: Comment?\n  replies: [Comment]\n}\n")
        #expect(text.contains("""
                private final class Storage: Sendable {
                    let text: String
                    nonisolated(unsafe) var parent: Comment?
                    let replies: [Comment]
            """), "\(text)")
        #expect(text.contains("""
                    /// Releases a long chain one box at a time rather than one `deinit` inside another.
                    deinit {
                        if var box = parent?._storage {
                            parent = nil
                            while isKnownUniquelyReferenced(&box), let next = box.parent?._storage {
                                box.parent = nil
                                box = next
                            }
                        }
                    }
            """), "\(text)")
    }

    @Test func aBoxedValueThatDoesNotHoldItselfHasNoDeinit() throws {
        let text = try declaration("Big.value", "%storage indirect\nBig {\n  text: String\n  other: String?\n}\n")
        #expect(!text.contains("deinit"))
        #expect(text.contains("let other: String?"))
    }
}
