import Foundation
import Testing

/// Runs the `valuegen` built beside the test bundle (the test target depends on it) as a
/// subprocess, the way a user or a build system runs it, and collects what it printed.
enum ProcessRunner {
    /// How a program ended and what it printed.
    struct Outcome {
        var status: Int32
        /// Whether the program was killed by a signal; `status` is then the signal's number.
        var wasKilledBySignal: Bool
        var standardOutput: String
        var standardError: String

        /// The standard error's lines, without the empty one after the last newline.
        var errorLines: [String] {
            standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast(standardError.hasSuffix("\n") ? 1 : 0).map(String.init)
        }
    }

    static var valuegenExecutable: URL {
        get throws {
            var candidates: [URL] = []
            if let bundle = Bundle.main.executableURL {
                candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("valuegen"))
            }
            candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("valuegen"))
            for bundle in Bundle.allBundles.map(\.bundleURL) {
                candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("valuegen"))
            }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw TestBuildFailure(description: "valuegen was not found beside the test bundle; looked at \(candidates.map(\.path))")
            }
            return found
        }
    }

    /// Runs `valuegen` with the arguments in the folder. Swift's crash backtraces are turned
    /// off: a plugin that crashes should end the process at once.
    static func valuegen(_ arguments: [String], in folder: URL) throws -> Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return try run(try valuegenExecutable, arguments, in: folder, environment: environment)
    }

    /// Runs a program to its end, reading both pipes while it runs so neither fills up.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String]) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorText = PipeText()
        let reader = Thread { errorText.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            wasKilledBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorText.wait(), as: UTF8.self)
        )
    }

    /// A new empty folder for one test's schemas and outputs.
    static func makeScratchFolder(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-abi-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// What a reader thread collected from a pipe, handed over once.
private final class PipeText: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ data: Data) {
        condition.lock()
        self.data = data
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil {
            condition.wait()
        }
        return data!
    }
}
