import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// `valuegen format`'s layout rules and `--to-swift-syntax`, on schemas written inline.
@Suite struct SchemaFormatterTests {
    private func format(_ path: String, _ text: String, toSwiftSyntax: Bool = false) -> FormattedSchema {
        SchemaFormatter.format(SchemaSource(path: path, text: text), toSwiftSyntax: toSwiftSyntax)
    }

    private func formatted(_ path: String, _ text: String, toSwiftSyntax: Bool = false) -> String? {
        format(path, text, toSwiftSyntax: toSwiftSyntax).bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func layoutIndentsSpacesAndPutsEachItemOnItsOwnLine() {
        let input = """


        # Copyright 2025 Example Inc.



        # A user.
        User   includes( Builder ,With )
            excludes(Description) {   # remark on the brace
        userId:UUID
              tags : [ String:Int ]?=[:]    # how often
        %codingKey   name="nick name"
          nickname: String   location: Location
        }
        Location { latitude: Double  longitude: Double }
        Empty {}


        """
        #expect(formatted("User.value", input) == """
            # Copyright 2025 Example Inc.

            # A user.
            User includes(Builder, With) excludes(Description) {  # remark on the brace
              userId: UUID
              tags: [String: Int]? = [:]  # how often
              %codingKey name="nick name"
              nickname: String
              location: Location
            }

            Location {
              latitude: Double
              longitude: Double
            }

            Empty {}

            """)
    }

    @Test func subtypesOfAnADTEachStartALine() {
        let input = """
        Attachment includes(Coding) {
            Photo { url: URL  caption: String? }   Sticker  Deleted   # it went away
          %singleAttributeSubtype   attributeType="NSNumber *"
          Count

          }
        """
        #expect(formatted("Attachment.adtValue", input) == """
            Attachment includes(Coding) {
              Photo {
                url: URL
                caption: String?
              }
              Sticker
              Deleted  # it went away
              %singleAttributeSubtype attributeType="NSNumber *"
              Count
            }

            """)
    }

    @Test func remodelAttributesKeepTheirStyleAndGetCanonicalSpaces() {
        let input = """
        User {
          NSString*  name
          NSArray< NSString * >*tags
          unsigned   long long  count
          MyEnum( NSUInteger ) kind
          id< Photo ,Video > media
        }
        """
        #expect(formatted("User.value", input) == """
            User {
              NSString *name
              NSArray<NSString *> *tags
              unsigned long long count
              MyEnum(NSUInteger) kind
              id<Photo, Video> media
            }

            """)
    }

    @Test func defaultValuesAndQuotedAnnotationValuesKeepTheirText() {
        let input = """
        User {
          title: String   =   "#general  two  spaces"   # comment
          %codingLegacyKey   name="a \\" b"
          ids: [Int] = [1,2,  3]
        }
        """
        #expect(formatted("User.value", input) == """
            User {
              title: String = "#general  two  spaces"  # comment
              %codingLegacyKey name="a \\" b"
              ids: [Int] = [1,2,  3]
            }

            """)
    }

    @Test func blankLineBetweenACommentAndItsDeclarationStaysSoTheCommentStaysDetached() {
        let input = "# header\n\n\n# doc\nUser {\n  # not a doc comment\n\n  name: String\n}\n"
        #expect(formatted("User.value", input) == "# header\n\n# doc\nUser {\n  # not a doc comment\n\n  name: String\n}\n")
    }

    @Test func formattingIsIdempotent() {
        let input = "User   { a:Int  b : String\n %redacted\n c: Int = 1 }\nPlace{x:Int}\n"
        let once = formatted("User.value", input)
        #expect(once == "User {\n  a: Int\n  b: String\n  %redacted\n  c: Int = 1\n}\n\nPlace {\n  x: Int\n}\n")
        #expect(once.flatMap { formatted("User.value", $0) } == once)
        #expect(format("User.value", once ?? "").isUnchanged)
    }

    @Test func aFileWithSyntaxErrorsIsNotFormattedAndItsErrorsAreReported() {
        let result = format("User.value", "User {\n  name: String =\n}\n")
        #expect(result.bytes == nil)
        #expect(result.diagnostics.map(\.description) == [
            "User.value:2:17: error: missing default value after '=' for attribute 'name'",
        ])
    }

    @Test func aFileThatIsNotUTF8IsNotFormatted() {
        let result = SchemaFormatter.format(SchemaSource(path: "User.value", bytes: [0x55, 0xFF, 0x0A]))
        #expect(result.bytes == nil)
        #expect(result.diagnostics.map(\.description) == ["User.value:1:2: error: invalid UTF-8 (byte 0xFF); schema files must be UTF-8"])
    }

    @Test func aFileWhoseNameIsNotASchemaIsRefused() {
        let result = format("User.txt", "User {}\n")
        #expect(result.bytes == nil)
        #expect(result.diagnostics.map(\.description) == ["User.txt: error: not a schema file; schema files end in .value, .adtValue or .object"])
    }

    @Test func emptyFileStaysEmpty() {
        #expect(formatted("User.value", "\n\n  \n") == "")
    }

    // MARK: - --to-swift-syntax

    @Test func toSwiftSyntaxRewritesRemodelAttributesThroughTheGeneratorsTypeTable() {
        let input = """
        %type name=NSThing
        # A user.
        User {
          # Where to find them.
          %nullable
          NSURL *url   # home page
          NSArray<NSString *> *tags
          NSInteger count
          BOOL isActive
          NSThing *stuff
          NSDictionary<NSString *, NSNumber *> *scores
          id<Photo, Video> media
          %nonnull
          name: String?
        }
        """
        let result = format("User.value", input, toSwiftSyntax: true)
        #expect(result.diagnostics.isEmpty)
        #expect(result.bytes.map { String(decoding: $0, as: UTF8.self) } == """
            %type name=NSThing
            # A user.
            User {
              # Where to find them.
              url: URL?  # home page
              tags: [String]
              count: Int
              isActive: Bool
              stuff: NSThing
              scores: [String: Double]
              media: any Photo & Video
              %nonnull
              name: String?
            }

            """)
    }

    @Test func toSwiftSyntaxLeavesATypeWithoutSwiftMeaningAsWrittenAndSaysWhy() {
        let input = "User {\n  UISwitch *color\n  id thing\n  NSString *name\n}\n"
        let result = format("User.value", input, toSwiftSyntax: true)
        #expect(result.bytes.map { String(decoding: $0, as: UTF8.self) } == "User {\n  UISwitch *color\n  id thing\n  name: String\n}\n")
        #expect(result.diagnostics.map(\.description) == [
            "User.value:2:3: warning: attribute 'color' is left in Objective-C style: unknown Objective-C type 'UISwitch *'; declare it with '%type name=UISwitch' and the module it comes from ('library=')",
            "User.value:3:3: warning: attribute 'thing' is left in Objective-C style: 'id' has no Swift equivalent; write 'id<Protocol>' or declare a %type",
        ])
    }

    @Test func toSwiftSyntaxKeepsANullableAnnotationThatCarriesAComment() {
        let input = "User {\n  %nullable   # may be missing\n  NSURL *url\n}\n"
        #expect(formatted("User.value", input, toSwiftSyntax: true) == "User {\n  %nullable  # may be missing\n  url: URL?\n}\n")
    }

    @Test func toSwiftSyntaxRewritesSubtypeAttributes() {
        let input = "Event {\n  Changed {\n    NSString *title\n    %nullable\n    NSDate *at\n  }\n}\n"
        #expect(formatted("Event.adtValue", input, toSwiftSyntax: true) == "Event {\n  Changed {\n    title: String\n    at: Date?\n  }\n}\n")
    }

    // MARK: - The check behind every result

    @Test func fingerprintIgnoresLocationsButNotMeaning() {
        let (a, _) = SchemaParser.parse(Array("User { name: String }".utf8), kind: .value, path: "User.value")
        let (b, _) = SchemaParser.parse(Array("\n\nUser {\n    name:String\n}".utf8), kind: .value, path: "User.value")
        let (c, _) = SchemaParser.parse(Array("User { name: String? }".utf8), kind: .value, path: "User.value")
        #expect(SyntaxFingerprint.of(a) == SyntaxFingerprint.of(b))
        #expect(SyntaxFingerprint.of(a) != SyntaxFingerprint.of(c))
    }
}
