import Testing
import ValuegenPluginSDK
import ValuegenCore

@Suite("Annotations and what they mean in the model")
struct AnnotationTests {
    @Test func keepsUnknownAnnotationsOnTheType() throws {
        let (request, diagnostics) = resolve("Models/User.value", "%fake value=1\n%owner team=\"accounts team\"\nUser {\n  a: Int\n}\n")
        #expect(diagnostics == [
            "Models/User.value:1:1: warning: %fake: no feature reads this annotation; remove it, or load the plugin that reads it",
            "Models/User.value:2:1: warning: %owner: no feature reads this annotation; remove it, or load the plugin that reads it",
        ], "kept, but said")
        let user = try #require(request.types.first)
        #expect(user.annotations == [
            Annotation(name: "fake", arguments: [AnnotationArgument(key: "value", value: "1", location: SourceLocation(line: 1, column: 7), valueLocation: SourceLocation(line: 1, column: 13))], location: SourceLocation(line: 1, column: 1)),
            Annotation(name: "owner", arguments: [AnnotationArgument(key: "team", value: "accounts team", location: SourceLocation(line: 2, column: 8), valueLocation: SourceLocation(line: 2, column: 13))], location: SourceLocation(line: 2, column: 1)),
        ])
        #expect(user.annotation("owner")?["team"] == "accounts team")
    }

    @Test func keepsUnknownAndKnownAnnotationsOnTheAttribute() throws {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  %fake value=1\n  %redacted\n  token: String\n}\n")
        #expect(diagnostics == ["Models/User.value:2:3: warning: %fake: no feature reads this annotation; remove it, or load the plugin that reads it"])
        let token = try #require(request.types.first?.attributes.first)
        #expect(token.annotations.map(\.name) == ["fake", "redacted"])
        #expect(token.annotation("fake")?["value"] == "1")
        #expect(token.isRedacted)
    }

    @Test func keepsUnknownAnnotationsOnTheSubtype() throws {
        let (request, diagnostics) = resolve("Models/Status.adtValue", "Status {\n  %fake value=1\n  Sent\n}\n")
        #expect(diagnostics == ["Models/Status.adtValue:2:3: warning: %fake: no feature reads this annotation; remove it, or load the plugin that reads it"])
        #expect(request.types.first?.cases.first?.annotations == [
            Annotation(name: "fake", arguments: [AnnotationArgument(key: "value", value: "1", location: SourceLocation(line: 2, column: 9), valueLocation: SourceLocation(line: 2, column: 15))], location: SourceLocation(line: 2, column: 3)),
        ])
    }

    @Test func featuresReceiveUnknownAnnotations() throws {
        let capture = CapturingFeature()
        let file = generate(
            "Models/User.value",
            "%fake value=1\nUser includes(Capture) {\n  %deprecated message=\"use b\"\n  a: Int\n}\n",
            registry: capture.registry
        )
        #expect(file.diagnostics.isEmpty)
        let user = try #require(capture.box.request?.types.first)
        #expect(user.annotations.map(\.name) == ["fake"])
        #expect(user.attributes.first?.annotation("deprecated")?["message"] == "use b")
    }

    // MARK: - No annotation is silently ignored

    @Test func misspeltBuiltInAnnotationWarnsAtItsLineWithTheOneMeant() {
        let (_, diagnostics) = resolve("Models/User.value", "User {\n  %redact\n  email: String\n}\n")
        #expect(diagnostics == ["Models/User.value:2:3: warning: %redact: no feature reads this annotation; did you mean '%redacted'?"])
    }

    @Test func annotationAFeatureDeclaresIsQuietAndCloseOnesAreSuggested() {
        let capture = CapturingFeature()
        let file = generate("Models/User.value", "%owner team=a\nUser includes(Capture) {\n  %deprecatd message=\"use b\"\n  a: Int\n}\n", registry: capture.registry)
        #expect(file.diagnostics.map(\.description) == ["Models/User.value:3:3: warning: %deprecatd: no feature reads this annotation; did you mean '%deprecated'?"])
    }

    /// A plugin built before ABI 1.2 says nothing of what it reads: unknown annotations may be
    /// its own, so only a near-miss of a built-in annotation warns.
    @Test func whileAFeatureThatDeclaresNothingIsLoadedOnlyNearMissesOfBuiltInsWarn() {
        var capture = CapturingFeature()
        capture.descriptor.annotationNames = nil
        let file = generate("Models/User.value", "%owner team=a\nUser includes(Capture) {\n  %redact\n  a: Int\n}\n", registry: capture.registry)
        #expect(file.diagnostics.map(\.description) == ["Models/User.value:3:3: warning: %redact: no built-in feature reads this annotation; did you mean '%redacted'?"])
    }

    @Test func everyAnnotationValuegenDocumentsIsRead() {
        let (_, diagnostics) = resolve("Models/User.value", """
            %type name=Photo library=Media
            %library name=Models
            %import name=Combine
            %codingKeys style=snake_case
            %check with=verify
            %storage indirect
            User {
              %nullable
              %redacted
              %skipEquality
              %codingKey name="e"
              %codingLegacyKey name="mail"
              %binaryField number=3
              %transient
              %length min=1
              %nonEmpty
              %pattern regex="a+"
              email: String = "a"
              %range min=0
              age: Int
            }

            """)
        #expect(diagnostics.allSatisfy { !$0.contains("no feature reads") }, "\(diagnostics)")
    }

    @Test func fileAnnotationsBelongToNoType() throws {
        let (request, _) = resolve("Models/User.value", "%type name=Photo library=Media sendable=true\n%import name=Combine\nUser {\n  photo: Photo\n}\n")
        #expect(request.types.first?.annotations == [])
        #expect(request.imports == ["Combine", "Media"])
    }

    @Test func theOwnLibraryIsNotImported() {
        let (request, _) = resolve("Models/User.value", "%library name=Messaging\n%type name=Kind library=Messaging\n%import name=Messaging\nUser {\n  kind: Kind\n}\n")
        #expect(request.imports == [])
    }

    @Test func codingKeysDefaultToTheAttributeName() throws {
        let (request, _) = resolve("Models/Address.value", """
        Address {
          street: String
          %codingKey name="zip code"
          %codingLegacyKey name="zip"
          %codingLegacyKey name="postalCode"
          zipCode: String
        }

        """)
        let attributes = try #require(request.types.first).attributes
        #expect(attributes.map(\.codingKey) == ["street", "zip code"])
        #expect(attributes.map(\.legacyCodingKeys) == [[], ["zip", "postalCode"]])
    }

    @Test func marksSkippedAndRedactedAttributes() throws {
        let (request, _) = resolve("Models/User.value", "User {\n  %skipEquality\n  cache: Int\n  %redacted\n  token: String\n  name: String\n}\n")
        let attributes = try #require(request.types.first).attributes
        #expect(attributes.map(\.skipsEquality) == [true, false, false])
        #expect(attributes.map(\.isRedacted) == [false, true, false])
    }

    @Test func namesCasesInLowerCamelCase() throws {
        let (request, _) = resolve("Models/Status.adtValue", "Status {\n  FirstSubtype\n  URLChanged\n  URL\n  Default\n}\n")
        let cases = try #require(request.types.first).cases
        #expect(cases.map(\.subtypeName) == ["FirstSubtype", "URLChanged", "URL", "Default"])
        #expect(cases.map(\.name) == ["firstSubtype", "urlChanged", "url", "default"])
        #expect(cases.map(\.swiftName) == ["firstSubtype", "urlChanged", "url", "`default`"])
    }

    @Test func readsTheSingleAttributeTypeInEitherStyle() throws {
        let (request, diagnostics) = resolve("Models/Attachment.adtValue", """
        Attachment {
          %singleAttributeSubtype attributeType="NSNumber *"
          Sticker
          %singleAttributeSubtype attributeType="[String]"
          Tags
          %singleAttributeSubtype attributeType="NSInteger"
          Count
          %singleAttributeSubtype attributeType="User?"
          Contact
        }

        """, swiftTypes: swiftTypes("User"))
        #expect(diagnostics.isEmpty)
        let cases = try #require(request.types.first).cases
        #expect(cases.map { $0.singleValueType?.swift } == ["Double", "[String]", "Int", "User?"])
        #expect(cases.map(\.attributes) == [[], [], [], []])
        #expect(cases.map(\.isPlain) == [false, false, false, false])
    }

    @Test func aSubtypeWithoutABodyIsAPlainCase() throws {
        let (request, _) = resolve("Models/Status.adtValue", "Status {\n  Pending\n  Sent { at: Int }\n}\n")
        #expect(try #require(request.types.first).cases.map(\.isPlain) == [true, false])
    }
}
