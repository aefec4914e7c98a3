import Foundation
import Testing

/// The DisplayNames plugin of docs/WritingPlugins.md, compiled from the page itself (the
/// ```` ```swift plugin ```` block after `<!-- WritingPluginsExampleTests: DisplayNames.swift -->`), loaded and
/// run: the code a reader copies builds, and does what the page says it does.
@Suite(.serialized) struct WritingPluginsExampleTests {
    static let page = PluginBuilder.repositoryRoot.appendingPathComponent("docs/WritingPlugins.md")

    /// The page's DisplayNames.swift, built once per test process.
    static let library: Result<String, TestBuildFailure> = Result { () throws(TestBuildFailure) -> String in
        let text: String
        do {
            text = try String(contentsOf: page, encoding: .utf8)
        } catch {
            throw TestBuildFailure(description: "could not read \(page.path): \(error)")
        }
        let marker = "<!-- WritingPluginsExampleTests: DisplayNames.swift -->\n```swift plugin\n"
        guard let start = text.range(of: marker), let end = text.range(of: "\n```\n", range: start.upperBound..<text.endIndex) else {
            throw TestBuildFailure(description: "docs/WritingPlugins.md has no DisplayNames.swift block after its marker")
        }
        let source: String
        do {
            source = try PluginBuilder.source("DisplayNames.swift", String(text[start.upperBound..<end.lowerBound]) + "\n")
        } catch {
            throw TestBuildFailure(description: "could not write DisplayNames.swift: \(error)")
        }
        do {
            return try PluginBuilder.swiftPlugin(named: "ValuegenDisplayNamesPlugin", sources: [source])
        } catch let failure as TestBuildFailure {
            throw failure
        } catch {
            throw TestBuildFailure(description: "\(error)")
        }
    }

    static func pageText() throws -> String {
        try String(contentsOf: page, encoding: .utf8)
    }

    @Test func generatesTheDisplayNamesThePageShows() throws {
        let library = try Self.library.get()
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExampleModels.write("""
            Contact includes(DisplayNames) {
              userId: UUID
              %displayName text="E-mail address"
              email: String
              phoneNumber: String?
            }
            """, to: folder.appendingPathComponent("Models/Contact.value"))

        let run = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--quiet", "--plugin", library], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let contact = try String(contentsOf: folder.appendingPathComponent("Generated/Contact.swift"), encoding: .utf8)
        let block = """
            // MARK: - Contact: DisplayNames

            extension Contact {
                /// The names people see for Contact's attributes.
                public static let displayNames: [String: String] = ["userId": "User id", "email": "E-mail address", "phoneNumber": "Phone number"]
            }

            """
        #expect(contact.hasSuffix(block), "\(contact)")
        #expect(try Self.pageText().contains("```swift asserted-by=Tests/PluginHostTests/WritingPluginsExampleTests.swift\n" + block + "```\n"), "WritingPlugins.md shows other output")

        // The generated code compiles, and says what the page says.
        let main = folder.appendingPathComponent("main.swift").path
        try ExampleModels.write("""
            import Foundation
            precondition(Contact.displayNames == ["userId": "User id", "email": "E-mail address", "phoneNumber": "Phone number"])
            print("display names checked")

            """, to: URL(fileURLWithPath: main))
        let executable = folder.appendingPathComponent("display-names").path
        try PluginBuilder.run("swiftc", ["-swift-version", "6", "-warnings-as-errors", "-o", executable, folder.appendingPathComponent("Generated/Contact.swift").path, main])
        let checked = try ProcessRunner.run(URL(fileURLWithPath: executable), [], in: folder, environment: ProcessInfo.processInfo.environment)
        #expect(checked.standardOutput == "display names checked\n", "\(checked.standardError)")

        // The title style, from valuegen.json's options.
        try ExampleModels.write(#"{"plugins": [{"path": "\#(library)", "options": {"style": "title"}}]}"#, to: folder.appendingPathComponent("Models/valuegen.json"))
        let titled = try ProcessRunner.valuegen(["generate", "Models", "--output", "Titled", "--quiet"], in: folder)
        #expect(titled.status == 0, "\(titled.standardError)")
        let titledContact = try String(contentsOf: folder.appendingPathComponent("Titled/Contact.swift"), encoding: .utf8)
        #expect(titledContact.contains(#"["userId": "User Id", "email": "E-mail address", "phoneNumber": "Phone Number"]"#), "\(titledContact)")
    }

    @Test func checksItsOptionsAsThePageShows() throws {
        let library = try Self.library.get()
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ExampleModels.write("Contact includes(DisplayNames) {\n  userId: UUID\n}\n", to: folder.appendingPathComponent("Models/Contact.value"))
        try FileManager.default.copyItem(atPath: library, toPath: folder.appendingPathComponent("libValuegenDisplayNamesPlugin.so").path)
        let configuration = #"{"plugins": [{"path": "../libValuegenDisplayNamesPlugin.so", "options": {"style": 2, "colour": "blue"}}]}"#
        try ExampleModels.write(configuration + "\n", to: folder.appendingPathComponent("Models/valuegen.json"))

        let run = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated"], in: folder)
        #expect(run.status == 1)
        let expected = """
            Models/Contact.value: warning: DisplayNames ignores the unknown option 'colour'; its only option is 'style'
            Models/Contact.value: error: DisplayNames' option 'style' must be "sentence" or "title", not 2

            """
        #expect(run.standardError == expected)
        let page = try Self.pageText()
        #expect(page.contains("$ cat Models/valuegen.json\n\(configuration)\n$ valuegen generate Models --output Generated\n" + expected + "```\n"), "WritingPlugins.md shows other messages")
    }

    @Test func reportsErrorsAtTheirLocationsWithANoteAtTheFirstUse() throws {
        let library = try Self.library.get()
        let folder = try ProcessRunner.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = """
            Broken includes(DisplayNames) {
              %displayName
              nickname: String
              homePage: String
              %displayName text="Home page"
              website: String
            }
            """
        try ExampleModels.write(schema, to: folder.appendingPathComponent("Models/Broken.value"))

        let run = try ProcessRunner.valuegen(["generate", "Models", "--output", "Generated", "--quiet", "--plugin", library], in: folder)
        #expect(run.status == 1)
        let expected = """
            Models/Broken.value:2:3: error: annotation '%displayName' needs a 'text=' argument, e.g. %displayName text="E-mail address"
            Models/Broken.value:6:3: error: two attributes of 'Broken' display as 'Home page'; give one a %displayName text="..."
            Models/Broken.value:4:3: note: 'Home page' is first used here

            """
        #expect(run.standardError == expected)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/Broken.swift").path))
        let page = try Self.pageText()
        #expect(page.contains("\n" + schema + "\n```\n"))
        #expect(page.contains("\n" + expected + "```\n"))
    }
}
