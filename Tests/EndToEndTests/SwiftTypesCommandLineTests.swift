import Foundation
import Testing

/// `valuegen generate` and the module's hand-written Swift types: the `.swift` files among and
/// beside its inputs, `--swift-types FILE` from the build plugin, and `--missing-runtime`.
@Suite struct SwiftTypesCommandLineTests {
    private func valuegen(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        try runProcess(try TestSupport.valuegenExecutable, arguments, in: folder)
    }

    private let post = "Post {\n  price: Money\n}\n"
    private let money = "public struct Money: Hashable, Sendable {\n    var cents: Int\n}\n"
    private let unknownMoney = "Models/Post.value:2:10: error: unknown type 'Money'; declare it in a schema file of this module or in the module's Swift code, or declare where it comes from with '%type name=Money library=ModuleName'\n"

    /// A scratch folder with `Models/Post.value`; removed by the caller.
    private func folderWithPost() throws -> URL {
        let folder = try TestSupport.makeScratchFolder()
        try TestSupport.write(post, to: folder.appendingPathComponent("Models/Post.value"))
        return folder
    }

    private func generated(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("Out/\(name)"), encoding: .utf8)
    }

    // MARK: - Swift files among and beside the inputs

    @Test func swiftFileInTheInputFolderDeclaresATypeTheSchemaNames() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(money, to: folder.appendingPathComponent("Models/Money.swift"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "")
        #expect(try generated("Post.swift", in: folder).contains("    public let price: Money\n"))
        // The Swift file is read, not generated from.
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["Post.swift"])
    }

    @Test func withoutTheSwiftFileTheSameSchemaIsAnUnknownType() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == unknownMoney)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out/Post.swift").path))
    }

    @Test func swiftFileInAHiddenFolderIsNotScanned() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(money, to: folder.appendingPathComponent("Models/.build/Money.swift"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == unknownMoney)
    }

    @Test func swiftFileGivenAsAnInputCounts() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(money, to: folder.appendingPathComponent("Sources/App/Money.swift"))
        let result = try valuegen(["generate", "Models/Post.value", "Sources/App/Money.swift", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["Post.swift"])
    }

    @Test func swiftFileBesideASchemaGivenOnItsOwnCounts() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(money, to: folder.appendingPathComponent("Models/Money.swift"))
        let result = try valuegen(["generate", "Models/Post.value", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
    }

    @Test func typeInACommentOrStringOfASwiftFileDoesNotCount() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("// struct Money {}\nlet text = \"struct Money {}\"\n", to: folder.appendingPathComponent("Models/Notes.swift"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == unknownMoney)
    }

    // MARK: - --swift-types

    @Test func swiftTypeListDeclaresTheTypesItNames() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("Money\tstruct\tHashable,Sendable\tpublic\tSources/App/Money.swift\t1\t15\n", to: folder.appendingPathComponent("types.txt"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q", "--swift-types", "types.txt"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try generated("Post.swift", in: folder).contains("    public let price: Money\n"))
    }

    @Test func swiftTypeListReplacesTheScanOfSwiftFiles() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write(money, to: folder.appendingPathComponent("Models/Money.swift"))
        try TestSupport.write("", to: folder.appendingPathComponent("types.txt"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q", "--swift-types=types.txt"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == unknownMoney)
    }

    @Test func malformedSwiftTypeListIsAUsageErrorAtItsLine() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("Money\tstruct\tHashable\tpublic\tSources/App/Money.swift\t1\t15\nMoney struct Hashable\n", to: folder.appendingPathComponent("types.txt"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q", "--swift-types", "types.txt"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("types.txt:2: error: not a line of a Swift type list"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
        // The message names every field of a line, in order.
        #expect(result.standardError == "types.txt:2: error: not a line of a Swift type list (name, kind, conformances, public or internal, path, line, column separated by tabs); let the build plugin write this file\n")
    }

    @Test func unreadableSwiftTypeListIsAUsageError() throws {
        let folder = try folderWithPost()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q", "--swift-types", "missing.txt"], in: folder)
        #expect(result.status == 2)
        #expect(result.standardError == "missing.txt: error: cannot read the list of Swift types (--swift-types)\n")
    }

    // MARK: - --missing-runtime

    @Test func typeThatNeedsTheRuntimeInATargetWithoutItIsAnErrorAtTheType() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("# Sent to the server.\nPost includes(JSON) {\n  title: String\n}\n", to: folder.appendingPathComponent("Models/Post.value"))
        try TestSupport.write("Tag {\n  name: String\n}\n", to: folder.appendingPathComponent("Models/Tag.value"))

        let result = try valuegen(["generate", "Models", "-o", "Out", "-q", "--missing-runtime", "Models"], in: folder)
        #expect(result.status == 1)
        #expect(result.standardError == """
            Models/Post.value:2:1: error: 'Post' includes JSON, whose generated code imports ValuegenRuntime, but target 'Models' does not depend on it; add .product(name: "ValuegenRuntime", package: "valuegen") to the dependencies of target 'Models' in Package.swift

            """)
        #expect(try TestSupport.files(in: folder.appendingPathComponent("Out")) == ["Tag.swift"])

        let named = try valuegen(["generate", "Models", "-o", "Out", "-q", "--missing-runtime=App", "--runtime-package=valuegen-fork"], in: folder)
        #expect(named.status == 1)
        #expect(named.standardError.contains("but target 'App' does not depend on it; add .product(name: \"ValuegenRuntime\", package: \"valuegen-fork\") to the dependencies of target 'App'"), "\(named.standardError)")
    }

    @Test func withoutMissingRuntimeTheSameTypeGenerates() throws {
        let folder = try TestSupport.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try TestSupport.write("Post includes(JSON) {\n  title: String\n}\n", to: folder.appendingPathComponent("Models/Post.value"))
        let result = try valuegen(["generate", "Models", "-o", "Out", "-q"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try generated("Post.swift", in: folder).contains("import ValuegenRuntime\n"))
    }
}
