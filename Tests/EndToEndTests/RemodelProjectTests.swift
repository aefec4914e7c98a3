import Foundation
import Testing

/// Issue 12's "done when": a folder of Remodel schemas with their configuration files —
/// Fixtures/RemodelProject, written as a Remodel project writes them — generates with
/// `valuegen generate` unchanged, and the result compiles. Run from the repository's root as a
/// user runs it, so paths print as the user typed them.
@Suite struct RemodelProjectTests {
    static let projectPath = "Fixtures/RemodelProject"
    static let project = TestSupport.repositoryRoot.appendingPathComponent(projectPath)

    private func valuegen(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: TestSupport.repositoryRoot)
    }

    /// The features of a generated file, in the order of its `// MARK: - Type: Feature` headers.
    private static func features(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("// MARK: - "), let colon = line.lastIndex(of: ":") else { return nil }
            return String(line[line.index(after: colon)...].dropFirst())
        }
    }

    /// Every schema of the project and the features its configuration files, its includes and
    /// what it holds give it. Ignored Remodel includes (RMCopying, UseForwardDeclarations,
    /// RMImmutableIvars, CaseMatching…) add nothing.
    static let expectedFeatures: [String: [String]] = [
        // Feed: the root .valueObjectConfig includes RMCoding. Story holds a FeedCursor whose
        // %type does not say sendable=true, so Story, and FeedState holding it, are not Sendable.
        "Story.swift": ["Equality", "Description", "Builder", "Coding"],
        "Comment.swift": ["Equality", "Sendable", "Description", "Coding"],
        // The root .algebraicTypeConfig: RMCoding and VoidMatching in, RMDescription out.
        "Attachment.swift": ["Equality", "Sendable", "Matching", "Coding"],
        "FeedState.swift": ["Equality", "Matching"],
        // Profile: the root configuration files.
        "User.swift": ["Equality", "Sendable", "Description", "Builder", "Coding"],
        "Avatar.swift": ["Equality", "Sendable", "Description", "Coding"],
        "ProfileHeader.swift": ["Equality", "Sendable", "Description", "Coding"],
        // Navigation: its own .valueObjectConfig excludes RMEquality and RMCoding (a route holds
        // a class object and view controllers); a Class or an id<P> leaves out Sendable quietly.
        "Route.swift": ["Description", "Builder"],
        "DeepLink.swift": ["Sendable", "Description"],
        // No Navigation/.algebraicTypeConfig: the root's applies. Transition holds a Route, which
        // has neither Equality nor Coding, so its default ones go quietly.
        "Transition.swift": ["Description", "Matching"],
    ]

    @Test func theRemodelProjectGeneratesUnchangedAndCompiles() throws {
        let scratch = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("Generated")

        let result = try valuegen(["generate", Self.projectPath, "--output", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Generated 12 files in \(output.path) (12 written, 0 unchanged).\n")
        #expect(result.standardError == """
        Fixtures/RemodelProject/.valueObjectConfig: warning: 'customPluginPaths' names the JavaScript plugin 'plugins/analytics-logging.js', which valuegen cannot run; its includes are unknown until it is rewritten as a valuegen plugin (see docs/WritingPlugins.md)
        Fixtures/RemodelProject/.valueObjectConfig: warning: 'diagnosticIgnores' is ignored: it silences diagnostics of Remodel's Objective-C output, which valuegen does not produce

        """)

        let files = try TestSupport.files(in: output)
        // The builders (Story's, Route's, User's) share the error type of the module support file.
        #expect(files == (Array(Self.expectedFeatures.keys) + ["ProfileVisibility.swift", "ValuegenModuleSupport.swift"]).sorted())
        var generated: [String: String] = [:]
        for file in files {
            generated[file] = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
        }
        for (file, features) in Self.expectedFeatures {
            #expect(Self.features(in: generated[file] ?? "") == features, "\(file)")
        }

        // Remodel's own idiom for "a generic matcher instead of the default void one".
        #expect(Self.features(in: generated["ProfileVisibility.swift"] ?? "") == ["Equality", "Sendable", "Matching", "Coding"])

        let story = generated["Story.swift"] ?? ""
        for declaration in [
            "public let author: User\n",
            "public let permalink: URL?\n",
            "public let score: Double\n",
            "public let comments: [Comment]\n",
            "public let reactionCounts: [String: Double]\n",
            "public let reason: RankingReason\n",
            "public let cursor: FeedCursor?\n",
        ] {
            #expect(story.contains(declaration), "\(declaration) in Story.swift")
        }
        let route = generated["Route.swift"] ?? ""
        for declaration in [
            "public let parameters: [String: String]\n",
            "public let screenClass: AnyClass\n",
            "public let handler: any RouteHandling\n",
            "public let presentingController: (any ScreenController & Themeable)?\n",
        ] {
            #expect(route.contains(declaration), "\(declaration) in Route.swift")
        }
        #expect((generated["Attachment.swift"] ?? "").contains("    case caption(String?)\n"))
        #expect((generated["Attachment.swift"] ?? "").contains("    case photo(url: URL, size: CGSize)\n"))
        #expect((generated["ProfileVisibility.swift"] ?? "").contains("    case onlyUsers([String])\n"))
        #expect((generated["ProfileHeader.swift"] ?? "").contains("public let highlightedRange: NSRange\n"))
        #expect((generated["Avatar.swift"] ?? "").contains("public let cropRect: CGRect\n"))
        // %library names the module: the %type lines that name it import nothing.
        #expect(!story.contains("import RemodelProject"))
        #expect(!route.contains("import RemodelProject"))

        // The generated files and the project's hand-written Swift, in one module, Swift 6.
        let checker = try SwiftTypechecker.locatingRuntime(scratch: scratch)
        let sources = files.map { output.appendingPathComponent($0).path } + [Self.project.appendingPathComponent("Support.swift").path]
        let diagnostics = try checker.typecheck(primaries: sources, bodies: true)
        #expect(diagnostics.map(\.description) == [])
    }

    @Test func formatCheckListsTheFileNotInItsLayoutAndSwiftSyntaxGeneratesTheSame() throws {
        let scratch = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let header = Self.project.appendingPathComponent("Profile/ProfileHeader.value")
        let before = try Data(contentsOf: header)

        // ProfileHeader is written as Remodel's own examples write some files (`NSString* title`,
        // four spaces, two blank lines); the rest are in the canonical layout already.
        let check = try valuegen(["format", "--check", Self.projectPath])
        #expect(check.status == 1)
        #expect(check.standardOutput == "")
        #expect(check.standardError == "Fixtures/RemodelProject/Profile/ProfileHeader.value: error: not formatted; run 'valuegen format' without --check\n")
        #expect(try Data(contentsOf: header) == before, "--check wrote to the fixture")

        let copy = scratch.appendingPathComponent("RemodelProject")
        try FileManager.default.copyItem(at: Self.project, to: copy)
        let original = scratch.appendingPathComponent("Original")
        let generatedBefore = try valuegen(["generate", copy.path, "--output", original.path, "--quiet"])
        #expect(generatedBefore.status == 0, "\(generatedBefore.standardError)")

        let format = try valuegen(["format", "--to-swift-syntax", copy.path])
        #expect(format.status == 0)
        #expect(format.standardError == "", "every Objective-C type of the project has a Swift spelling")
        #expect(try String(contentsOf: copy.appendingPathComponent("Profile/ProfileHeader.value"), encoding: .utf8) == """
        # The top of a profile screen.
        ProfileHeader includes(RMValueObjectSemantics) {
          title: String
          highlightedRange: NSRange
          subtitle: String?

          joinedTimestamp: Int64
        }

        """)
        let route = try String(contentsOf: copy.appendingPathComponent("Navigation/Route.value"), encoding: .utf8)
        #expect(route.contains("  screenClass: AnyClass\n  handler: any RouteHandling\n  presentingController: (any ScreenController & Themeable)?\n"), "\(route)")
        #expect(try valuegen(["format", "--check", copy.path]).status == 0)

        let formatted = scratch.appendingPathComponent("Formatted")
        let generatedAfter = try valuegen(["generate", copy.path, "--output", formatted.path, "--quiet"])
        #expect(generatedAfter.status == 0, "\(generatedAfter.standardError)")
        let names = try TestSupport.files(in: original)
        #expect(names.count == 12)
        #expect(try TestSupport.files(in: formatted) == names)
        for name in names {
            let expected = try Data(contentsOf: original.appendingPathComponent(name))
            let actual = try Data(contentsOf: formatted.appendingPathComponent(name))
            #expect(actual == expected, "\(name) generates differently after valuegen format --to-swift-syntax")
        }
    }
}
