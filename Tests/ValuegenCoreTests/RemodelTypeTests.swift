import Testing
import ValuegenPluginSDK
import ValuegenCore

/// The Objective-C types Remodel schemas use beyond NSString and NSArray: C scalars, Core
/// Graphics and Foundation structs, `Class`, protocol-qualified classes, and the types that
/// have no Swift equivalent on every platform, each with the error that says what to write.
@Suite("Remodel's Objective-C types")
struct RemodelTypeTests {
    /// The Swift type of the single attribute `line` declares in `Profile`, and the diagnostics.
    private func swiftType(of line: String, header: String = "") -> (swift: String?, diagnostics: [String]) {
        let (request, diagnostics) = resolve("Models/Profile.value", "\(header)Profile {\n  \(line)\n}\n", swiftTypes: swiftTypes("User"))
        return (request.types.first?.attributes.first?.type.swift, diagnostics)
    }

    @Test(arguments: [
        ("uintptr_t value", "UInt"),
        ("intptr_t value", "Int"),
        ("ptrdiff_t value", "Int"),
        ("ssize_t value", "Int"),
        ("long int value", "Int"),
        ("unsigned long int value", "UInt"),
        ("long long int value", "Int64"),
        ("signed char value", "Int8"),
        ("short int value", "Int16"),
        ("unichar value", "UInt16"),
        ("CFTimeInterval value", "TimeInterval"),
        ("CGPoint value", "CGPoint"),
        ("CGSize value", "CGSize"),
        ("CGRect value", "CGRect"),
        ("NSRange value", "NSRange"),
        ("Class value", "AnyClass"),
    ])
    func mapsCScalarsAndStructsToSwift(line: String, swift: String) {
        let result = swiftType(of: line)
        #expect(result.diagnostics == [])
        #expect(result.swift == swift)
    }

    @Test func importsFoundationForItsStructs() {
        let (request, _) = resolve("Models/Frame.value", "Frame {\n  CGRect bounds\n  NSRange selection\n}\n")
        #expect(request.imports == ["Foundation"])
    }

    // MARK: - Class

    @Test func aClassAttributeLeavesOutDefaultEqualityAndSendableQuietly() {
        let (request, diagnostics) = resolve("Models/Page.value", "Page {\n  Class someClass\n  NSString *title\n}\n")
        #expect(diagnostics == [])
        #expect(request.types.first?.includes == ["Value", "Description"])
    }

    @Test func aClassAttributeCannotBeComparedWhenEqualityIsNamed() {
        #expect(diagnostics("Models/Page.value", "Page includes(RMEquality) {\n  Class someClass\n}\n") == [
            "Models/Page.value:2:9: error: attribute 'someClass' has type 'AnyClass', which cannot be compared or hashed; mark it %skipEquality or exclude Equality",
        ])
    }

    @Test func aSwiftStyleAnyClassIsTheSameType() {
        let (request, diagnostics) = resolve("Models/Page.value", "Page {\n  someClass: AnyClass?\n}\n")
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["someClass: AnyClass?"])
        #expect(request.types.first?.includes == ["Value", "Description"])
    }

    // MARK: - Protocols

    @Test func aClassQualifiedByAProtocolKeepsTheProtocol() {
        let header = "%type name=UIViewController library=UIKit\n%type name=WorldProtocol library=WorldKit file=HWorldProtocol\n"
        let result = swiftType(of: "UIViewController<WorldProtocol> *worldVc", header: header)
        #expect(result.diagnostics == [])
        #expect(result.swift == "any UIViewController & WorldProtocol")
    }

    @Test func aClassQualifiedByTwoProtocolsKeepsBoth() {
        let header = "%type name=UIViewController library=UIKit\n%type name=ProtocolA library=UIKit\n%type name=ProtocolB library=UIKit\n"
        let result = swiftType(of: "UIViewController<ProtocolA, ProtocolB> *helloViewController", header: header)
        #expect(result.diagnostics == [])
        #expect(result.swift == "any UIViewController & ProtocolA & ProtocolB")
    }

    @Test func aNullableQualifiedClassIsAnOptionalExistential() {
        let header = "%type name=UIViewController library=UIKit\n%type name=WorldProtocol library=UIKit\n"
        let (request, diagnostics) = resolve("Models/Profile.value", "\(header)Profile {\n  %nullable\n  UIViewController<WorldProtocol> *worldVc\n}\n")
        #expect(diagnostics == [])
        #expect(attributeTypes(request.types.first) == ["worldVc: (any UIViewController & WorldProtocol)?"])
    }

    @Test func keepsTheTypeArgumentsOfAGenericTypeDeclaredWithPercentType() {
        let result = swiftType(of: "Page<User *> *page", header: "%type name=Page library=Paging\n")
        #expect(result.diagnostics == [])
        #expect(result.swift == "Page<User>")
    }

    @Test func reportsProtocolsMixedWithTypeArguments() {
        #expect(swiftType(of: "Page<User *, Named> *page", header: "%type name=Page library=Paging\n").diagnostics == [
            "Models/Profile.value:3:3: error: 'Page<User *, Named> *' mixes protocols and type arguments: write protocols alone (Page<Protocol> *) or every type argument with '*' (Page<Named *> *)",
        ])
    }

    // MARK: - No Swift equivalent on every platform

    @Test func reportsASelectorWithWhatToWriteInstead() {
        #expect(swiftType(of: "SEL action").diagnostics == [
            "Models/Profile.value:2:3: error: 'SEL' has no Swift equivalent on Linux (Selector needs the Objective-C runtime); store the selector's name instead ('NSString *selectorName', turned back with NSSelectorFromString), or, in a module built only for Apple platforms, declare '%type name=Selector library=ObjectiveC' and write 'selector: Selector'",
        ])
    }

    @Test func reportsUIKitStructsWithWhatToWriteInstead() {
        #expect(swiftType(of: "UIEdgeInsets insets").diagnostics == [
            "Models/Profile.value:2:3: error: 'UIEdgeInsets' comes from UIKit, which not every platform has; store its fields as CGFloat attributes, or, for a module built only for iOS, tvOS or visionOS, declare it with '%type name=UIEdgeInsets library=UIKit sendable=true'",
        ])
    }

    @Test func acceptsAUIKitStructDeclaredWithPercentType() {
        let result = swiftType(of: "UIEdgeInsets insets", header: "%type name=UIEdgeInsets library=UIKit sendable=true\n")
        #expect(result.diagnostics == [])
        #expect(result.swift == "UIEdgeInsets")
    }

    @Test(arguments: ["RMCompletionBlock", "RMResultHandler"])
    func reportsABlockTypedefWithWhatToWriteInstead(name: String) {
        #expect(swiftType(of: "\(name) someBlock").diagnostics == [
            "Models/Profile.value:2:3: error: '\(name)' names a block typedef, whose parameters valuegen cannot see (they are in an Objective-C header); write the block's type instead, as in 'void (^)(BOOL, NSError *) completion', which becomes the Swift function type '((Bool, NSError) -> Void)'",
        ])
    }

    @Test func aBlockMayBeASingleAttributeSubtypesValue() {
        let (request, diagnostics) = resolve("Models/Event.adtValue", "Event {\n  %singleAttributeSubtype attributeType=dispatch_block_t\n  Tapped\n}\n")
        #expect(diagnostics == [])
        #expect(request.types.first?.cases.first?.singleValueType?.swift == "(() -> Void)")
    }
}
