import Foundation
import Testing
import ValuegenCore

/// A Remodel project written as real projects wrote theirs (issue 25): annotations on the
/// attribute's line, includes of plugins valuegen cannot run, Remodel includes on kinds that do
/// not have them, Foundation and UIKit classes, blocks. It generates with warnings only, and the
/// result compiles in the Swift 6 language mode on Linux, where the UIKit files compile to
/// nothing, and again against a stand-in UIKit module, where they compile whole.
@Suite struct RemodelProjectShapesCompileTests {
    static let files: [String: String] = [
        ".valueObjectConfig": """
        {
          "defaultIncludes": ["RMBuilder", "RMCoding",
            "AcmeJSONCoding"]
        }

        """,
        "Member.value": """
        Member includes(IGListDiffable) {
          %nullable RIOGuild *guild
          %nullable NSString *name
          NSInteger level
        }

        """,
        "Kind.adtValue": """
        Kind includes(RMBuilder) {
          Admin
          Guest
        }

        """,
        "Note.value": """
        Note {
          NSAttributedString *body
          NSCalendar *calendar
          NSIndexSet *pages
          NSURLComponents *link
          %nullable NSDateFormatter *formatter
          NSRegularExpression *pattern
          NSError *failure
        }

        """,
        "Theme.value": """
        Theme {
          %import library=UIKit name=UIColor
          UIColor *tint
          %nullable UIViewController<WorldProtocol> *screen
        }

        """,
        "Page.value": """
        Page {
          Theme *theme
          NSString *title
        }

        """,
        "Task.value": """
        Task {
          NSString *name
          dispatch_block_t run
          void (^)(BOOL finished, NSError *error) completion
          %nullable NSString *(^)(NSInteger) label
        }

        """,
        "Job.object": """
        Job includes(RMBuilder, With, Undo) {
          NSString *title
          dispatch_block_t run
          %nullable void (^)(BOOL) done
        }

        """,
        "Support.swift": """
        public struct RIOGuild: Hashable, Codable, Sendable {
            public init() {}
        }
        public protocol WorldProtocol: AnyObject {}

        """,
    ]

    /// What the project relies on of UIKit, for compiling the UIKit files on Linux.
    static let standInUIKit = """
    @_exported import Foundation
    open class UIColor: NSObject {}
    open class UIViewController: NSObject {}

    """

    @Test func aRemodelProjectAsWrittenGeneratesWithWarningsAndCompiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("Models")
        for (name, text) in Self.files {
            try TestSupport.write(text, to: models.appendingPathComponent(name))
        }
        let generated = folder.appendingPathComponent("Generated")
        let report = GenerationRun().run(GenerationOptions(inputs: [models.path], outputDirectory: generated.path))
        try #require(report.exitCode == 0, "\(report.usageErrors) \(report.diagnostics.map(\.description))")
        #expect(report.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(report.diagnostics.map { "\(($0.path as NSString).lastPathComponent):\($0.location?.line ?? 0): \($0.message)" }.sorted() == [
            ".valueObjectConfig:3: 'defaultIncludes' names unknown include 'AcmeJSONCoding', which is skipped: no feature or loaded plugin answers to it, so every .value type is generated without what it adds; if a Remodel plugin of the project adds it, rewrite that plugin as a valuegen plugin (docs/WritingPlugins.md) and name it in valuegen.json's 'plugins', or remove the name",
            "Kind.adtValue:1: 'RMBuilder' (Builder) is not available for .adtValue types, only for .value and .object types, so 'Kind' is generated without it, as Remodel skips it; remove it from includes(...)",
            "Member.value:1: unknown include 'IGListDiffable' is skipped: no feature or loaded plugin answers to it, so 'Member' is generated without IGListKit's diffIdentifier and isEqualToDiffableObject:; include Valuegen's 'Diffing' for the nearest equivalent",
        ])

        func read(_ name: String) throws -> String {
            try String(contentsOf: generated.appendingPathComponent(name), encoding: .utf8)
        }
        let member = try read("Member.swift")
        #expect(member.contains("public let guild: RIOGuild?\n"))
        #expect(member.contains("// MARK: - Member: Coding"))
        let note = try read("Note.swift")
        #expect(note.contains("public let body: AttributedString\n"))
        #expect(note.contains("public let formatter: DateFormatter?\n"))
        // Coding from the configuration is left out where what a type holds is not Codable.
        #expect(!note.contains("// MARK: - Note: Coding"))
        let task = try read("Task.swift")
        #expect(task.contains("public let completion: ((Bool, NSError) -> Void)\n"))
        #expect(task.contains("run: @escaping (() -> Void),\n"))
        #expect(!task.contains("// MARK: - Task: Equality"))
        for name in ["Theme.swift", "Page.swift"] {
            #expect(try read(name).contains("\n#if canImport(UIKit)\n\nimport UIKit\n"), "\(name)")
        }

        let checker = try SwiftTypechecker.locatingRuntime(scratch: folder)
        let sources = try TestSupport.files(in: generated).map { generated.appendingPathComponent($0).path }
        let support = models.appendingPathComponent("Support.swift").path
        let onLinux = try checker.typecheck(primaries: sources + [support], bodies: true)
        #expect(onLinux.map(\.description) == [])

        let uiKit = folder.appendingPathComponent("UIKit")
        try TestSupport.write(Self.standInUIKit, to: uiKit.appendingPathComponent("UIKit.swift"))
        let build = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-emit-module", "-parse-as-library", "-module-name", "UIKit",
            "-emit-module-path", uiKit.appendingPathComponent("UIKit.swiftmodule").path, uiKit.appendingPathComponent("UIKit.swift").path,
        ])
        try #require(build.status == 0, "\(build.standardError)")
        let withUIKit = try checker.typecheck(primaries: sources + [support], context: ["-I", uiKit.path], bodies: true)
        #expect(withUIKit.map(\.description) == [])
    }
}
