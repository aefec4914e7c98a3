import Foundation
import Testing
import ValuegenCore

/// Remodel-style schemas that use the Objective-C types of Remodel projects — C scalars, Core
/// Graphics and Foundation structs, `Class`, `id<P>`, a class qualified by a protocol, Remodel's
/// `%import`, `%type` keys and `;` — generate unchanged, and the result compiles in the Swift 6
/// language mode without the Objective-C runtime, as on Linux.
@Suite struct RemodelTypesCompileTests {
    static let page = """
    # A page, written for Remodel.
    %type name=RMSomeObject file=AnotherFile
    %type name=RMSomeEnum canForwardDeclare=false
    %type name=ViewController
    %type name=WorldProtocol file=HWorldProtocol
    RMPage includes(RMBuilder) {
      BOOL doesUserLike;
      NSString* identifier;
      NSInteger likeCount
      uint32_t numberOfRatings
      uint64_t byteCount
      unsigned long long total
      long int small
      uintptr_t address
      CGFloat height
      NSTimeInterval duration
      CGRect frame
      CGPoint origin
      CGSize size
      NSRange selection
      Class someClass
      %nullable
      Class optionalClass
      %import file=HelloProtocol
      id<HelloProtocol> helloObj
      %import library=Foundation
      ViewController<WorldProtocol> *worldVc
      %nullable
      ViewController<WorldProtocol> *otherVc
      RMSomeEnum(NSUInteger) someEnum
      RMSomeObject *object
    }

    """

    static let outcome = """
    Outcome includes(RMEquality, RMCoding) {
      %nullable
      %singleAttributeSubtype attributeType="NSString *"
      Message
      %singleAttributeSubtype attributeType="NSRange"
      Selection
      Frame {
        CGRect bounds;
        %import library=Foundation
        NSDate *at;
      }
    }

    """

    /// What the schemas take from the module's own Swift code.
    static let handwritten = """
    public protocol HelloProtocol: AnyObject {}
    public protocol WorldProtocol: AnyObject {}
    open class ViewController {}
    public enum RMSomeEnum: UInt, Hashable, Sendable { case first }
    public struct RMSomeObject: Hashable, Sendable {}

    """

    @Test func remodelTypesGenerateSwiftThatCompiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        try TestSupport.write(Self.page, to: models.appendingPathComponent("RMPage.value"))
        try TestSupport.write(Self.outcome, to: models.appendingPathComponent("Outcome.adtValue"))
        try TestSupport.write(Self.handwritten, to: models.appendingPathComponent("Handwritten.swift"))
        let generated = folder.appendingPathComponent("Generated")

        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.diagnostics.map(\.description))")

        let page = try String(contentsOf: generated.appendingPathComponent("RMPage.swift"), encoding: .utf8)
        for declaration in [
            "public let someClass: AnyClass\n",
            "public let optionalClass: AnyClass?\n",
            "public let helloObj: any HelloProtocol\n",
            "public let worldVc: any ViewController & WorldProtocol\n",
            "public let otherVc: (any ViewController & WorldProtocol)?\n",
            "public let selection: NSRange\n",
            "public let address: UInt\n",
        ] {
            #expect(page.contains(declaration), "\(declaration) in\n\(page)")
        }
        let outcome = try String(contentsOf: generated.appendingPathComponent("Outcome.swift"), encoding: .utf8)
        #expect(outcome.contains("case message(String?)"), "\(outcome)")

        let checker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let sources = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
        let handwritten = models.appendingPathComponent("Handwritten.swift").path
        let diagnostics = try checker.typecheck(primaries: sources + [handwritten], bodies: true)
        #expect(diagnostics.map(\.description) == [])
    }
}
