import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// Model protocols (issue 15): `protocol Name: Refined { attributes }` in any schema file, and
/// `Type: Protocol, Protocol { ... }` on a value or an object, which gets the protocols'
/// attributes as its own, before its own. ProtocolsCompileTests runs the generated code.
@Suite("Protocols")
struct ProtocolTests {
    static let protocols = """
    # Has an identity.
    protocol Identified {
      # The server's id.
      id: Int
    }

    protocol Timestamped: Identified {
      createdAt: Date
      %codingKey name="edited"
      editedAt: Date?
    }

    """

    // MARK: - Syntax

    @Test func parsesProtocolsRefinementsAndAdoptions() throws {
        let (syntax, diagnostics) = SchemaParser.parse(Array("protocol A: B, C {\n  x: Int\n}\nT: A,\n   D includes(With) {\n  y: Int\n}\n".utf8), kind: .value, path: "M.value")
        #expect(diagnostics.isEmpty)
        #expect(syntax.types.map(\.name.text) == ["A", "T"])
        #expect(syntax.types.map(\.isProtocol) == [true, false])
        #expect(syntax.types[0].protocols.map(\.text) == ["B", "C"])
        #expect(syntax.types[0].attributes.map(\.name.text) == ["x"])
        #expect(syntax.types[1].protocols.map(\.text) == ["A", "D"])
        #expect(syntax.types[1].protocols[1].location == SourceLocation(line: 5, column: 4))
        #expect(syntax.types[1].includes.map(\.text) == ["With"])
    }

    @Test func aProtocolInAnADTFilesAttributesAreThoseOfValues() throws {
        let (requests, diagnostics) = resolveModule([
            ("Models/Shape.adtValue", "protocol Sized {\n  %range min=0\n  size: Int\n}\nShape {\n  Circle\n}\n"),
            ("Models/Box.value", "Box: Sized {\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        #expect(requests[0].protocols.first?.attributes.map(\.name) == ["size"])
        #expect(requests[1].types.first?.includes.contains("Validation") == true)
    }

    @Test func aProtocolInAnADTFileHasAttributes() {
        let (syntax, diagnostics) = SchemaParser.parse(Array("protocol Sized {\n  size: Int\n}\nShape {\n  Circle\n}\n".utf8), kind: .adtValue, path: "Shape.adtValue")
        #expect(diagnostics.isEmpty)
        #expect(syntax.types[0].attributes.map(\.name.text) == ["size"])
        #expect(syntax.types[1].subtypes.map(\.name.text) == ["Circle"])
    }

    @Test func malformedDeclarationsAreSyntaxErrors() {
        #expect(diagnostics("M.value", "T: {\n  x: Int\n}\n") == ["M.value:1:4: error: expected a protocol name after 'T:', found '{'"])
        #expect(diagnostics("M.value", "protocol P includes(With) {\n  x: Int\n}\n")
            == ["M.value:1:12: error: a protocol takes no 'includes(...)': features belong to the types that adopt it; move 'includes(...)' to them"])
        #expect(diagnostics("M.value", "protocol class {\n  x: Int\n}\n") == ["M.value:1:10: error: 'class' is a Swift keyword and cannot name a protocol"])
        #expect(diagnostics("M.value", "protocol P {\n  x: Int\n") == ["M.value:1:12: error: unterminated body of protocol 'P': expected '}'"])
    }

    // MARK: - Adopted attributes

    @Test func anAdoptingTypeGetsTheProtocolsAttributesFirstInOrder() throws {
        let (requests, diagnostics) = resolveModule([
            ("Models/Protocols.value", Self.protocols),
            ("Models/Post.value", "%codingKeys style=snake_case\nPost: Timestamped, Titled {\n  body: String\n}\nprotocol Titled {\n  title: String = \"\"\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        let post = try #require(requests[1].type(named: "Post"))
        #expect(attributeTypes(post) == ["id: Int", "createdAt: Date", "editedAt: Date?", "title: String", "body: String"])
        #expect(post.protocols == ["Timestamped", "Titled"])
        #expect(post.attributes.map(\.protocolName) == ["Identified", "Timestamped", "Timestamped", "Titled", nil])
        // Resolved in the adopting type's context: its key style, the protocol's own %codingKey.
        #expect(post.attributes.map(\.codingKey) == ["id", "created_at", "edited", "title", "body"])
        #expect(post.attributes.map(\.comments) == [["The server's id."], [], [], [], []])
        #expect(post.attributes[3].defaultValue == "\"\"")
        // Reported at the protocol's name after the type's: where the type's author can act.
        #expect(post.attributes.map(\.location) == [SourceLocation(line: 2, column: 7)] + Array(repeating: SourceLocation(line: 2, column: 7), count: 2) + [SourceLocation(line: 2, column: 20), SourceLocation(line: 3, column: 3)])
        // The type's file imports what the adopted attributes need.
        #expect(requests[1].imports == ["Foundation"])
        #expect(requests[0].protocols.map(\.name) == ["Identified", "Timestamped"])
        #expect(requests[0].protocols[1].refines == ["Identified"])
        #expect(requests[0].protocols[1].attributes.map(\.name) == ["createdAt", "editedAt"])
    }

    @Test func aDiamondGivesEachAttributeOnce() throws {
        let (requests, diagnostics) = resolveModule([
            ("Models/Protocols.value", Self.protocols + "protocol Named: Identified {\n  name: String\n}\n"),
            ("Models/Card.object", "Card: Named, Timestamped {\n  front: String\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        #expect(attributeTypes(requests[1].type(named: "Card")) == ["id: Int", "name: String", "createdAt: Date", "editedAt: Date?", "front: String"])
    }

    @Test func aTypeMayRestateAnAdoptedAttributeWithItsType() throws {
        let (requests, diagnostics) = resolveModule([
            ("Models/Protocols.value", Self.protocols),
            ("Models/Post.value", "Post: Identified includes(Builder) {\n  title: String\n  # Zero until saved.\n  id: Int = 0\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        let post = try #require(requests[1].type(named: "Post"))
        #expect(attributeTypes(post) == ["id: Int", "title: String"])
        #expect(post.attributes[0].defaultValue == "0")
        #expect(post.attributes[0].comments == ["Zero until saved."])
        #expect(post.attributes[0].protocolName == "Identified")
        #expect(post.attributes[0].location == SourceLocation(line: 4, column: 3))
    }

    @Test func theProtocolsFileScopeComesAlong() throws {
        let (requests, diagnostics) = resolveModule([
            ("Models/Clock.value", "%type name=DispatchTime library=Dispatch sendable=true\nprotocol Clocked {\n  at: DispatchTime\n}\n"),
            ("Models/Tick.value", "Tick: Clocked {\n  n: Int\n}\n"),
        ])
        #expect(diagnostics.isEmpty)
        #expect(requests[1].imports == ["Dispatch"])
        #expect(requests[1].types[0].canBeSendable)
        #expect(requests[1].types[0].includes.contains("Equality"))
    }

    // MARK: - Generated code

    @Test func generatesAProtocolWithReadOnlyRequirementsAndTheAdoption() throws {
        let files = GeneratorPipeline().generate(module: [
            SchemaSource(path: "Models/Protocols.value", text: Self.protocols),
            SchemaSource(path: "Models/Note.object", text: "Note: Identified excludes(Observation, Description) {\n  default: Bool\n}\n"),
        ], settings: GenerationSettings())
        #expect(files.flatMap(\.diagnostics).isEmpty)
        #expect(files[0].contents == """
        // Generated by Valuegen \(ValuegenVersion.current) from Protocols.value. Do not edit: change the schema and regenerate.

        import Foundation

        /// Has an identity.
        public protocol Identified {
            /// The server's id.
            var id: Int { get }
        }

        public protocol Timestamped: Identified {
            var createdAt: Date { get }
            var editedAt: Date? { get }
        }

        """)
        #expect(files[1].contents?.contains("public final class Note: Identified {\n    /// The server's id.\n    public var id: Int\n    public var `default`: Bool\n") == true)
    }

    @Test func aProtocolWithoutAttributesIsAMarker() throws {
        let file = generate("Models/T.value", "protocol Marker {\n}\nprotocol Tagged: Marker {\n}\nThing: Tagged {\n}\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.contents?.contains("public protocol Marker {}\n\npublic protocol Tagged: Marker {}\n\npublic struct Thing: Tagged {\n") == true, "\(file.contents ?? "")")
    }

    @Test func requestsCarryProtocolsThroughJSON() throws {
        let (requests, _) = resolveModule([("Models/Protocols.value", Self.protocols + "Stamp: Timestamped {\n}\n")])
        let request = requests[0]
        let json = JSONSerializer.serialize(request.json)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""protocols":[{"name":"Identified","refines":[],"attributes":[{"name":"id""#))
        #expect(text.contains(#""protocols":["Timestamped"]"#))
        #expect(text.contains(#""protocolName":"Identified""#))
        let read = try json.withUnsafeBytes { try GenerationRequest(jsonBytes: $0) }
        #expect(read == request)
        // A request without them (an older host's) reads as declaring none.
        let plain = try #require(resolveModule([("Models/User.value", "User {\n  id: Int\n}\n")]).requests.first)
        #expect(!String(decoding: JSONSerializer.serialize(plain.json), as: UTF8.self).contains("protocol"))
    }

    // MARK: - Errors

    private func errors(_ adopter: String, path: String = "Models/Post.value", protocols: String = ProtocolTests.protocols) -> [String] {
        moduleDiagnostics([("Models/Protocols.value", protocols), (path, adopter)])
    }

    @Test func anUnknownProtocolIsAnErrorWithASuggestion() {
        #expect(errors("Post: Timestampd {\n}\n") == ["Models/Post.value:1:7: error: 'Timestampd' is not a protocol of the module's schemas; did you mean 'Timestamped'?"])
        #expect(errors("Post: Hashable {\n}\n") == ["Models/Post.value:1:7: error: 'Hashable' is not a protocol of the module's schemas; declare it in a schema with 'protocol Hashable { ... }'"])
        #expect(errors("Post: Identified, Identified {\n}\n") == ["Models/Post.value:1:19: error: 'Post' adopts 'Identified' twice; remove one"])
    }

    @Test func anADTCannotAdoptAProtocol() {
        #expect(errors("Shape: Identified {\n  Circle\n}\n", path: "Models/Shape.adtValue")
            == ["Models/Shape.adtValue:1:8: error: 'Shape' is an ADT and cannot adopt a protocol: a protocol's attributes are stored by values and objects; remove ': Identified'"])
    }

    @Test func anAttributeWithTwoTypesIsAnError() {
        #expect(errors("Post: Identified {\n  id: String\n}\n")
            == ["Models/Post.value:2:3: error: attribute 'id' is 'String' here, but protocol 'Identified' declares it as 'Int'; write 'id: Int' or rename it"])
        #expect(errors("Post: Timestamped, Keyed {\n}\n", protocols: Self.protocols + "protocol Keyed {\n  id: String\n}\n")
            == ["Models/Post.value:1:20: error: 'Post' gets attribute 'id' as 'Int' from 'Identified' and as 'String' from 'Keyed'; an attribute has one type, so change one of the protocols"])
        #expect(errors("Post {\n}\n", protocols: Self.protocols + "protocol Both: Timestamped, Keyed {\n}\nprotocol Keyed {\n  id: String\n}\n")
            == ["Models/Protocols.value:12:10: error: protocol 'Both' gets attribute 'id' as 'Int' from 'Identified' and as 'String' from 'Keyed'; an attribute has one type, so change one of them"])
    }

    @Test func adoptedAttributesMeetTheTypesOwnRules() {
        #expect(errors("Post: Identified includes(Coding) {\n  %codingKey name=\"id\"\n  key: Int\n}\n")
            == ["Models/Post.value:3:3: error: coding key 'id' is used twice in 'Post'", "Models/Post.value:1:7: note: 'id' first used here"])
    }

    @Test func refinementsMustNameProtocolsWithoutACycle() {
        #expect(errors("Post {\n}\n", protocols: "protocol A: B {\n}\nprotocol B: A, Missing {\n}\n") == [
            "Models/Protocols.value:1:13: error: protocol 'A' refines itself through 'B'; remove one refinement of the cycle",
            "Models/Protocols.value:3:13: error: protocol 'B' refines itself through 'A'; remove one refinement of the cycle",
            "Models/Protocols.value:3:16: error: 'Missing' is not a protocol of the module's schemas; declare it in a schema with 'protocol Missing { ... }'",
        ])
    }

    @Test func anAdoptedProtocolWithErrorsIsReportedOnceAtTheAdopter() {
        #expect(errors("Post: Broken {\n}\n", protocols: "protocol Broken {\n  x: Int\n  x: Int\n}\n") == [
            "Models/Protocols.value:3:3: error: duplicate attribute 'x' in 'Broken'",
            "Models/Protocols.value:2:3: note: 'x' first declared here",
            "Models/Post.value:1:7: error: protocol 'Broken' has errors (Protocols.value); once they are fixed, 'Post' gets its attributes",
        ])
    }

    @Test func aProtocolNameIsTheModulesOnce() {
        // Post.value comes before Protocols.value in path order: its declaration is the first.
        #expect(errors("Post {\n}\nprotocol Post {\n  x: Int\n}\nprotocol Identified {\n  y: Int\n}\n") == [
            "Models/Protocols.value:2:10: error: protocol 'Identified' is already declared in Post.value; a module can declare a protocol once, so rename or delete one of them",
            "Models/Post.value:6:10: note: 'Identified' first declared here",
            "Models/Post.value:3:10: error: protocol 'Post' has the name of type 'Post' (Post.value); a module has one declaration of a name, so rename one of them",
        ])
        #expect(errors("protocol Codable {\n  x: Int\n}\n") == [], "generated code then writes Swift.Codable")
        #expect(errors("protocol Any {\n  x: Int\n}\n") == ["Models/Post.value:1:10: error: 'Any' is a Swift keyword and cannot name a protocol"])
        #expect(moduleDiagnostics([("Models/P.value", "protocol Money {\n  x: Int\n}\n")], swiftTypes: swiftTypes("Money"))
            == ["Models/P.value:1:10: error: protocol 'Money' is also declared in the module's Swift code (Sources/Models/Handwritten.swift:1:1); rename the schema protocol or the Swift one"])
    }

    @Test func aProtocolIsATypeOnlyAsAnExistential() {
        #expect(errors("Feed {\n  items: [Identified]\n  first: (any Timestamped)?\n}\n")
            == ["Models/Post.value:2:11: error: 'Identified' is a protocol (Models/Protocols.value:2:10); write 'any Identified'"])
        #expect(errors("Post {\n}\nprotocol P {\n  x: Unknwn\n}\n") == ["Models/Post.value:4:6: error: unknown type 'Unknwn'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Unknwn library=ModuleName'"])
    }

    @Test func typeAnnotationsMeanNothingOnAProtocol() {
        #expect(errors("Post {\n}\n%codingKeys style=snake_case\nprotocol P {\n  x: Int\n}\n")
            == ["Models/Post.value:3:1: error: '%codingKeys' has no meaning on protocol 'P'; write it before the types that adopt it"])
        #expect(errors("Post {\n}\n%nonEmpty\nprotocol P {\n  x: String\n}\n")
            == ["Models/Post.value:3:1: error: '%nonEmpty' applies to an attribute, not to protocol 'P'; write it before the attribute"])
    }

    @Test func aGeneratedNameMayNotTakeAProtocolsName() {
        #expect(errors("Post includes(Builder) {\n}\nprotocol PostBuilder {\n}\n").first?.contains("'PostBuilder' is already declared in protocol 'PostBuilder'") == true)
    }
}
