import Foundation
import Testing
import ValuegenCore

/// `valuegen` as a user runs it: output, exit codes and files on disk.
@Suite struct CommandLineTests {
    private func valuegen(_ arguments: [String], in folder: URL? = nil) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    @Test func versionPrintsTheVersion() throws {
        let result = try valuegen(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "valuegen \(ValuegenVersion.current)\n")
    }

    @Test func helpListsTheCommands() throws {
        let result = try valuegen(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("COMMANDS:\n  init "))
        #expect(result.standardOutput.contains("\n  generate "))
        #expect(result.standardOutput.contains("\n  format "))
        #expect(result.standardOutput.contains("\n  plugins inspect "))
        #expect(result.standardOutput.contains("Run 'valuegen COMMAND --help'"))
    }

    /// Every command has its own help, after the command or after `help`.
    @Test func everyCommandHasItsOwnHelp() throws {
        let usages = [
            "generate": "USAGE: valuegen generate [--output DIR] [--config FILE] [--include NAME]... [--exclude NAME]... [--plugin LIBRARY]... [--isolate-plugins [--plugin-timeout SECONDS]] [--check] [--quiet] PATH...",
            "format": "USAGE: valuegen format [--check] [--to-swift-syntax] PATH...",
            "plugins": "USAGE: valuegen plugins inspect LIBRARY",
            "compat": "USAGE: valuegen compat [options] OLD NEW",
            "import": "USAGE: valuegen import openapi DOCUMENT --output DIR [--include GLOB]... [--exclude GLOB]... [--constraints] [--quiet]",
            "init": "USAGE: valuegen init [FOLDER]",
        ]
        for arguments in [["init", "--help"], ["help", "init"], ["generate", "--help"], ["format", "--help"], ["format", "-h"], ["plugins", "inspect", "--help"], ["plugins", "--help"], ["help", "format"], ["generate", "-h"], ["compat", "--help"], ["help", "compat"], ["import", "--help"], ["import", "openapi", "-h"], ["help", "import"]] {
            let result = try valuegen(arguments)
            #expect(result.status == 0 && result.standardError == "", "\(arguments): \(result.standardError)")
            let command = arguments[0] == "help" ? arguments[1] : arguments[0]
            #expect(result.standardOutput.contains(usages[command]!), "\(arguments)")
        }
        let unknown = try valuegen(["help", "frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: no help for 'frobnicate'; the commands are init, generate, format, compat, import, plugins\nRun 'valuegen --help' for usage.\n")
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try valuegen(["generate", "--frobnicate", "x"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown option '--frobnicate'\nRun 'valuegen --help' for usage.\n")
    }

    @Test func unknownOptionSuggestsTheOptionItBeginsOrIsSpelledNearest() throws {
        let expected = [
            "--out": "unknown option '--out'; did you mean '--output'?",
            "--ouptut": "unknown option '--ouptut'; did you mean '--output'?",
            "-output": "unknown option '-output'; did you mean '--output'?",
            "--includes": "unknown option '--includes'; did you mean '--include'?",
            "--iso": "unknown option '--iso'; did you mean '--isolate-plugins'?",
            "--outptu=Gen": "unknown option '--outptu'; did you mean '--output'?",
            "--p": "unknown option '--p'",
            "-x": "unknown option '-x'",
        ]
        for (option, message) in expected {
            let result = try valuegen(["generate", option, "x"])
            #expect(result.status == 2)
            #expect(result.standardError == "error: \(message)\nRun 'valuegen --help' for usage.\n", "\(option)")
        }
    }

    @Test func unknownCommandSuggestsTheNearest() throws {
        let result = try valuegen(["genrate", "x"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown command 'genrate'; did you mean 'generate'?\nRun 'valuegen --help' for usage.\n")
    }

    /// A command's beginning names it when only one command begins so, as for options.
    @Test func unknownCommandThatBeginsOneSuggestsIt() throws {
        let expected = ["gen": "generate", "form": "format", "comp": "compat", "imp": "import", "plug": "plugins"]
        for (typed, command) in expected {
            let result = try valuegen([typed, "x"])
            #expect(result.status == 2)
            #expect(result.standardError == "error: unknown command '\(typed)'; did you mean '\(command)'?\nRun 'valuegen --help' for usage.\n", "\(typed)")
        }
        let unrelated = try valuegen(["frobnicate"])
        #expect(unrelated.standardError == "error: unknown command 'frobnicate'\nRun 'valuegen --help' for usage.\n")
    }

    @Test func everyOptionThatTakesAValueTakesItAfterAnEqualsSign() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("User.value"))
        try TestSupport.write(#"{"accessLevel": "internal"}"#, to: folder.appendingPathComponent("Settings/custom.json"))
        let result = try valuegen(["generate", "User.value", "--output=Out", "--config=Settings/custom.json", "--include=With", "--exclude=Equality"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let user = try String(contentsOf: folder.appendingPathComponent("Out/User.swift"), encoding: .utf8)
        #expect(user.contains("\nstruct User {\n    let userId: Int\n"))
        #expect(user.contains("func with(userId: Int) -> User"))
        #expect(!user.contains("Hashable"))

        let plugin = try valuegen(["generate", "User.value", "--plugin=Missing/libNothing.so", "-o", "Out"], in: folder)
        #expect(plugin.status == 2)
        #expect(plugin.standardError.contains("Missing/libNothing.so"), "\(plugin.standardError)")

        try TestSupport.write(#"{"plugins": [{"product": "Fakes"}]}"#, to: folder.appendingPathComponent("Settings/product.json"))
        let product = try valuegen(["generate", "User.value", "--config=Settings/product.json", "--product-directory=Products", "-o", "Out"], in: folder)
        #expect(product.status == 2)
        #expect(product.standardError.contains("was built in Products (none was built there)"), "\(product.standardError)")
    }

    @Test func optionValuesMustBeGivenAndFlagsTakeNone() throws {
        let expected = [
            ["--output"]: "--output needs a value",
            ["--output=", "x"]: "--output needs a value",
            ["--include", "--check", "x"]: "--include needs a value",
            ["--check=yes", "x"]: "--check takes no value",
        ]
        for (arguments, message) in expected {
            let result = try valuegen(["generate"] + arguments)
            #expect(result.status == 2)
            #expect(result.standardError == "error: \(message)\nRun 'valuegen --help' for usage.\n", "\(arguments)")
        }
    }

    @Test func missingCommandIsAUsageError() throws {
        let result = try valuegen([])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: missing command"))
    }

    @Test func pathThatDoesNotExistIsAnError() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["generate", "Nowhere", "--output", "Out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "Nowhere: error: no such file or folder\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    @Test func generatesOneSwiftFilePerSchemaFile() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write("Shape {\n  Circle { radius: Double }\n  Empty\n}\n", to: folder.appendingPathComponent("Models/Nested/Shape.adtValue"))
        let result = try valuegen(["generate", "Models", "--output", "Generated"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Generated 2 files in Generated (2 written, 0 unchanged).\n")
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Generated")) == ["Shape.swift", "User.swift"])
        let user = try String(contentsOf: folder.appendingPathComponent("Generated/User.swift"), encoding: .utf8)
        #expect(user.hasPrefix("// Generated by Valuegen \(ValuegenVersion.current) from User.value. Do not edit: change the schema and regenerate.\n"))
    }

    @Test func theBuildersShareOneErrorTypeWrittenOnceBesideTheGeneratedFiles() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(#"{"accessLevel": "internal"}"#, to: folder.appendingPathComponent("Models/valuegen.json"))
        try TestSupport.write("User includes(Builder) {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write("Place includes(Builder) {\n  city: String\n}\n", to: folder.appendingPathComponent("Models/Place.value"))
        let result = try valuegen(["generate", "Models", "--output", "Generated"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Generated")) == ["Place.swift", "User.swift", "ValuegenModuleSupport.swift"])
        let user = try String(contentsOf: folder.appendingPathComponent("Generated/User.swift"), encoding: .utf8)
        #expect(user.contains("    typealias MissingAttributeError = ValuegenMissingAttributeError\n"))
        let support = try String(contentsOf: folder.appendingPathComponent("Generated/ValuegenModuleSupport.swift"), encoding: .utf8)
        #expect(support.components(separatedBy: "\npublic struct ValuegenMissingAttributeError: Error, Equatable, CustomStringConvertible {\n").count == 2, "\(support)")
    }

    @Test func buildersOfTwoAccessLevelsInOneRunShareTheOneErrorType() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User includes(Builder) {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/A/User.value"))
        try TestSupport.write(#"{"accessLevel": "internal"}"#, to: folder.appendingPathComponent("Models/B/valuegen.json"))
        try TestSupport.write("Place includes(Builder) {\n  city: String\n}\n", to: folder.appendingPathComponent("Models/B/Place.value"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["Place.swift", "User.swift", "ValuegenModuleSupport.swift"])
    }

    @Test func schemaErrorsExitOneAndOtherFilesAreStillGenerated() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("Good {\n  x: Int\n}\n", to: folder.appendingPathComponent("Models/Good.value"))
        try TestSupport.write("Bad includes(Buidler) {\n  x: Int\n  x: String\n", to: folder.appendingPathComponent("Models/Bad.value"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "--quiet"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            Models/Bad.value:1:14: error: unknown include 'Buidler'; did you mean 'Builder'?
            Models/Bad.value:1:23: error: unterminated body of type 'Bad': expected '}'
            Models/Bad.value:3:3: error: duplicate attribute 'x' in 'Bad'
            Models/Bad.value:2:3: note: 'x' first declared here

            """)
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["Good.swift"], "nothing is written for a file with errors")
    }

    @Test func twoSchemasWithTheSameNameAreAnErrorNamingBoth() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("A {\n  x: Int\n}\n", to: folder.appendingPathComponent("Models/One/User.value"))
        try TestSupport.write("B {\n  y: Int\n}\n", to: folder.appendingPathComponent("Models/Two/User.object"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == """
            Models/One/User.value: error: generates the same output file as Models/Two/User.object; rename one of the two schema files
            Models/Two/User.object: error: generates the same output file as Models/One/User.value; rename one of the two schema files

            """)
    }

    /// `--warnings-file`, which the build plugin lists as an input of its command: rewritten by
    /// every run with warnings, even with the same text, so the next build runs the command
    /// again and shows them; left alone by a run without.
    @Test func warningsFileIsRewrittenByEveryRunWithWarningsAndLeftAloneWithout() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  %redact\n  email: String\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        let file = folder.appendingPathComponent("warnings.txt")
        func identity() throws -> [String] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            return ["\(attributes[.systemFileNumber] ?? "")", "\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"]
        }
        let arguments = ["generate", "Models", "-o", "Out", "-q", "--warnings-file", "warnings.txt"]
        let warning = "Models/User.value:2:3: warning: %redact: no feature reads this annotation; did you mean '%redacted'?\n"

        let first = try valuegen(arguments, in: folder)
        #expect(first.status == 0)
        #expect(first.standardError == warning)
        #expect(try String(contentsOf: file, encoding: .utf8) == warning)
        let written = try identity()
        Thread.sleep(forTimeInterval: 0.01)
        #expect(try valuegen(arguments, in: folder).standardError == warning)
        #expect(try identity() != written, "the same warnings rewrite the file")

        try TestSupport.write("User {\n  %redacted\n  email: String\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        let rewritten = try identity()
        Thread.sleep(forTimeInterval: 0.01)
        let fixed = try valuegen(arguments, in: folder)
        #expect(fixed.status == 0 && fixed.standardError == "")
        #expect(try identity() == rewritten, "a run without warnings leaves the file alone")
    }

    @Test func checkReportsStaleFilesAndWritesNothing() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write("Team {\n  name: String\n}\n", to: folder.appendingPathComponent("Models/Team.value"))

        let missing = try valuegen(["generate", "Models", "-o", "Out", "--check"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.standardError == """
            Out/Team.swift: error: missing or out of date; run 'valuegen generate' without --check
            Out/User.swift: error: missing or out of date; run 'valuegen generate' without --check

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))

        #expect(try valuegen(["generate", "Models", "-o", "Out"], in: folder).status == 0)
        let upToDate = try valuegen(["generate", "Models", "-o", "Out", "--check"], in: folder)
        #expect(upToDate.status == 0)
        #expect(upToDate.standardOutput == "Checked 2 files in Out: 0 stale.\n")

        try TestSupport.write("User {\n  userId: Int\n  name: String\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        let stale = try valuegen(["generate", "Models", "-o", "Out", "--check", "-q"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.standardError == "Out/User.swift: error: missing or out of date; run 'valuegen generate' without --check\n")
    }

    @Test func configurationNextToTheSchemasApplies() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write(#"{"accessLevel": "internal", "defaultIncludes": ["Builder"], "defaultExcludes": ["Description"]}"#, to: folder.appendingPathComponent("Models/valuegen.json"))
        #expect(try valuegen(["generate", "Models", "-o", "Out"], in: folder).status == 0)
        let user = try String(contentsOf: folder.appendingPathComponent("Out/User.swift"), encoding: .utf8)
        #expect(user.contains("\nstruct User {\n    let userId: Int\n"))
        #expect(user.contains("struct UserBuilder"))
        #expect(!user.contains("extension User: CustomStringConvertible"))
    }

    @Test func badConfigurationIsAUsageErrorNamingTheFileAndKey() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write(#"{"accessLevel": "private"}"#, to: folder.appendingPathComponent("Models/valuegen.json"))
        let result = try valuegen(["generate", "Models", "-o", "Out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "Models/valuegen.json: error: 'accessLevel' must be \"public\", \"internal\" or \"package\"\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    @Test func anUnknownOptimizationGoalIsAUsageErrorAndWritesNothing() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User includes(JSON) {\n  userId: Int\n}\n", to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write(#"{"optimizeFor": "size"}"#, to: folder.appendingPathComponent("Models/valuegen.json"))
        let result = try valuegen(["generate", "Models", "-o", "Out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == #"Models/valuegen.json: error: 'optimizeFor' must be "speed" (the fastest coders, the default) or "codeSize" (less code to compile: JSON readers that match member names in the runtime)"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    @Test func aConfigurationFileThatCannotBeReadIsAUsageError() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("User.value"))
        let result = try valuegen(["generate", "User.value", "--config", "nope.json", "--output", "Out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "nope.json: error: cannot read the configuration file\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    @Test func includeAndExcludeOnTheCommandLineApplyToEveryType() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("User.value"))
        let result = try valuegen(["generate", "User.value", "--include", "With", "--exclude", "Equality", "-o", "Out"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let user = try String(contentsOf: folder.appendingPathComponent("Out/User.swift"), encoding: .utf8)
        #expect(user.contains("public func with(userId: Int) -> User"))
        #expect(!user.contains("Hashable"))

        let unknown = try valuegen(["generate", "User.value", "--include", "Wiht", "-o", "Out"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: unknown include 'Wiht'; did you mean 'With'? (on the command line)\n")

        let farOff = try valuegen(["generate", "User.value", "--include", "Fancy", "-o", "Out"], in: folder)
        #expect(farOff.status == 2)
        #expect(farOff.standardError == "error: unknown include 'Fancy'; known features are Observation, Equality, Sendable, Description, Matching, Diffing, With, Validation, Builder, Coding, JSON, Binary, Dictionary, Persistence, Undo (on the command line)\n")
    }
}

@Suite struct CommandLineExcludeTests {
    @Test func excludingADeclarationFeatureIsAUsageError() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  userId: Int\n}\n", to: folder.appendingPathComponent("User.value"))
        let result = try runProcess(try TestSupport.valuegenExecutable, ["generate", "User.value", "--exclude", "Value", "-o", "Out"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "error: --exclude Value: 'Value' declares the type itself and cannot be excluded\n")
    }
}
