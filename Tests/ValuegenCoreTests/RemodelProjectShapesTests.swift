import Testing
import ValuegenPluginSDK
@testable import ValuegenCore

/// The Remodel constructs that stopped real projects (issue 25): each as a schema of the shape
/// the project wrote, with what valuegen makes of it.
@Suite("Remodel as projects wrote it")
struct RemodelProjectShapesTests {
    private let guildTypes = swiftTypes("RIOGuild", conformances: ["Hashable", "Codable", "Sendable"])

    // MARK: - 1. An annotation on the attribute's own line

    @Test func anAnnotationWithoutArgumentsMayShareTheAttributesLine() {
        let (request, diagnostics) = resolve("Models/Member.value", """
        Member {
          %nullable RIOGuild *guild
          %nullable NSString *name
          %nonnull NSString *nickname
          NSInteger level
        }

        """, swiftTypes: guildTypes)
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["guild: RIOGuild?", "name: String?", "nickname: String", "level: Int"])
    }

    @Test func anAnnotationOnTheLineAppliesOnlyToThatAttribute() {
        let (request, diagnostics) = resolve("Models/Member.value", "Member {\n  %nullable NSString *name\n  NSString *title\n}\n")
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["name: String?", "title: String"])
    }

    @Test func anAnnotationThatTakesKeyValueArgumentsStillNeedsItsEqualsSign() {
        #expect(diagnostics("Models/Member.value", "Member {\n  %codingKey name NSString *title\n}\n") == [
            "Models/Member.value:2:18: error: expected '=' after 'name' in annotation '%codingKey'",
        ])
    }

    @Test func formattingPutsTheDeclarationAfterAnAnnotationOnItsOwnLine() {
        let result = SchemaFormatter.format(SchemaSource(path: "Member.value", text: "Member {\n  %nullable   NSString *name\n  %storage indirect\n  NSInteger level\n}\n"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.bytes.map { String(decoding: $0, as: UTF8.self) } == "Member {\n  %nullable\n  NSString *name\n  %storage indirect\n  NSInteger level\n}\n")
    }

    // MARK: - 2. An include the type's kind does not support

    @Test func aRemodelIncludeTheKindDoesNotSupportIsAWarningAndSkipped() {
        let file = generate("Models/Kind.adtValue", "Kind includes(RMBuilder, RMEquality) {\n  First\n  Second\n}\n")
        #expect(file.diagnostics.map(\.description) == [
            "Models/Kind.adtValue:1:15: warning: 'RMBuilder' (Builder) is not available for .adtValue types, only for .value and .object types, so 'Kind' is generated without it, as Remodel skips it; remove it from includes(...)",
        ])
        #expect(!(file.contents ?? "").contains("KindBuilder"))
        #expect((file.contents ?? "").contains("// MARK: - Kind: Equality"))
    }

    @Test func valuegensOwnNameTheKindDoesNotSupportStaysAnError() {
        #expect(diagnostics("Models/Kind.adtValue", "Kind includes(Builder) {\n  First\n}\n") == [
            "Models/Kind.adtValue:1:15: error: 'Builder' is not available for .adtValue types, only for .value and .object types; remove it from includes(...)",
        ])
    }

    // MARK: - 3. An include from a plugin valuegen cannot run

    @Test func anEcosystemIncludeIsAWarningNamingTheValuegenFeatureThatComesNearest() {
        let file = generate("Models/Post.value", "Post includes(IGListDiffable, RMBuilder) {\n  NSString *postId\n}\n")
        #expect(file.diagnostics.map(\.description) == [
            "Models/Post.value:1:15: warning: unknown include 'IGListDiffable' is skipped: no feature or loaded plugin answers to it, so 'Post' is generated without IGListKit's diffIdentifier and isEqualToDiffableObject:; include Valuegen's 'Diffing' for the nearest equivalent",
        ])
        #expect((file.contents ?? "").contains("public struct PostBuilder"))
    }

    @Test func nsCodingIsAWarningNamingCoding() {
        #expect(diagnostics("Models/Post.value", "Post includes(NSCoding) {\n  NSString *postId\n}\n") == [
            "Models/Post.value:1:15: warning: unknown include 'NSCoding' is skipped: no feature or loaded plugin answers to it, so 'Post' is generated without Foundation's encodeWithCoder: and initWithCoder:; include Valuegen's 'Coding' for the nearest equivalent",
        ])
    }

    @Test func anotherPluginsIncludeIsAWarningSayingWhatIsLost() {
        #expect(diagnostics("Models/Post.value", "Post includes(AcmeJSONCoding) excludes(AcmeAudit) {\n  NSString *postId\n}\n") == [
            "Models/Post.value:1:15: warning: unknown include 'AcmeJSONCoding' is skipped: no feature or loaded plugin answers to it, so 'Post' is generated without what it adds; if a Remodel plugin of the project adds it, rewrite that plugin as a valuegen plugin (docs/WritingPlugins.md) and name it in valuegen.json's 'plugins', or remove the name",
            "Models/Post.value:1:40: warning: excludes(...) names 'AcmeAudit', which no feature or loaded plugin answers to, so it changes nothing; remove it",
        ])
    }

    @Test func aCloseMatchOfAKnownIncludeStaysAnErrorWithItsSuggestion() {
        #expect(diagnostics("Models/Post.value", "Post includes(Bulder) excludes(Equalty) {\n  NSString *postId\n}\n") == [
            "Models/Post.value:1:15: error: unknown include 'Bulder'; did you mean 'Builder'?",
            "Models/Post.value:1:32: error: unknown include 'Equalty'; did you mean 'Equality'?",
        ])
    }

    @Test func aRemodelConfigurationRemembersWhereEachIncludeIsWritten() throws {
        let text = "{\n  \"defaultIncludes\": [\"RMBuilder\",\n    \"AcmeJSONCoding\"],\n  \"defaultExcludes\": [\"RMBuilder\"]\n}\n"
        let configuration = try RemodelConfiguration.parse(Array(text.utf8), path: ".valueObjectConfig")
        #expect(configuration.includeLocations == [SourceLocation(line: 2, column: 23), SourceLocation(line: 3, column: 5)])
        #expect(configuration.excludeLocations == [SourceLocation(line: 4, column: 23)])
    }

    // MARK: - 4. Foundation's classes

    @Test(arguments: [
        ("NSAttributedString *value", "AttributedString"),
        ("NSMutableAttributedString *value", "AttributedString"),
        ("NSCalendar *value", "Calendar"),
        ("NSCharacterSet *value", "CharacterSet"),
        ("NSIndexSet *value", "IndexSet"),
        ("NSURLComponents *value", "URLComponents"),
        ("NSURLQueryItem *value", "URLQueryItem"),
        ("NSPersonNameComponents *value", "PersonNameComponents"),
        ("NSDateInterval *value", "DateInterval"),
        ("NSAffineTransform *value", "AffineTransform"),
        ("NSNotification *value", "Notification"),
        ("NSDateFormatter *value", "DateFormatter"),
        ("NSRegularExpression *value", "NSRegularExpression"),
        ("NSError *value", "NSError"),
        ("NSValue *value", "NSValue"),
        ("NSUnitLength *value", "UnitLength"),
        ("NSProgress *value", "Progress"),
        ("NSTask *value", "Process"),
    ])
    func mapsFoundationClassesAsLinuxFoundationNamesThem(line: String, swift: String) {
        let (request, diagnostics) = resolve("Models/Note.value", "Note {\n  \(line)\n}\n")
        #expect(diagnostics == [])
        #expect(request.types.first?.attributes.first?.type.swift == swift)
        #expect(request.imports == ["Foundation"])
    }

    @Test func everyMappedFoundationNameIsKnownWithWhatItCanBeReliedOn() {
        for swift in Set(ObjectiveCTypeMapping.foundationClasses.values) {
            #expect(KnownTypes.isKnown(swift), "\(swift)")
            #expect(KnownTypes.foundationTypeFeatures[swift] != nil || KnownTypes.foundation.contains(swift), "\(swift)")
        }
    }

    @Test func aValueHoldingAFoundationClassKeepsEqualityAndLeavesOutSendableQuietly() {
        let file = generate("Models/Note.value", "Note {\n  NSDateFormatter *formatter\n  NSAttributedString *body\n}\n")
        #expect(file.diagnostics.isEmpty)
        #expect((file.contents ?? "").contains("// MARK: - Note: Equality"))
        #expect(!(file.contents ?? "").contains("Sendable"))
    }

    @Test func codingAValueHoldingAFoundationClassThatIsNotCodableIsAnErrorAtTheAttribute() {
        #expect(diagnostics("Models/Note.value", "Note includes(RMCoding) {\n  NSRegularExpression *pattern\n  NSCalendar *calendar\n}\n") == [
            "Models/Note.value:2:3: error: 'Note' includes Coding, but attribute 'pattern' holds 'NSRegularExpression', a Foundation type that is not Codable; store what it is made of instead, or remove Coding from includes(...)",
        ])
    }

    @Test func urlLoadingClassesAreInAnotherModuleOnLinuxAndStayUnknown() {
        #expect(diagnostics("Models/Note.value", "Note {\n  NSURLRequest *request\n}\n") == [
            "Models/Note.value:2:3: error: unknown Objective-C type 'NSURLRequest *'; declare it with '%type name=NSURLRequest' and the module it comes from ('library=')",
        ])
    }

    // MARK: - 5. UIKit's classes

    @Test func uiKitsCommonClassesAreKnownAndImportUIKit() {
        let (request, diagnostics) = resolve("Models/Theme.value", """
        Theme {
          UIColor *tint
          %nullable UIImage *icon
          UIFont *font
        }

        """)
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["tint: UIColor", "icon: UIImage?", "font: UIFont"])
        #expect(request.imports == ["UIKit"])
    }

    @Test func remodelsImportWithANameDeclaresThatTypeFromThatLibrary() {
        let (request, diagnostics) = resolve("Models/Theme.value", """
        Theme {
          %import library=UIKit name=UIColor
          UIColor *tint
          %import library=BrandKit name=BrandPalette
          BrandPalette *palette
        }

        """)
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["tint: UIColor", "palette: BrandPalette"])
        #expect(request.imports == ["BrandKit", "UIKit"])
    }

    @Test func aUIKitClassQualifiedByAProtocolNeedsNoImport() {
        let protocols = swiftTypes("WorldProtocol", kind: "protocol")
        let (request, diagnostics) = resolve("Models/World.value", "World {\n  UIViewController<WorldProtocol> *screen\n}\n", swiftTypes: protocols)
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["screen: any UIViewController & WorldProtocol"])
    }

    @Test func aFileNeedingUIKitIsCompiledOnlyWhereUIKitCanBeImported() {
        let file = generate("Models/Theme.value", "Theme {\n  UIColor *tint\n}\n")
        #expect(file.diagnostics.isEmpty)
        #expect((file.contents ?? "").hasPrefix("// Generated by Valuegen \(ValuegenVersion.current) from Theme.value. Do not edit: change the schema and regenerate.\n\n#if canImport(UIKit)\n\nimport UIKit\n\npublic struct Theme {\n"))
        #expect((file.contents ?? "").hasSuffix("}\n\n#endif\n"))
        // UIColor is Hashable as an NSObject, and not known to be Sendable.
        #expect((file.contents ?? "").contains("extension Theme: Hashable {}"))
        #expect(!(file.contents ?? "").contains("Sendable"))
    }

    @Test func aFileHoldingATypeOfAUIKitFileNeedsUIKitToo() {
        let (requests, diagnostics) = resolveModule([
            ("Models/Theme.value", "Theme {\n  UIColor *tint\n}\n"),
            ("Models/Page.value", "Page {\n  Theme *theme\n}\n"),
            ("Models/Card.value", "Card {\n  NSArray<Page *> *pages\n}\n"),
            ("Models/Plain.value", "Plain {\n  NSString *title\n}\n"),
        ])
        #expect(diagnostics == [])
        #expect(requests.map(\.imports) == [["UIKit"], ["UIKit"], ["UIKit"], []])
    }

    // MARK: - 6. Blocks

    @Test(arguments: [
        ("dispatch_block_t value", "(() -> Void)"),
        ("void (^)(void) value", "(() -> Void)"),
        ("void (^)() value", "(() -> Void)"),
        ("void (^)(BOOL) value", "((Bool) -> Void)"),
        ("void (^)(BOOL finished, NSError *error) value", "((Bool, NSError) -> Void)"),
        ("NSString *(^)(NSInteger) value", "((Int) -> String)"),
        ("BOOL (^)(NSArray<NSString *> *items) value", "(([String]) -> Bool)"),
    ])
    func mapsBlocksToSwiftFunctionTypes(line: String, swift: String) {
        let (request, diagnostics) = resolve("Models/Task.value", "Task {\n  \(line)\n}\n")
        #expect(diagnostics == [])
        #expect(request.types.first?.attributes.first?.type.swift == swift)
    }

    @Test func aNullableBlockIsAnOptionalFunction() {
        let (request, _) = resolve("Models/Task.value", "Task {\n  %nullable void (^)(BOOL) completion\n}\n")
        #expect(attributeTypes(request.types.first) == ["completion: ((Bool) -> Void)?"])
    }

    @Test func aValueHoldingABlockTakesItEscapingAndLeavesOutWhatCannotHold() {
        let settings = GenerationSettings(defaultIncludes: ["Coding"])
        let file = generate("Models/Task.value", "Task includes(RMBuilder) {\n  NSString *name\n  void (^)(BOOL) completion\n}\n", settings: settings)
        #expect(file.diagnostics.isEmpty)
        #expect((file.contents ?? "").contains("public let completion: ((Bool) -> Void)\n"))
        #expect((file.contents ?? "").contains("public init(name: String, completion: @escaping ((Bool) -> Void)) {"))
        #expect((file.contents ?? "").contains("public var completion: ((Bool) -> Void)?\n"))
        for left in ["Equality", "Sendable", "Coding"] {
            #expect(!(file.contents ?? "").contains("// MARK: - Task: \(left)"), "\(left)")
        }
    }

    @Test func namingAFeatureABlockCannotHaveIsAnErrorAtTheAttribute() {
        #expect(diagnostics("Models/Task.value", "Task includes(RMEquality, RMCoding, Sendable) {\n  dispatch_block_t run\n}\n") == [
            "Models/Task.value:2:20: error: attribute 'run' has type '(() -> Void)', which cannot be compared or hashed; mark it %skipEquality or exclude Equality",
            "Models/Task.value:2:20: error: 'Task' cannot be Sendable: attribute 'run' has type '(() -> Void)', a closure, which is not known to be Sendable; exclude Sendable",
            "Models/Task.value:2:20: error: attribute 'run' has type '(() -> Void)', which cannot be coded; exclude Coding or use a concrete type",
        ])
    }

    @Test func aBlockTypedefWhoseSignatureIsInAHeaderSaysWhatToWrite() {
        #expect(diagnostics("Models/Task.value", "Task {\n  RMCompletionBlock completion\n}\n") == [
            "Models/Task.value:2:3: error: 'RMCompletionBlock' names a block typedef, whose parameters valuegen cannot see (they are in an Objective-C header); write the block's type instead, as in 'void (^)(BOOL, NSError *) completion', which becomes the Swift function type '((Bool, NSError) -> Void)'",
        ])
    }

    @Test func formattingWritesABlockAsObjectiveCDoes() {
        let result = SchemaFormatter.format(SchemaSource(path: "Task.value", text: "Task {\n  void(^ )( BOOL finished,NSError* error ) completion\n  NSString*(^)(void) label\n}\n"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.bytes.map { String(decoding: $0, as: UTF8.self) } == "Task {\n  void (^)(BOOL finished, NSError *error) completion\n  NSString *(^)(void) label\n}\n")
    }

    @Test func theTypesABlockNamesAreChecked() {
        #expect(diagnostics("Models/Task.value", "Task {\n  void (^)(Missing *) handler\n}\n") == [
            "Models/Task.value:2:12: error: unknown type 'Missing'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Missing library=ModuleName'",
        ])
    }

    @Test func aBlockWithANameInsideItsCaretIsAnErrorSayingWhereTheNameGoes() {
        #expect(diagnostics("Models/Task.value", "Task {\n  void (^completion)(BOOL)\n}\n") == [
            "Models/Task.value:2:10: error: write a block type without a name inside '(^)', and the attribute's name after it: 'void (^)(BOOL) completion'",
        ])
    }
}
