import Foundation
import Testing
@testable import ValuegenCore

/// Remodel's `.valueObjectConfig`, `.algebraicTypeConfig` and `.objectConfig`: what valuegen
/// reads from them, what it warns about, and how they combine with valuegen.json, the command
/// line and the schema's own includes.
@Suite("Remodel configuration files")
struct RemodelConfigurationTests {
    private let path = "Models/.valueObjectConfig"

    private func parse(_ json: String) throws(Configuration.Failure) -> RemodelConfiguration {
        try RemodelConfiguration.parse(Array(json.utf8), path: path)
    }

    private func failure(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: - Reading the file

    @Test func readsDefaultIncludesAndExcludes() throws {
        let configuration = try parse(#"{"defaultIncludes": ["RMBuilder", "RMCoding"], "defaultExcludes": ["RMEquality"]}"#)
        #expect(configuration.defaultIncludes == ["RMBuilder", "RMCoding"])
        #expect(configuration.defaultExcludes == ["RMEquality"])
        #expect(configuration.warnings.isEmpty)
    }

    @Test func warnsAboutEachKeyWithNoSwiftMeaningNamingTheFile() throws {
        let configuration = try parse("""
        {
          "customBaseClass": {"className": "FBBaseObject", "libraryName": "FBFoundation"},
          "diagnosticIgnores": ["RMEquality"],
          "customPluginPaths": ["plugins/fb-logging.js", "/abs/fb-cache.js"]
        }
        """)
        #expect(configuration.warnings.map(\.description) == [
            "Models/.valueObjectConfig: warning: 'customBaseClass' is ignored: it names the Objective-C base class of Remodel's classes, and valuegen's structs, enums and final classes have none",
            "Models/.valueObjectConfig: warning: 'diagnosticIgnores' is ignored: it silences diagnostics of Remodel's Objective-C output, which valuegen does not produce",
            "Models/.valueObjectConfig: warning: 'customPluginPaths' names the JavaScript plugin 'plugins/fb-logging.js', which valuegen cannot run; its includes are unknown until it is rewritten as a valuegen plugin (see docs/WritingPlugins.md)",
            "Models/.valueObjectConfig: warning: 'customPluginPaths' names the JavaScript plugin '/abs/fb-cache.js', which valuegen cannot run; its includes are unknown until it is rewritten as a valuegen plugin (see docs/WritingPlugins.md)",
        ])
    }

    @Test func warnsAboutAnUnknownKeyAsRemodelIgnoresIt() throws {
        #expect(try parse(#"{"defaultInclude": ["RMBuilder"]}"#).warnings.map(\.description) == [
            "Models/.valueObjectConfig: warning: unknown key 'defaultInclude' is ignored, as Remodel ignores it; did you mean 'defaultIncludes'?",
        ])
        #expect(try parse(#"{"outputPath": "Generated"}"#).warnings.map(\.description) == [
            "Models/.valueObjectConfig: warning: unknown key 'outputPath' is ignored, as Remodel ignores it; known keys are customBaseClass, customPluginPaths, defaultExcludes, defaultIncludes, diagnosticIgnores",
        ])
    }

    @Test func refusesMalformedJSONNamingTheFileAndTheFix() {
        #expect(failure(#"{"defaultIncludes": ["RMBuilder",]"#)
            == #"Models/.valueObjectConfig: error: not valid JSON; .valueObjectConfig must be a JSON object such as {"defaultIncludes": ["RMBuilder"]}"#)
        #expect(failure("")
            == #"Models/.valueObjectConfig: error: not valid JSON; .valueObjectConfig must be a JSON object such as {"defaultIncludes": ["RMBuilder"]}"#)
        #expect(failure(#"["RMBuilder"]"#)
            == #"Models/.valueObjectConfig: error: .valueObjectConfig must be a JSON object such as {"defaultIncludes": ["RMBuilder"]}"#)
    }

    @Test func refusesKeysOfTheWrongType() {
        #expect(failure(#"{"defaultIncludes": "RMBuilder"}"#)
            == #"Models/.valueObjectConfig: error: 'defaultIncludes' must be an array of include names, such as ["RMBuilder", "RMCoding"]"#)
        #expect(failure(#"{"defaultExcludes": [1]}"#)
            == #"Models/.valueObjectConfig: error: 'defaultExcludes' must be an array of include names, such as ["RMBuilder", "RMCoding"]"#)
        #expect(failure(#"{"customPluginPaths": "plugins/a.js"}"#)
            == "Models/.valueObjectConfig: error: 'customPluginPaths' must be an array of paths of Remodel plugins")
    }

    // MARK: - Finding the file

    @Test func eachKindHasItsFile() {
        #expect(RemodelConfiguration.fileName(for: .value) == ".valueObjectConfig")
        #expect(RemodelConfiguration.fileName(for: .adtValue) == ".algebraicTypeConfig")
        #expect(RemodelConfiguration.fileName(for: .object) == ".objectConfig")
    }

    @Test func theNearestFileInTheFolderOrAParentWins() {
        let files: Set<String> = ["/repo/.valueObjectConfig", "/repo/App/Models/.valueObjectConfig", "/.objectConfig"]
        func nearest(_ name: String, _ folder: String) -> String? {
            RemodelConfigurationFileNaming.nearest(name, fromFolder: folder) { files.contains($0) }
        }
        #expect(nearest(".valueObjectConfig", "/repo/App/Models/Feed") == "/repo/App/Models/.valueObjectConfig")
        #expect(nearest(".valueObjectConfig", "/repo/App/Views") == "/repo/.valueObjectConfig")
        #expect(nearest(".valueObjectConfig", "/repo/App/Views/../Models/./Feed") == "/repo/App/Models/.valueObjectConfig")
        #expect(nearest(".objectConfig", "/repo/App") == "/.objectConfig")
        #expect(nearest(".algebraicTypeConfig", "/repo/App") == nil)
    }

    // MARK: - Combining with valuegen.json, the command line and the schema

    /// A scratch folder holding the files, generated with the options; the generated Swift
    /// file of `User.value` (or the messages when generation failed) and the warnings.
    private func generate(_ files: [String: String], schema: String = "Models/User.value", configure: (inout GenerationOptions) -> Void = { _ in }) throws -> (output: String, messages: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-remodel-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var options = GenerationOptions(inputs: [folder.appendingPathComponent("Models").path], outputDirectory: folder.appendingPathComponent("Out").path)
        configure(&options)
        let report = GenerationRun().run(options)
        let messages = (report.usageErrors + report.diagnostics.map(\.description)).map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        let output = folder.appendingPathComponent("Out/" + SchemaFileNaming.outputFileName(forSchemaNamed: (schema as NSString).lastPathComponent))
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (text, messages)
    }

    private let user = "User {\n  NSString *name\n}\n"

    @Test func appliesToItsKindOnly() throws {
        let files = [
            "Models/User.value": user,
            "Models/Shape.adtValue": "Shape {\n  Circle {\n    radius: Double\n  }\n}\n",
            ".valueObjectConfig": #"{"defaultIncludes": ["RMCoding"]}"#,
            ".algebraicTypeConfig": #"{"defaultExcludes": ["RMEquality"]}"#,
        ]
        let user = try generate(files)
        #expect(user.messages == [])
        #expect(user.output.contains("extension User: Codable {"))
        #expect(user.output.contains("extension User: Hashable {}"))
        let shape = try generate(files, schema: "Models/Shape.adtValue")
        #expect(!shape.output.contains("Codable"))
        #expect(!shape.output.contains("Hashable"))
        #expect(shape.output.contains("public enum Shape {"))
    }

    @Test func valuegenJSONDecidesOverTheRemodelFile() throws {
        let result = try generate([
            "Models/User.value": user,
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMBuilder"], "defaultExcludes": ["RMDescription"]}"#,
            "Models/valuegen.json": #"{"defaultIncludes": ["Description"], "defaultExcludes": ["Builder"]}"#,
        ])
        #expect(result.messages == [])
        #expect(result.output.contains("extension User: CustomStringConvertible {"))
        #expect(!result.output.contains("UserBuilder"))
    }

    @Test func theCommandLineDecidesOverTheRemodelFile() throws {
        let result = try generate([
            "Models/User.value": user,
            ".valueObjectConfig": #"{"defaultIncludes": ["RMCoding"], "defaultExcludes": ["RMBuilder"]}"#,
        ]) { options in
            options.includes = ["RMBuilder"]
            options.excludes = ["Coding"]
        }
        #expect(result.messages == [])
        #expect(result.output.contains("public struct UserBuilder {"))
        #expect(!result.output.contains("Codable"))
    }

    @Test func theSchemasOwnIncludesAndExcludesWin() throws {
        let result = try generate([
            "Models/User.value": "User includes(RMBuilder) excludes(RMCoding) {\n  NSString *name\n}\n",
            ".valueObjectConfig": #"{"defaultIncludes": ["RMCoding"], "defaultExcludes": ["RMBuilder"]}"#,
        ])
        #expect(result.messages == [])
        #expect(result.output.contains("public struct UserBuilder {"))
        #expect(!result.output.contains("Codable"))
    }

    @Test func anExcludeWinsOverAnIncludeOfTheSameFile() throws {
        let result = try generate([
            "Models/User.value": user,
            ".valueObjectConfig": #"{"defaultIncludes": ["RMBuilder"], "defaultExcludes": ["Builder"]}"#,
        ])
        #expect(result.messages == [])
        #expect(!result.output.contains("UserBuilder"))
    }

    @Test func remodelNamesWithNoSwiftMeaningAreAccepted() throws {
        let result = try generate([
            "Models/User.value": user,
            ".valueObjectConfig": #"{"defaultIncludes": ["RMCopying", "RMImmutableProperties"]}"#,
        ])
        #expect(result.messages == [])
        #expect(result.output.contains("public struct User {"))
    }

    @Test func anUnknownIncludeNameIsAnErrorWithTheRegistrysSuggestion() throws {
        let result = try generate([
            "Models/User.value": user,
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMBuildr"]}"#,
        ])
        #expect(result.messages == ["Models/.valueObjectConfig:1:22: error: 'defaultIncludes' names unknown include 'RMBuildr'; did you mean 'RMBuilder'?"])
        #expect(result.output == "")
    }

    @Test func aMalformedFileStopsTheRunBeforeAnythingIsWritten() throws {
        let result = try generate([
            "Models/User.value": user,
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMBuilder"]"#,
        ])
        #expect(result.messages == [#"Models/.valueObjectConfig: error: not valid JSON; .valueObjectConfig must be a JSON object such as {"defaultIncludes": ["RMBuilder"]}"#])
        #expect(result.output == "")
    }

    @Test func warningsAreReportedOncePerFileAndGenerationGoesOn() throws {
        let result = try generate([
            "Models/User.value": user,
            "Models/Other.value": "Other {\n  NSInteger count\n}\n",
            ".valueObjectConfig": #"{"customBaseClass": {"className": "FBBase"}}"#,
        ])
        #expect(result.messages == [".valueObjectConfig: warning: 'customBaseClass' is ignored: it names the Objective-C base class of Remodel's classes, and valuegen's structs, enums and final classes have none"])
        #expect(result.output.contains("public struct User {"))
    }

    @Test func aFileGivenForTheKindReplacesTheNearestOne() throws {
        let result = try generate([
            "Models/User.value": user,
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMBuilder"]}"#,
            "Settings/values.json": #"{"defaultIncludes": ["RMCoding"]}"#,
        ]) { options in
            let models = options.inputs[0] as NSString
            options.remodelConfigurationPaths[.value] = (models.deletingLastPathComponent as NSString).appendingPathComponent("Settings/values.json")
        }
        #expect(result.messages == [])
        #expect(result.output.contains("extension User: Codable {"))
        #expect(!result.output.contains("UserBuilder"))
    }
}
