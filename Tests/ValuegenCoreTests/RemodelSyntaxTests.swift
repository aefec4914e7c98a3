import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

@Suite("Remodel-style schemas")
struct RemodelSyntaxTests {
    /// The Swift type of the single attribute `line` declares in a value.
    private func swiftType(of line: String, fileAnnotations: String = "") -> (swift: String?, diagnostics: [String]) {
        // Named `Profile`, so that `User *value` names another model; the Swift code declares the rest.
        let declared = swiftTypes("User", "MyEnum") + swiftTypes("Photo", "Named", kind: "protocol")
        let (request, diagnostics) = resolve("Models/Profile.value", "\(fileAnnotations)Profile {\n  \(line)\n}\n", swiftTypes: declared)
        return (request.types.first?.attributes.first?.type.swift, diagnostics)
    }

    // MARK: - The mapping table

    @Test(arguments: [
        ("NSString *value", "String"),
        ("NSMutableString *value", "String"),
        ("NSInteger value", "Int"),
        ("NSUInteger value", "UInt"),
        ("BOOL value", "Bool"),
        ("CGFloat value", "CGFloat"),
        ("double value", "Double"),
        ("float value", "Float"),
        ("NSTimeInterval value", "TimeInterval"),
        ("int32_t value", "Int32"),
        ("uint64_t value", "UInt64"),
        ("int value", "Int32"),
        ("unsigned int value", "UInt32"),
        ("long long value", "Int64"),
        ("unsigned long long value", "UInt64"),
        ("NSNumber *value", "Double"),
        ("NSURL *value", "URL"),
        ("NSDate *value", "Date"),
        ("NSData *value", "Data"),
        ("NSUUID *value", "UUID"),
        ("NSDecimalNumber *value", "Decimal"),
        ("NSArray<User *> *value", "[User]"),
        ("NSMutableArray<NSString *> *value", "[String]"),
        ("NSSet<NSString *> *value", "Set<String>"),
        ("NSOrderedSet<NSURL *> *value", "[URL]"),
        ("NSDictionary<NSString *, NSNumber *> *value", "[String: Double]"),
        ("NSArray<NSArray<NSString *> *> *value", "[[String]]"),
        ("id<Photo> value", "any Photo"),
        ("id<Photo, Named> value", "any Photo & Named"),
        ("MyEnum(NSUInteger) value", "MyEnum"),
        ("User *value", "User"),
        ("const NSString *value", "String"),
    ])
    func mapsObjectiveCTypesToSwift(line: String, swift: String) {
        let result = swiftType(of: line)
        #expect(result.diagnostics.isEmpty)
        #expect(result.swift == swift)
    }

    @Test func readsThePointerStarOnEitherSide() {
        #expect(swiftType(of: "NSString* value").swift == "String")
        #expect(swiftType(of: "NSString * value").swift == "String")
        #expect(swiftType(of: "NSArray<User*>* value").swift == "[User]")
    }

    @Test func aTypeDeclaredWithPercentTypeWinsOverTheTable() {
        let result = swiftType(of: "NSNumber *count", fileAnnotations: "%type name=NSNumber library=Foundation\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.swift == "NSNumber")
    }

    @Test func acceptsAFrameworkTypeDeclaredWithPercentType() {
        let result = swiftType(of: "UIImage *photo", fileAnnotations: "%type name=UIImage library=UIKit\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.swift == "UIImage")
    }

    @Test func readsTheWholeTypeOfAMultiWordScalar() {
        let (request, _) = resolve("Models/User.value", "User {\n  unsigned long long byteCount\n  unsigned count\n}\n")
        #expect(attributeTypes(request.types.first) == ["byteCount: UInt64", "count: UInt32"])
    }

    // MARK: - Nullability

    @Test func makesANullableAttributeOptional() {
        let (request, diagnostics) = resolve("Models/User.value", """
        User {
          %nullable
          NSURL *thumbnailUrl
          NSString *name
          %nullable
          id<Photo> photo
        }

        """, swiftTypes: swiftTypes("Photo", kind: "protocol"))
        #expect(diagnostics.isEmpty)
        #expect(attributeTypes(request.types.first) == ["thumbnailUrl: URL?", "name: String", "photo: (any Photo)?"])
    }

    @Test func nonnullRemovesTheOptionalOfASwiftStyleAttribute() {
        let (request, _) = resolve("Models/User.value", "User {\n  %nonnull\n  name: String?\n  %nonnull\n  NSString *other\n}\n")
        #expect(attributeTypes(request.types.first) == ["name: String", "other: String"])
    }

    @Test func nullableAppliesToSwiftStyleAttributesToo() {
        let (request, _) = resolve("Models/User.value", "User {\n  %nullable\n  count: Int\n  %nullable\n  name: String?\n}\n")
        #expect(attributeTypes(request.types.first) == ["count: Int?", "name: String?"])
    }

    // MARK: - Mixed styles and includes

    @Test func acceptsBothStylesInOneBody() {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  NSString *name\n  age: Int = 0\n  BOOL isAdmin\n}\n")
        #expect(diagnostics.isEmpty)
        #expect(attributeTypes(request.types.first) == ["name: String", "age: Int", "isAdmin: Bool"])
    }

    @Test func remodelIncludeNamesSelectTheirFeatures() {
        let settings = GenerationSettings(defaultExcludes: ["Equality", "Description"])
        let (request, diagnostics) = resolve(
            "Models/User.value",
            "User includes(RMBuilder, RMCoding, RMEquality, RMDescription) {\n  NSString *name\n}\n",
            settings: settings
        )
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.includes == ["Value", "Equality", "Sendable", "Description", "Builder", "Coding"])
    }

    @Test func remodelNamesWithoutMeaningInSwiftAreIgnored() {
        let (request, diagnostics) = resolve("Models/User.value", """
        User includes(RMCopying, RMImmutableProperties, RMAssumeNonnull, RMInitNewUnavailable, RMAssertNullability) excludes(RMCopying) {
          NSString *name
        }

        """)
        #expect(diagnostics.isEmpty)
        #expect(request.types.first?.includes == ["Value", "Equality", "Sendable", "Description"])
    }

    @Test func generatesTheSameCodeForARemodelAliasAsForTheFeature() {
        let remodel = generate("Models/User.value", "User includes(RMBuilder, RMCoding) {\n  NSString *name\n}\n")
        let swift = generate("Models/User.value", "User includes(Builder, Coding) {\n  name: String\n}\n")
        #expect(remodel.contents != nil)
        #expect(remodel.contents == swift.contents)
    }

    @Test func readsAnADTWrittenTheRemodelWay() throws {
        let (request, diagnostics) = resolve("Models/DeliveryStatus.adtValue", """
        DeliveryStatus includes(RMCoding, RMEquality, RMDescription) {
          Pending
          Delivered {
            NSDate *deliveredAt
            NSUInteger recipientCount
          }
          %singleAttributeSubtype attributeType="NSNumber *"
          Retries
        }

        """)
        #expect(diagnostics.isEmpty)
        let type = try #require(request.types.first)
        #expect(type.cases.map(\.name) == ["pending", "delivered", "retries"])
        #expect(type.cases[1].attributes.map { "\($0.name): \($0.type.swift)" } == ["deliveredAt: Date", "recipientCount: UInt"])
        #expect(type.cases[2].singleValueType?.swift == "Double")
        #expect(request.imports == ["Foundation"])
    }

    // MARK: - Remodel's syntax

    @Test func acceptsASemicolonAtTheEndOfAnAttribute() {
        let (request, diagnostics) = resolve("Models/User.value", "User {\n  NSInteger count;\n  NSString *name ;  # the name\n  unsigned long long byteCount;\n  age: Int;\n}\n")
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["count: Int", "name: String", "byteCount: UInt64", "age: Int"])
        #expect(request.types.first?.attributes[1].comments == ["the name"])
    }

    @Test func keepsTheSemicolonInTheSyntaxTree() throws {
        let (syntax, diagnostics) = SchemaParser.parse(Array("User {\n  NSInteger count;\n  BOOL isAdmin\n}\n".utf8), kind: .value, path: "User.value")
        #expect(diagnostics == [])
        let attributes = try #require(syntax.types.first?.attributes)
        #expect(attributes.map(\.endsWithSemicolon) == [true, false])
    }

    @Test func importsTheLibraryOfAnImportWrittenBeforeAnAttribute() {
        let (request, diagnostics) = resolve("Models/Page.value", """
        Page {
          BOOL doesUserLike
          %import library=RMCustomLibrary
          RMLibType *customLibObject
          %import library=HelloKit file=HelloProtocol
          id<HelloProtocol> helloObj
        }

        """)
        #expect(diagnostics == [])
        #expect(request.imports == ["HelloKit", "RMCustomLibrary"])
        #expect(attributeTypes(request.types.first) == ["doesUserLike: Bool", "customLibObject: RMLibType", "helloObj: any HelloProtocol"])
    }

    @Test func importsTheLibraryOfAnImportInsideAnADTSubtype() {
        let (request, diagnostics) = resolve("Models/Simple.adtValue", """
        Simple {
          First {
            %import library=RMLib
            RMProxy *firstValue
            NSUInteger secondValue
          }
          Second
        }

        """)
        #expect(diagnostics == [])
        #expect(request.imports == ["RMLib"])
    }

    @Test func importsTheLibraryOfARemodelImportAtTheTop() {
        let (request, diagnostics) = resolve("Models/Page.value", "%import library=RMCustomLibrary\nPage {\n  RMLibType *object\n}\n")
        #expect(diagnostics == [])
        #expect(request.imports == ["RMCustomLibrary"])
    }

    @Test func anImportOfAHeaderAloneImportsNothing() {
        let (request, diagnostics) = resolve("Models/Page.value", "%import file=RMSomeHeader\nPage {\n  %import file=RMOtherHeader\n  NSString *title\n}\n")
        #expect(diagnostics == [])
        #expect(request.imports == [])
    }

    @Test func reportsAnImportInABodyFollowedByNothing() {
        #expect(diagnostics("Models/Page.value", "Page {\n  NSString *title\n  %import library=RMLib\n}\n") == [
            "Models/Page.value:3:3: error: annotation '%import' is not followed by a declaration",
        ])
    }

    @Test func reportsAnInvalidModuleNameInABodyImportAtTheImport() {
        #expect(diagnostics("Models/Page.value", "Page {\n  NSString *title\n  %import library=RM-Lib\n  NSString *name\n}\n") == [
            "Models/Page.value:3:3: error: 'RM-Lib' is not a valid module name",
        ])
    }

    @Test func reportsATypeDeclarationInABody() {
        #expect(diagnostics("Models/Page.value", "Page {\n  %type name=RMLibType library=RMLib\n  RMLibType *object\n}\n") == [
            "Models/Page.value:2:3: error: '%type' applies to the whole file; write it before the first type",
            "Models/Page.value:3:3: error: unknown type 'RMLibType'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=RMLibType library=ModuleName'",
        ])
    }

    @Test func acceptsRemodelsTypeKeys() {
        let (request, diagnostics) = resolve("Models/Page.value", """
        %library name=MyLib
        %type name=RMSomeObject library=SomeLib file=AnotherFile
        %type name=RMFooObject
        %type name=RMSomeEnum canForwardDeclare=false
        %type name="RMQuoted"
        Page {
          RMSomeObject *object
          RMFooObject *foo
          RMSomeEnum(NSUInteger) someEnum
          RMQuoted *quoted
        }

        """)
        #expect(diagnostics == [])
        #expect(request.imports == ["SomeLib"])
        #expect(attributeTypes(request.types.first) == ["object: RMSomeObject", "foo: RMFooObject", "someEnum: RMSomeEnum", "quoted: RMQuoted"])
    }

    // MARK: - Single attribute subtypes

    @Test func nullableMakesASingleAttributeSubtypesValueOptional() throws {
        let (request, diagnostics) = resolve("Models/Reply.adtValue", """
        Reply {
          %nullable
          %singleAttributeSubtype attributeType="NSString *"
          Message
          %singleAttributeSubtype attributeType="NSUInteger"
          Count
          %nonnull
          %singleAttributeSubtype attributeType="NSURL *"
          Link
        }

        """)
        #expect(diagnostics == [])
        let cases = try #require(request.types.first?.cases)
        #expect(cases.map { $0.singleValueType?.swift } == ["String?", "UInt", "URL"])
    }
}
