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
        try swiftPM(["build", "--package-path", package.path])
    }

    /// Runs `swift ARGUMENTS` (build or package), again, up to twice, when SwiftPM itself crashed
    /// in libdispatch's event loop: a known race of the Linux toolchain
    /// (https://github.com/swiftlang/swift/issues/87033) that the test did not cause, and which
    /// a user would answer by running the command again. Any other failure, a crash elsewhere
    /// included, is returned as it is.
    static func swiftPM(_ arguments: [String]) throws -> ProcessResult {
        var result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments)
        for _ in 0..<2 where crashedInDispatchEventLoop(result) {
            FileHandle.standardError.write(Data("note: swift \(arguments.prefix(2).joined(separator: " ")) crashed in _dispatch_event_loop_drain (swiftlang/swift#87033); running it again\n".utf8))
            result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments)
        }
        return result
    }

    /// Whether the run ended in the toolchain's libdispatch crash (swiftlang/swift#87033).
    static func crashedInDispatchEventLoop(_ result: ProcessResult) -> Bool {
        let output = result.standardOutput + result.standardError
        guard result.status != 0, output.contains("*** Program crashed:"), let thread = output.range(of: "\" crashed:\n") else { return false }
        let topFrame = output[thread.upperBound...].split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }
        return topFrame?.contains("_dispatch_event_loop_drain") ?? false
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
