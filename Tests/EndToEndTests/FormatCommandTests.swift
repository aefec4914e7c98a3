import Foundation
import Testing
import ValuegenCore

/// `valuegen format [--check] [--to-swift-syntax] PATH...` run as users run it.
@Suite struct FormatCommandTests {
    private func valuegen(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    private func read(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    private let messy = "User {\n    name:String\n}\n"
    private let tidy = "User {\n  name: String\n}\n"

    @Test func formatRewritesTheFilesOfAFolderAndLeavesFormattedOnesUntouched() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(messy, to: folder.appendingPathComponent("Models/User.value"))
        try TestSupport.write(tidy, to: folder.appendingPathComponent("Models/Nested/Tidy.value"))
        try TestSupport.write("not a schema", to: folder.appendingPathComponent("Models/notes.txt"))
        let tidyPath = folder.appendingPathComponent("Models/Nested/Tidy.value").path
        let before = try FileManager.default.attributesOfItem(atPath: tidyPath)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.01)

        let result = try valuegen(["format", "Models"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        // It names what it rewrote, and counts the files it read.
        #expect(result.standardOutput == "Formatted Models/User.value\nRewrote 1 of 2 schema files.\n")
        #expect(try read("Models/User.value", in: folder) == tidy)
        #expect(try read("Models/notes.txt", in: folder) == "not a schema")
        #expect(try FileManager.default.attributesOfItem(atPath: tidyPath)[.modificationDate] as? Date == before)
        #expect(try TestSupport.files(in: folder) == ["Models/Nested/Tidy.value", "Models/User.value", "Models/notes.txt"])
    }

    @Test func checkListsTheFilesThatAreNotFormattedWritesNothingAndExitsOne() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(messy, to: folder.appendingPathComponent("A.value"))
        try TestSupport.write(tidy, to: folder.appendingPathComponent("B.value"))

        let result = try valuegen(["format", "--check", "A.value", "B.value"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "A.value: error: not formatted; run 'valuegen format' without --check\n")
        #expect(result.standardOutput == "", "--check writes nothing, so it names nothing as formatted")
        #expect(try read("A.value", in: folder) == messy)

        let clean = try valuegen(["format", "--check", "B.value"], in: folder)
        #expect(clean.status == 0)
        #expect(clean.standardError == "")
    }

    @Test func aFileWithSyntaxErrorsIsReportedAndNotRewritten() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = "User {\n    name: String =\n}\n"
        try TestSupport.write(broken, to: folder.appendingPathComponent("User.value"))
        try TestSupport.write(messy, to: folder.appendingPathComponent("Other.value"))

        let result = try valuegen(["format", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == "./User.value:2:19: error: missing default value after '=' for attribute 'name'\n")
        #expect(try read("User.value", in: folder) == broken)
        #expect(try read("Other.value", in: folder) == tidy)
    }

    @Test func toSwiftSyntaxConvertsAndWarnsAboutWhatItLeaves() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("User {\n  %nullable\n  NSURL *url\n  UISwitch *color\n}\n", to: folder.appendingPathComponent("User.value"))

        let check = try valuegen(["format", "--check", "--to-swift-syntax", "User.value"], in: folder)
        #expect(check.status == 1)
        #expect(check.standardError.hasSuffix("User.value: error: not formatted; run 'valuegen format --to-swift-syntax' without --check\n"))

        let result = try valuegen(["format", "--to-swift-syntax", "User.value"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardError == "User.value:4:3: warning: attribute 'color' is left in Objective-C style: unknown Objective-C type 'UISwitch *'; declare it with '%type name=UISwitch' and the module it comes from ('library=')\n")
        #expect(try read("User.value", in: folder) == "User {\n  url: URL?\n  UISwitch *color\n}\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try valuegen(["format", "--frob", "x"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: unknown option '--frob' for format\nusage: valuegen format [--check] [--to-swift-syntax] PATH...\n")
        let none = try valuegen(["format", "--check"], in: folder)
        #expect(none.status == 2)
        #expect(none.standardError == "error: format needs at least one schema file or folder\nusage: valuegen format [--check] [--to-swift-syntax] PATH...\n")
        let missing = try valuegen(["format", "Missing.value"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.standardError == "Missing.value: error: no such file or folder\n")
        try TestSupport.write("x", to: folder.appendingPathComponent("notes.txt"))
        let notSchema = try valuegen(["format", "notes.txt"], in: folder)
        #expect(notSchema.status == 2)
        #expect(notSchema.standardError == "notes.txt: error: not a schema file; schema files end in .value, .adtValue or .object\n")
    }
}
