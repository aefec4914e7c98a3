import Foundation
import Testing

/// Where things are when the tests run: the repository, the built `valuegen`, scratch folders.
enum TestSupport {
    /// Whether the tests that build whole consumer packages with SwiftPM run
    /// (ConsumerPackageTests, PrebuiltToolConsumerTests: minutes of CPU each on 2 cores). A
    /// plain `swift test` leaves them out so that it takes under 10 minutes; `.ci/run` sets
    /// `VALUEGEN_PACKAGE_TESTS=1`, and so may anyone who changes the plugins.
    static let buildsPackages = ProcessInfo.processInfo.environment["VALUEGEN_PACKAGE_TESTS"] == "1"

    /// The repository's root folder (three levels above this file).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let examplesFolder = repositoryRoot.appendingPathComponent("Fixtures/Examples")

    /// The `valuegen` built beside the test bundle (the test target depends on it).
    static var valuegenExecutable: URL {
        get throws {
            var candidates: [URL] = []
            if let bundle = Bundle.main.executableURL {
                candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("valuegen"))
            }
            candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("valuegen"))
            for debug in Bundle.allBundles.map(\.bundleURL) {
                candidates.append(debug.deletingLastPathComponent().appendingPathComponent("valuegen"))
            }
            candidates.append(repositoryRoot.appendingPathComponent(".build/debug/valuegen"))
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw TestFailure("valuegen was not found beside the test bundle; looked at \(candidates.map(\.path))")
            }
            return found
        }
    }

    /// A new empty folder, removed when the test's scope ends through `defer`.
    static func makeScratchFolder(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-tests-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Compiles the generated code in `generated` with Drivers/`driver`.swift (as main.swift)
    /// and Drivers/DriverChecks.swift, in the Swift 6 language mode with warnings as errors,
    /// linking ValuegenRuntime (`SharedRuntime`), and runs the program, built into `scratch`.
    static func runDriver(_ driver: String, with generated: URL, scratch: URL) throws -> ProcessResult {
        let drivers = repositoryRoot.appendingPathComponent("Tests/EndToEndTests/Drivers")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: drivers.appendingPathComponent("\(driver).swift"), to: generated.appendingPathComponent("main.swift"))
        try FileManager.default.copyItem(at: drivers.appendingPathComponent("DriverChecks.swift"), to: generated.appendingPathComponent("DriverChecks.swift"))
        let sources = try files(in: generated).map { generated.appendingPathComponent($0).path }
        let runtime = try SharedRuntime.folder()
        let executable = scratch.appendingPathComponent(driver)
        try compileProgram(sources, linking: runtime, to: executable)
        return try runProcess(executable, [])
    }

    /// Compiles a program (one of the sources is main.swift) in the Swift 6 language mode with
    /// warnings as errors, linking the runtime in `runtime` (`SharedRuntime.folder()`). The
    /// files are compiled in batches, as SwiftPM's debug builds compile them (swiftc's default,
    /// a frontend per file that reads every other file again, costs about twice the CPU), into
    /// objects beside the executable, then linked: swiftc's batch mode linking in the same run
    /// looks for temporary objects under other names than it wrote (`Amount-1.o`, `Amount-2.o`).
    static func compileProgram(_ sources: [String], linking runtime: URL, to executable: URL) throws {
        let objects = executable.deletingLastPathComponent().appendingPathComponent("\(executable.lastPathComponent)-objects")
        try FileManager.default.createDirectory(at: objects, withIntermediateDirectories: true)
        let absolute = sources.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let compile = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-c", "-enable-batch-mode", "-swift-version", "6", "-warnings-as-errors", "-I", runtime.path, "-working-directory", objects.path] + absolute)
        guard compile.status == 0 else { throw TestFailure("swiftc failed:\n\(compile.standardError)\(compile.standardOutput)") }
        let objectFiles = absolute.map { objects.appendingPathComponent(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent + ".o").path }
        let link = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-L", runtime.path, "-lValuegenRuntime", "-o", executable.path] + objectFiles)
        guard link.status == 0 else { throw TestFailure("linking failed:\n\(link.standardError)\(link.standardOutput)") }
    }

    /// Compiles the Swift files of `folder` into a module of its own, `module`: a static library
    /// and its interface in `modules`, in the Swift 6 language mode with warnings as errors,
    /// importing ValuegenRuntime from `runtime` (`SharedRuntime.folder()`). Generated code of
    /// the same schemas made two ways is compiled into two such modules, which a program then
    /// links side by side (`compileProgram(_:importing:from:linking:to:)`).
    static func compileModule(_ folder: URL, named module: String, linking runtime: URL, into modules: URL) throws {
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let sources = try files(in: folder).filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path }
        let compile = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-library", "-static", "-emit-module",
            "-module-name", module, "-I", runtime.path, "-o", modules.appendingPathComponent("lib\(module).a").path,
            "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path,
        ] + sources)
        guard compile.status == 0 else { throw TestFailure("\(module) does not compile:\n\(compile.standardError)\(compile.standardOutput)") }
    }

    /// Compiles a program of the given sources (one of them main.swift) that imports the
    /// modules `compileModule` built into `modules`, linking them and the runtime.
    static func compileProgram(_ sources: [String], importing moduleNames: [String], from modules: URL, linking runtime: URL, to executable: URL) throws {
        let libraries = moduleNames.map { "-l\($0)" }
        let compile = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", runtime.path, "-L", runtime.path, "-I", modules.path, "-L", modules.path,
        ] + libraries + ["-lValuegenRuntime", "-o", executable.path] + sources)
        guard compile.status == 0 else { throw TestFailure("the program does not compile:\n\(compile.standardError)\(compile.standardOutput)") }
    }

    /// The relative paths of every regular file under the folder, sorted.
    static func files(in folder: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The result of running a program to completion.
struct ProcessResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a program, waits for it and collects its output.
func runProcess(_ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder {
        process.currentDirectoryURL = folder
    }
    if let environment {
        process.environment = environment
    }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes while the program runs so that neither can fill up and block it.
    let errorData = ErrorCollector()
    let reader = Thread { errorData.data = error.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isDone { usleep(1000) }
    return ProcessResult(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData.data ?? Data(), as: UTF8.self)
    )
}

private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Data?
    var data: Data? {
        get { lock.lock(); defer { lock.unlock() }; return storage }
        set { lock.lock(); storage = newValue; lock.unlock() }
    }
    var isDone: Bool { data != nil }
}
