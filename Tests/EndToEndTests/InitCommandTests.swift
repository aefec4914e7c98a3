import Foundation
import Testing

/// `valuegen init [FOLDER]`: a new project's valuegen.json, run as users run it.
@Suite struct InitCommandTests {
    private func valuegen(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    private let schema = "%codingKeys style=snake_case\nAccount includes(Coding) {\n  accountTaxIDs: [String]\n}\n"

    @Test func writesANewProjectsConfigurationWhoseSchemasGetNoMigrationWarnings() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(schema, to: folder.appendingPathComponent("Models/Account.value"))

        // Before: the key the plural rule changed is a warning, as for a project that had the old key.
        let before = try valuegen(["generate", "Models", "--output", "Generated", "--quiet"], in: folder)
        #expect(before.status == 0)
        #expect(before.standardError.contains("Models/Account.value:3:3: warning: the snake_case key of 'accountTaxIDs' is now \"account_tax_ids\""), "\(before.standardError)")

        let result = try valuegen(["init", "Models"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "Wrote Models/valuegen.json\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("Models/valuegen.json"), encoding: .utf8) == "{\n  \"adoptPluralAcronymKeys\": true\n}\n")

        let after = try valuegen(["generate", "Models", "--output", "Generated", "--quiet"], in: folder)
        #expect(after.status == 0)
        #expect(after.standardError == "")
        #expect(try String(contentsOf: folder.appendingPathComponent("Generated/Account.swift"), encoding: .utf8).contains("\"account_tax_ids\""))
    }

    @Test func writesIntoTheCurrentFolderByDefault() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["init"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == "Wrote valuegen.json\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("valuegen.json").path))
    }

    @Test func leavesAnExistingConfigurationAsItIs() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = #"{"accessLevel": "internal"}"#
        try TestSupport.write(existing, to: folder.appendingPathComponent("Models/valuegen.json"))
        let result = try valuegen(["init", "Models"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "Models/valuegen.json: error: already exists and is left as it is; to adopt what a new project takes, add \"adoptPluralAcronymKeys\": true to it\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("Models/valuegen.json"), encoding: .utf8) == existing)
    }

    @Test func usageErrorsExitTwoAndWriteNothing() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try valuegen(["init", "Nowhere"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError == "Nowhere: error: no such folder; create it, or name the folder of the schemas\n")
        let option = try valuegen(["init", "--force"], in: folder)
        #expect(option.status == 2)
        #expect(option.standardError == "error: unknown option '--force' for init\nusage: valuegen init [FOLDER]\n")
        let two = try valuegen(["init", "A", "B"], in: folder)
        #expect(two.status == 2)
        #expect(two.standardError == "error: init takes one folder, not 2\nusage: valuegen init [FOLDER]\n")
        #expect(try TestSupport.files(in: folder) == [])
    }
}
