import Foundation
import Testing
import ValuegenCore

/// `valuegen compat` run as users and CI run it: exit codes, `--allow`, `--format json`,
/// `--against REV` on a git repository, and `--fix`.
@Suite struct CompatCommandTests {
    private func valuegen(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    private func git(_ arguments: [String], in folder: URL) throws {
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments, in: folder)
        #expect(result.status == 0, "git \(arguments): \(result.standardError)")
    }

    private let point = "# A point.\nPoint includes(Binary, JSON) {\n  x: Int\n  y: Int\n}\n"
    private let pointInserted = "# A point.\nPoint includes(Binary, JSON) {\n  z: Int = 7  # depth\n  x: Int\n  y: Int = 0\n}\n"
    private let pointReordered = "# A point.\nPoint includes(Binary, JSON) {\n  y: Int\n  x: Int\n}\n"

    private func versions(old: String, new: String) throws -> URL {
        let folder = try TestSupport.makeScratchFolder(#function + UUID().uuidString)
        try TestSupport.write(old, to: folder.appendingPathComponent("v1/Point.value"))
        try TestSupport.write(new, to: folder.appendingPathComponent("v2/Point.value"))
        return folder
    }

    @Test func exitsZeroWhenNothingBreaksAndPrintsTheAdditiveChanges() throws {
        let folder = try versions(old: point, new: point.replacingOccurrences(of: "  y: Int\n", with: "  y: Int\n  label: String?\n"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "v1", "v2"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            v2/Point.value:5:3: note: [additive] attribute 'label' is appended to 'Point': old data reads it as nil or its default; old readers skip it
            compatible; also additive 1

            """)
    }

    @Test func exitsOneOnABreakingChangeAndAllowAcceptsItsCategories() throws {
        let folder = try versions(old: point, new: pointReordered)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "v1", "v2"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("v2/Point.value:2:1: error: [swift-source] the attributes of 'Point' are in another order (y, x; were x, y)"))
        #expect(result.standardOutput.hasSuffix("3 breaking findings (binary-wire 2, swift-source 1)\n"))

        let binaryOnly = try valuegen(["compat", "--allow", "swift-source", "v1", "v2"], in: folder)
        #expect(binaryOnly.status == 1)
        let allowed = try valuegen(["compat", "--allow", "swift-source", "--allow=binary-wire", "v1", "v2"], in: folder)
        #expect(allowed.status == 0)
        #expect(allowed.standardOutput.hasSuffix("compatible; allowed: binary-wire 2, swift-source 1\n"))
        #expect(allowed.standardOutput.contains("v2/Point.value:3:3: warning: [binary-wire] 'y' moves from Binary field 2 to 1"))
    }

    @Test func usageMistakesAndSchemaErrorsExitTwo() throws {
        let folder = try versions(old: point, new: "Point {\n  x: Int =\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = try valuegen(["compat", "--allow", "binary", "v1", "v2"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("error: --allow takes a breaking category (binary-wire, json-wire, persistence, swift-source), not 'binary'; did you mean 'binary-wire'?\n"))
        let one = try valuegen(["compat", "v1"], in: folder)
        #expect(one.status == 2)
        #expect(one.standardError == "error: compat needs the old and the new version (two folders), or --against REV and the paths to compare\nRun 'valuegen compat --help' for usage.\n")
        let help = try valuegen(["compat", "--help"], in: folder)
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Compare two versions of a module's schemas and classify every change.\n"))
        let broken = try valuegen(["compat", "v1", "v2"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.standardError == "v2/Point.value:2:11: error: missing default value after '=' for attribute 'x'\n")
        #expect(broken.standardOutput == "")
    }

    @Test func formatJSONPrintsOneObjectWithEveryFindingAndItsFix() throws {
        let folder = try versions(old: point, new: pointInserted)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "--format", "json", "--allow", "json-wire", "v1", "v2"], in: folder)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["breaking"] as? Bool == true)
        #expect(object["allowed"] as? [String] == ["json-wire"])
        #expect(object["old"] as? String == "v1")
        #expect(object["new"] as? String == "v2")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["kind"]!) \($0["change"]!) \($0["member"]!) \($0["line"]!)" } == [
            "additive attribute-inserted z 3",
            "binary-wire field-number-reused z 3",
            "binary-wire field-renumbered x 4",
            "binary-wire field-renumbered y 5",
        ])
        let fix = try #require(findings[2]["fix"] as? [String: Any])
        #expect(fix["path"] as? String == "v2/Point.value")
        #expect(fix["line"] as? Int == 4)
        #expect(fix["text"] as? String == "%binaryField number=1")
        #expect(findings[0]["fix"] == nil)
    }

    private func noteVersions(old: String, new: String) throws -> URL {
        let folder = try TestSupport.makeScratchFolder(#function + UUID().uuidString)
        try TestSupport.write(old, to: folder.appendingPathComponent("v1/Note.value"))
        try TestSupport.write(new, to: folder.appendingPathComponent("v2/Note.value"))
        return folder
    }

    /// Issue 37: a default given to an optional turns every nil saved before into it, in every
    /// format; Persistence's files have a category of their own, which `--allow` accepts.
    @Test func aDefaultGivenToAnOptionalFailsTheCheckInEveryFormatUntilAllowed() throws {
        let folder = try noteVersions(old: "Note includes(Persistence) {\n  note: String?\n}\n", new: "Note includes(Persistence) {\n  note: String? = \"dflt\"\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "v1", "v2"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            v2/Note.value:2:3: error: [binary-wire] optional attribute 'note' has the default "dflt", had none: a nil in data written by binaryData() before (left out) reads as the default, silently: the nil saved is lost
            v2/Note.value:2:3: error: [json-wire] optional attribute 'note' has the default "dflt", had none: a nil in JSON written before (left out) reads as the default, silently: the nil saved is lost
            v2/Note.value:2:3: error: [persistence] optional attribute 'note' has the default "dflt", had none: a nil in Persistence files saved before (left out) reads as the default, silently: the nil saved is lost
            v2/Note.value:2:3: warning: [value-range] optional attribute 'note' has the default "dflt", had none: old code reads binaryData() and Persistence binary files written after while the attribute holds a value; a nil, now written as a field of a wire type the type never has, is an error (JSON's null reads as nil)
            3 breaking findings (binary-wire 1, json-wire 1, persistence 1); also value-range 1

            """)
        let allowed = try valuegen(["compat", "--allow", "binary-wire", "--allow", "json-wire", "v1", "v2"], in: folder)
        #expect(allowed.status == 1)
        #expect(allowed.standardOutput.hasSuffix("1 breaking finding (persistence 1); allowed: binary-wire 1, json-wire 1; also value-range 1\n"))
        let all = try valuegen(["compat", "--allow", "binary-wire", "--allow", "json-wire", "--allow", "persistence", "v1", "v2"], in: folder)
        #expect(all.status == 0)
        #expect(all.standardOutput.contains("v2/Note.value:2:3: warning: [persistence] optional attribute 'note'"))
    }

    /// A change whose outcome depends on the values saved warns and passes; `--format json`
    /// says which readers and formats each finding concerns.
    @Test func aValueRangeFindingWarnsAndPassesAndJSONGivesDirectionsAndFormats() throws {
        let folder = try noteVersions(old: "Note includes(Persistence) {\n  count: Int\n  title: String\n}\n", new: "Note includes(Persistence) {\n  count: UInt\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "--format", "json", "--allow", "swift-source", "v1", "v2"], in: folder)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["kind"]!) \($0["change"]!) \($0["direction"]!) \(($0["formats"] as? [String] ?? []).joined(separator: ",")) \($0["breaking"]!)" } == [
            "binary-wire required-attribute-removed new-data binary 1",
            "json-wire required-attribute-removed new-data json 1",
            "persistence required-attribute-removed new-data persistence-binary,persistence-json,persistence-plist 1",
            "swift-source required-attribute-removed <null>  0",
            "binary-wire integer-signedness-changed both binary 1",
            "value-range integer-signedness-changed both persistence-binary,persistence-json,persistence-plist,json 0",
            "swift-source integer-signedness-changed <null>  0",
        ])
        // Without the removal, only the data can tell: a warning, and the check passes.
        try TestSupport.write("Note includes(JSON) {\n  count: Int\n}\n", to: folder.appendingPathComponent("v1/Note.value"))
        try TestSupport.write("Note includes(JSON) {\n  count: UInt\n}\n", to: folder.appendingPathComponent("v2/Note.value"))
        let range = try valuegen(["compat", "--allow", "swift-source", "v1", "v2"], in: folder)
        #expect(range.status == 0)
        #expect(range.standardOutput == """
            v2/Note.value:2:3: warning: [value-range] attribute 'count' is UInt, was Int: each version reads JSON the other wrote while the values fit its type; another value is an error naming the attribute
            v2/Note.value:2:3: warning: [swift-source] attribute 'count' is UInt, was Int: code that passes or reads the old type no longer compiles
            compatible; allowed: swift-source 1; also value-range 1

            """)
    }

    /// Removing a required attribute breaks only old code reading new data: `--direction
    /// old-data` (an app that only reads what it saved before) lets those findings pass.
    @Test func directionSaysWhichReadersFailTheCheck() throws {
        let folder = try noteVersions(old: "Note includes(Persistence) {\n  title: String\n  count: Int\n}\n", new: "Note includes(Persistence) {\n  title: String\n}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let oldData = try valuegen(["compat", "--direction", "old-data", "--allow", "swift-source", "v1", "v2"], in: folder)
        #expect(oldData.status == 0)
        #expect(oldData.standardOutput == """
            v2/Note.value:1:1: warning: [binary-wire] attribute 'count' (v1/Note.value:3:3) is removed from 'Note': old code reading binaryData() written after requires the field, which new data lacks: an error (new code reads old data, skipping it)
            v2/Note.value:1:1: warning: [json-wire] attribute 'count' (v1/Note.value:3:3) is removed from 'Note': old code reading JSON written after requires the key, which new JSON lacks: an error (new code reads old JSON, skipping it)
            v2/Note.value:1:1: warning: [persistence] attribute 'count' (v1/Note.value:3:3) is removed from 'Note': old code reading Persistence files saved after requires it, and they lack it: an error (new code reads old files, skipping it)
            v2/Note.value:1:1: warning: [swift-source] attribute 'count' (v1/Note.value:3:3) is removed from 'Note': code that uses it no longer compiles
            compatible; allowed: binary-wire 1, json-wire 1, persistence 1, swift-source 1

            """)
        let newData = try valuegen(["compat", "--direction=new-data", "--allow", "swift-source", "--format", "json", "v1", "v2"], in: folder)
        #expect(newData.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(newData.standardOutput.utf8)) as? [String: Any])
        #expect(object["direction"] as? String == "new-data")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["kind"]!) \($0["breaking"]!)" } == ["binary-wire 1", "json-wire 1", "persistence 1", "swift-source 0"])
        let wrong = try valuegen(["compat", "--direction", "backward", "v1", "v2"], in: folder)
        #expect(wrong.status == 2)
        #expect(wrong.standardError.hasPrefix("error: --direction is both, old-data or new-data, not 'backward'\n"))
    }

    @Test func fixWritesThePinsKeepsTheCommentsAndLeavesNothingToFix() throws {
        let folder = try versions(old: point, new: pointInserted)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["compat", "--fix", "v1", "v2"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            v2/Point.value: pinned 3 Binary fields with %binaryField
            v2/Point.value:4:3: note: [additive] attribute 'z' is appended to 'Point': old data reads it as nil or its default; old readers skip it
            compatible; also additive 1

            """)
        #expect(try String(contentsOf: folder.appendingPathComponent("v2/Point.value"), encoding: .utf8) == """
            # A point.
            Point includes(Binary, JSON) {
              %binaryField number=3
              z: Int = 7  # depth
              %binaryField number=1
              x: Int
              %binaryField number=2
              y: Int = 0
            }

            """)
        let again = try valuegen(["compat", "v1", "v2"], in: folder)
        #expect(again.status == 0)
        let format = try valuegen(["format", "--check", "v2"], in: folder)
        #expect(format.status == 0)
    }

    @Test func againstARevisionComparesTheWorkingTreeWithTheCommittedSchemas() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try git(["init", "-q", "."], in: folder)
        try TestSupport.write(point, to: folder.appendingPathComponent("Models/Point.value"))
        try TestSupport.write("{\"codingKeys\": \"snake_case\"}\n", to: folder.appendingPathComponent("Models/valuegen.json"))
        try TestSupport.write("Gone {\n  a: Int\n}\n", to: folder.appendingPathComponent("Models/Gone.value"))
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "v1"], in: folder)
        try TestSupport.write(pointReordered, to: folder.appendingPathComponent("Models/Point.value"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Models/Gone.value"))

        // The temporary checkout goes into TMPDIR and is removed.
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.path
        let result = try runProcess(try TestSupport.valuegenExecutable, ["compat", "--against", "HEAD", "--allow", "binary-wire", "Models"], in: folder, environment: environment)
        #expect(result.status == 1)
        #expect(result.standardOutput == """
            Models/Gone.value: error: [swift-source] type 'Gone' (HEAD:Models/Gone.value:1:1) is removed: code that names it no longer compiles
            Models/Point.value:2:1: error: [swift-source] the attributes of 'Point' are in another order (y, x; were x, y): calls of the memberwise initializer pass their arguments in the old order and no longer compile
            Models/Point.value:3:3: warning: [binary-wire] 'y' moves from Binary field 2 to 1: data written by binaryData() before reads its old field into another attribute, or fails; keep it with '%binaryField number=2' before it
            Models/Point.value:4:3: warning: [binary-wire] 'x' moves from Binary field 1 to 2: data written by binaryData() before reads its old field into another attribute, or fails; keep it with '%binaryField number=1' before it
            2 breaking findings (swift-source 2); allowed: binary-wire 2

            """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        let unknown = try valuegen(["compat", "--against", "no-such-branch", "Models"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("error: 'no-such-branch' is not a commit of the repository at "))
    }
}
