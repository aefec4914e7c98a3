import Foundation
import Testing

/// Builds the fixtures' consumer packages the way a user does, with `swift build`, in a copy
/// of the repository, and reads what a build did from its output.
enum PackageBuild {
    /// Copies what a package checkout holds (no build folders) into the folder. SwiftPM names a
    /// path dependency after its folder, so a consumer's `../..` must be named valuegen.
    static func copyRepository(to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for entry in ["Package.swift", "Sources", "Plugins", "PluginSDK", "Tests", "Fixtures", ".ci"] {
            let copy = try runProcess(URL(fileURLWithPath: "/bin/cp"), ["-a", TestSupport.repositoryRoot.appendingPathComponent(entry).path, destination.path])
            try #require(copy.status == 0, "cp failed: \(copy.standardError)")
        }
        for leftover in ["ConsumerPackage/.build", "ConsumerPackage/.swiftpm", "PrebuiltToolConsumer/.build", "PrebuiltToolConsumer/.swiftpm", "PrebuiltToolConsumer/valuegen-plugin"] {
            try? FileManager.default.removeItem(at: destination.appendingPathComponent("Fixtures").appendingPathComponent(leftover))
        }
    }

    static func swiftBuild(in package: URL) throws -> ProcessResult {
        try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", package.path])
    }

    /// The generator commands a build ran, by their display names.
    static func generatorRuns(in result: ProcessResult) -> [String] {
        (result.standardOutput + result.standardError).split(separator: "\n").compactMap { line in
            line.range(of: "Valuegen: generating").map { String(line[$0.lowerBound...]) }
        }
    }

    /// The modules a build compiled (`Compiling Models Profile.swift` → `Models`).
    static func compiledModules(in result: ProcessResult) -> Set<String> {
        Set((result.standardOutput + result.standardError).split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "] Compiling ") else { return nil }
            let rest = line[range.upperBound...].split(separator: " ")
            guard let module = rest.first, module != "plugin" else { return nil }
            return String(module)
        })
    }
}
