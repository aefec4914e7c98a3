import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

@Suite("Parsing schema files in Swift style")
struct ParserTests {
    // MARK: - Declarations and bodies

    @Test func readsSwiftStyleAttributesInOrder() {
        let (request, diagnostics) = resolve("Models/User.value", """
        User {
          userId: Int
          nickname: String
          imageUrl: URL?
        }

        """)
        #expect(diagnostics.isEmpty)
        #expect(request.types.map(\.name) == ["User"])
        #expect(attributeTypes(request.types.first) == ["userId: Int", "nickname: String", "imageUrl: URL?"])
    }

    @Test func readsSeveralTypesInDeclarationOrder() {
        let (request, _) = resolve("Models/User.value", "User {\n  a: Int\n}\n\nAddress {\n  b: Int\n}\nEmpty {}\n")
        #expect(request.types.map(\.name) == ["User", "Address", "Empty"])
    }

    @Test func readsABodyWrittenOnOneLine() {
        let (request, diagnostics) = resolve("Models/Location.value", "Location { latitude: Double  longitude: Double }\n")
        #expect(diagnostics.isEmpty)
        #expect(attributeTypes(request.types.first) == ["latitude: Double", "longitude: Double"])
    }

    @Test func readsAnEmptyBody() {
        let (request, diagnostics) = resolve("Models/Marker.value", "Marker {}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.attributes == [])
    }

    @Test func readsWindowsLineEndings() {
        let (request, diagnostics) = resolve("Models/User.value", "# A user.\r\nUser {\r\n  # The name.\r\n  name: String = \"x\"\r\n\r\n  age: Int\r\n}\r\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.comments == ["A user."])
        #expect(request.types.first?.attributes.map(\.comments) == [["The name."], []])
        #expect(request.types.first?.attributes.first?.defaultValue == "\"x\"")
        #expect(attributeTypes(request.types.first) == ["name: String", "age: Int"])
    }

    @Test func readsTabsAsSpaces() {
        let (request, diagnostics) = resolve("Models/User.value", "User\t{\n\tname:\tString\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(attributeTypes(request.types.first) == ["name: String"])
    }

    @Test func reportsLocationsOfTypesAndAttributes() {
        let (request, _) = resolve("Models/User.value", "\n  User {\n    name: String\n}\n")
        #expect(request.types.first?.location == SourceLocation(line: 2, column: 3))
        #expect(request.types.first?.attributes.first?.location == SourceLocation(line: 3, column: 5))
    }

    // MARK: - Includes and excludes

    @Test func readsIncludesAndExcludesInEitherOrderAcrossLines() {
        let (syntax, diagnostics) = SchemaParser.parse(Array("""
        User excludes(Description) includes(Builder,
                                            With Coding) includes(RMCopying) {
          a: Int
        }

        """.utf8), kind: .value, path: "Models/User.value")
        #expect(diagnostics.isEmpty)
        #expect(syntax.types.first?.includes.map(\.text) == ["Builder", "With", "Coding", "RMCopying"])
        #expect(syntax.types.first?.excludes.map(\.text) == ["Description"])
        #expect(syntax.types.first?.includes.map(\.location) == [
            SourceLocation(line: 1, column: 37),
            SourceLocation(line: 2, column: 37),
            SourceLocation(line: 2, column: 42),
            SourceLocation(line: 2, column: 59),
        ])
    }

    // MARK: - Swift types

    @Test(arguments: [
        ("String?", "String?"),
        ("Optional<String>", "String?"),
        ("[User]", "[User]"),
        ("Array<User>", "[User]"),
        ("[String: Double]", "[String: Double]"),
        ("Dictionary<String, Double>", "Dictionary<String, Double>"),
        ("Set<String>?", "Set<String>?"),
        ("Result<Int, MyError>", "Result<Int, MyError>"),
        ("[String: Set<UUID>]", "[String: Set<UUID>]"),
        ("Optional<Set<UUID>>", "Set<UUID>?"),
        ("any Photo", "any Photo"),
        ("(any Photo)?", "(any Photo)?"),
        ("(Int)", "Int"),
        ("Swift.Int", "Swift.Int"),
        ("[ [Int] ]", "[[Int]]"),
    ])
    func resolvesSwiftTypes(written: String, swift: String) {
        let declared = swiftTypes("MyError") + swiftTypes("Photo", kind: "protocol")
        let (request, diagnostics) = resolve("Models/User.value", "%type name=Result\nUser {\n  value: \(written)\n}\n", swiftTypes: declared)
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.attributes.first?.type.swift == swift)
    }

    @Test func marksOptionalsAndExistentials() throws {
        let (request, _) = resolve("Models/User.value", "User {\n  a: URL?\n  b: any Photo\n  c: (any Photo)?\n  d: [any Photo]\n}\n")
        let types = try #require(request.types.first).attributes.map(\.type)
        #expect(types.map(\.isOptional) == [true, false, true, false])
        #expect(types.map(\.wrapped) == ["URL", "any Photo", "any Photo", "[any Photo]"])
        #expect(types.map(\.isExistential) == [false, true, true, false])
    }

    @Test func importsFoundationOnlyWhenAFoundationTypeIsUsed() {
        #expect(resolve("Models/User.value", "User {\n  a: [String: Int]\n}\n").request.imports == [])
        #expect(resolve("Models/User.value", "User {\n  a: [String: Date]\n}\n").request.imports == ["Foundation"])
        #expect(resolve("Models/User.value", "User {\n  a: Set<UUID>?\n}\n").request.imports == ["Foundation"])
    }

    // MARK: - Default values

    @Test(arguments: [
        (##"title: String = "#general""##, ##""#general""##),
        (#"title: String = "a # } b""#, #""a # } b""#),
        (##"title: String = #"raw " inside"#"##, ##"#"raw " inside"#"##),
        (#"title: String = "escaped \" quote # x""#, #""escaped \" quote # x""#),
        ("count: Int = 0", "0"),
        ("presence: Presence = .offline", ".offline"),
        ("createdAt: Date = Date(timeIntervalSince1970: 0)", "Date(timeIntervalSince1970: 0)"),
        ("scores: [String: Double] = [:]", "[:]"),
        ("list: [Int] = [1, 2]", "[1, 2]"),
        ("tags: Set<String> = [\"a\", \"}\"]", "[\"a\", \"}\"]"),
    ])
    func keepsTheDefaultValueAsWritten(line: String, defaultValue: String) {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  \(line)\n}\n", swiftTypes: swiftTypes("Presence"))
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.attributes.first?.defaultValue == defaultValue)
    }

    @Test func endsADefaultValueAtAClosingBraceThatClosesNothing() {
        let (request, diagnostics) = resolve("Models/Point.value", "Point { y: Int  x: Int = (1 + 2) * 3 }\nOther {}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.map(\.name) == ["Point", "Other"])
        #expect(request.types.first?.attributes.map(\.defaultValue) == [nil, "(1 + 2) * 3"])
    }

    @Test func endsADefaultValueAtAComment() {
        let (request, _) = resolve("Models/User.value", "User {\n  title: String = \"x\"   # Shown in the bar.\n}\n")
        let attribute = request.types.first?.attributes.first
        #expect(attribute?.defaultValue == "\"x\"")
        #expect(attribute?.comments == ["Shown in the bar."])
    }

    // MARK: - Comments

    @Test func turnsCommentsIntoDocComments() throws {
        let (request, _) = resolve("Models/User.value", """
        # A user of the app.
        #
        # Two users are equal when their ids are.
        User {
          # The server's identifier.
          #   Never changes.
          userId: Int
          nickname: String
        }

        """)
        let type = try #require(request.types.first)
        #expect(type.comments == ["A user of the app.", "", "Two users are equal when their ids are."])
        #expect(type.attributes.map(\.comments) == [["The server's identifier.", "  Never changes."], []])
    }

    @Test func printsDocCommentsWithTripleSlashes() throws {
        let file = generate("Models/User.value", "# A user.\n#\n# Equal by id.\nUser {\n  # The id.\n  userId: Int\n}\n")
        let contents = try #require(file.contents)
        #expect(contents.declarationSection.hasPrefix("""
        /// A user.
        ///
        /// Equal by id.
        public struct User {
            /// The id.
            public let userId: Int

        """))
    }

    @Test func aBlankLineDetachesAComment() throws {
        let (request, _) = resolve("Models/User.value", """
        # Copyright 2025 Example Inc.

        # A user.
        User {
          # Unrelated remark.

          name: String
        }

        """)
        let type = try #require(request.types.first)
        #expect(type.comments == ["A user."])
        #expect(type.attributes.first?.comments == [])
    }

    @Test func addsATrailingCommentToTheAttributesDocComment() {
        let (request, _) = resolve("Models/User.value", "User {\n  # The id.\n  userId: Int   # Never changes.\n  name: String\n}\n")
        #expect(request.types.first?.attributes.map(\.comments) == [["The id.", "Never changes."], []])
    }

    @Test func keepsACommentAcrossTheAnnotationsBetweenItAndTheDeclaration() {
        let (request, _) = resolve("Models/User.value", "User {\n  # The token.\n  %redacted\n  token: String\n}\n")
        #expect(request.types.first?.attributes.first?.comments == ["The token."])
        #expect(request.types.first?.attributes.first?.isRedacted == true)
    }

    @Test func documentsSubtypesAndTheirAttributes() throws {
        let (request, _) = resolve("Models/Status.adtValue", """
        # Where a message is.
        Status {
          # Sent to the server.
          Sent {
            # When it left.
            at: Date
          }
        }

        """)
        let type = try #require(request.types.first)
        #expect(type.comments == ["Where a message is."])
        #expect(type.cases.first?.comments == ["Sent to the server."])
        #expect(type.cases.first?.attributes.first?.comments == ["When it left."])
    }

    // MARK: - Annotations

    @Test func readsQuotedAnnotationValuesWithEscapes() throws {
        let (request, _) = resolve("Models/User.value", #"""
        User {
          %deprecated message="use \"statusText\"; see C:\\docs\\status.md" since=2.0
          mood: String?
        }

        """#)
        let annotation = try #require(request.types.first?.attributes.first?.annotations.first)
        #expect(annotation.name == "deprecated")
        #expect(annotation.arguments == [
            AnnotationArgument(key: "message", value: #"use "statusText"; see C:\docs\status.md"#, location: SourceLocation(line: 2, column: 15), valueLocation: SourceLocation(line: 2, column: 23)),
            AnnotationArgument(key: "since", value: "2.0", location: SourceLocation(line: 2, column: 69), valueLocation: SourceLocation(line: 2, column: 75)),
        ])
        #expect(annotation.location == SourceLocation(line: 2, column: 3))
    }

    @Test func takesTheFirstValueOfARepeatedKey() {
        let (request, _) = resolve("Models/User.value", "User {\n  %codingKey name=first name=second\n  a: Int\n}\n")
        #expect(request.types.first?.attributes.first?.codingKey == "first")
    }

    @Test func endsAnAnnotationAtAComment() {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  %codingKey name=zip # the old key\n  a: Int\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.attributes.first?.annotations.first?.arguments == [AnnotationArgument(key: "name", value: "zip", location: SourceLocation(line: 2, column: 14), valueLocation: SourceLocation(line: 2, column: 19))])
    }

    @Test func attachesAnnotationsAcrossBlankLinesAndComments() {
        let (request, _) = resolve("Models/User.value", "%owner team=accounts\n\n# A user.\nUser {\n  a: Int\n}\n")
        #expect(request.types.first?.annotations.map(\.name) == ["owner"])
        #expect(request.types.first?.comments == ["A user."])
    }
}
