import Foundation
import Testing

/// A Remodel project as it is — schemas in Remodel's syntax beside Remodel's configuration
/// files — generated with `valuegen generate`: the configurations decide the features, what
/// has no Swift meaning is a warning, and the generated code compiles.
@Suite struct RemodelConfigurationCommandLineTests {
    private func valuegen(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    private func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            try TestSupport.write(text, to: folder.appendingPathComponent(path))
        }
    }

    private func generated(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Generated/\(name)"), encoding: .utf8)
    }

    private static let project = [
        ".valueObjectConfig": """
        {
          "defaultIncludes": ["RMCoding"],
          "defaultExcludes": ["RMDescription"],
          "customBaseClass": {"className": "FBModelObject", "libraryName": "FBFoundation"},
          "customPluginPaths": ["plugins/fb-logging.js"]
        }
        """,
        ".algebraicTypeConfig": #"{"defaultIncludes": ["RMCoding"], "defaultExcludes": ["RMEquality"]}"#,
        "Models/User.value": """
        # A user of the app.
        User includes(RMBuilder) {
          NSString *name
          NSInteger age
          NSArray<NSString *> *nicknames
        }
        """,
        "Models/Feed/Photo.value": """
        Photo {
          NSURL *url
          double width
        }
        """,
        "Models/Shape.adtValue": """
        Shape {
          Circle {
            double radius
          }
          Square {
            double side
          }
        }
        """,
        "Models/Legacy/.valueObjectConfig": #"{"defaultExcludes": ["RMCoding"]}"#,
        "Models/Legacy/Old.value": """
        Old {
          NSInteger identifier
        }
        """,
    ]

    @Test func aRemodelProjectGeneratesWithItsConfigurationFilesAndCompiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(Self.project, in: folder)

        let result = try valuegen(["generate", "Models", "--output", "Generated", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == """
        .valueObjectConfig: warning: 'customBaseClass' is ignored: it names the Objective-C base class of Remodel's classes, and valuegen's structs, enums and final classes have none
        .valueObjectConfig: warning: 'customPluginPaths' names the JavaScript plugin 'plugins/fb-logging.js', which valuegen cannot run; its includes are unknown until it is rewritten as a valuegen plugin (see docs/WritingPlugins.md)

        """)

        // .valueObjectConfig: Coding in, Description out; the schema's own RMBuilder on top.
        let user = try generated("User.swift", in: folder)
        #expect(user.contains("extension User: Codable {"))
        #expect(user.contains("public struct UserBuilder {"))
        #expect(!user.contains("extension User: CustomStringConvertible"))
        #expect(user.contains("extension User: Hashable {}"))
        let photo = try generated("Photo.swift", in: folder)
        #expect(photo.contains("extension Photo: Codable {"))
        #expect(!photo.contains("extension Photo: CustomStringConvertible"))

        // .algebraicTypeConfig applies to the ADT, and only to it.
        let shape = try generated("Shape.swift", in: folder)
        #expect(shape.contains("extension Shape: Codable {"))
        #expect(!shape.contains("Hashable"))
        #expect(shape.contains("extension Shape: CustomStringConvertible {"))

        // The nearest file wins: Legacy's excludes Coding, and the root's is not read for it.
        let old = try generated("Old.swift", in: folder)
        #expect(!old.contains("Codable"))
        #expect(old.contains("extension Old: CustomStringConvertible {"))

        let scratch = folder.appendingPathComponent("Typecheck")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let files = ["Old.swift", "Photo.swift", "Shape.swift", "User.swift", "ValuegenModuleSupport.swift"].map { folder.appendingPathComponent("Generated/\($0)").path }
        let diagnostics = try SwiftTypechecker.locatingRuntime(scratch: scratch).typecheck(primaries: files, bodies: true)
        #expect(diagnostics.filter { $0.severity == "error" }.map(\.description) == [])
    }

    @Test func aMalformedConfigurationIsAnErrorAndNothingIsWritten() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write([
            "Models/User.value": "User {\n  NSString *name\n}\n",
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMCoding"],}"#,
        ], in: folder)

        let result = try valuegen(["generate", "Models", "--output", "Generated"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == #"Models/.valueObjectConfig: error: not valid JSON; .valueObjectConfig must be a JSON object such as {"defaultIncludes": ["RMBuilder"]}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    @Test func remodelsIncludeFlagAddsTheFeatureToEveryTypeOfTheRun() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write([
            "Models/User.value": "User {\n  NSString *name\n}\n",
            "Models/Photo.value": "Photo {\n  NSURL *url\n}\n",
            "Models/Shape.adtValue": "Shape {\n  Circle {\n    double radius\n  }\n}\n",
        ], in: folder)

        let result = try valuegen(["generate", "Models", "--output", "Generated", "--include=RMBuilder", "--include=RMCoding", "--exclude=RMDescription", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        for name in ["User", "Photo"] {
            let text = try generated("\(name).swift", in: folder)
            #expect(text.contains("public struct \(name)Builder {"))
            #expect(text.contains("extension \(name): Codable {"))
            #expect(!text.contains("extension \(name): CustomStringConvertible"))
        }
        // Builder is for values and objects: the ADT gets the rest.
        let shape = try generated("Shape.swift", in: folder)
        #expect(!shape.contains("Builder"))
        #expect(shape.contains("extension Shape: Codable {"))
    }

    @Test func anUnknownIncludeOnTheCommandLineIsAUsageErrorWithASuggestion() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(["Models/User.value": "User {\n  NSString *name\n}\n"], in: folder)

        let result = try valuegen(["generate", "Models", "--output", "Generated", "--include=RMBuildr"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown include 'RMBuildr'; did you mean 'RMBuilder'? (on the command line)\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    @Test func remodelsConfigPathFlagsNameTheFileForEachKind() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write([
            "Models/User.value": "User {\n  NSString *name\n}\n",
            "Models/Shape.adtValue": "Shape {\n  Circle {\n    double radius\n  }\n}\n",
            "Models/.valueObjectConfig": #"{"defaultIncludes": ["RMBuilder"]}"#,
            "Settings/values.json": #"{"defaultIncludes": ["RMCoding"]}"#,
            "Settings/adts.json": #"{"defaultExcludes": ["RMEquality"]}"#,
        ], in: folder)

        let result = try valuegen(["generate", "Models", "-o", "Generated", "--value-object-config-path=Settings/values.json", "--adt-config-path", "Settings/adts.json", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let user = try generated("User.swift", in: folder)
        #expect(user.contains("extension User: Codable {"))
        #expect(!user.contains("UserBuilder"))
        #expect(!(try generated("Shape.swift", in: folder)).contains("Hashable"))

        // A file named for a kind is read even when the run has no schema of that kind.
        let missing = try valuegen(["generate", "Models", "-o", "Generated", "--object-config-path=Settings/none.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError == "Settings/none.json: error: cannot read the Remodel configuration file\n")
    }
}
