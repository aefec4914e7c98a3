import Foundation

/// How the benchmark compiles a folder of Swift files: with the flags SwiftPM 6.3 passes for a
/// library target on Linux (read from its build manifests), less the search paths.
enum BuildMode: String, CaseIterable, Sendable {
    /// `swift build`: batches of files on both cores, debug information, testable.
    case debug
    /// `swift build -c release`: the whole module at once on both cores, debug information.
    case release

    var flags: [String] {
        switch self {
        case .debug: ["-Onone", "-g", "-enable-testing", "-enable-batch-mode", "-j", "2"]  // with an output file map, as SwiftPM
        case .release: ["-O", "-g", "-whole-module-optimization", "-num-threads", "2"]
        }
    }
}

/// What one compilation cost: the wall clock, and the CPU time of swiftc and every frontend
/// process it started (user + system), which another job on the machine disturbs less; or,
/// with `--instructions`, the instructions its frontend jobs executed, which nothing else on the
/// machine changes.
struct CompileCost: Sendable {
    var wallSeconds: Double
    var cpuSeconds: Double
    var instructions: Double?

    /// What the report compares: billions of instructions when counted, else CPU seconds.
    var figure: Double {
        instructions.map { $0 / 1e9 } ?? cpuSeconds
    }
}

/// Runs `swiftc -emit-library` on every Swift file of a folder.
struct SwiftCompilation {
    var swiftc: String
    var folder: URL
    var moduleName: String
    var mode: BuildMode

    /// Compiles the folder, timed; with `countingInstructions`, runs the compiler's frontend
    /// jobs under callgrind instead (`InstructionCount.swift`).
    func run(countingInstructions: Bool = false) throws -> CompileCost {
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
            .sorted()
            .map { folder.appendingPathComponent($0).path }
        let output = folder.appendingPathComponent("build-\(mode.rawValue)")
        try? FileManager.default.removeItem(at: output)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let arguments = ["-emit-library", "-emit-module", "-parse-as-library", "-swift-version", "6",
                         "-module-name", moduleName,
                         "-emit-module-path", output.appendingPathComponent("\(moduleName).swiftmodule").path,
                         "-o", output.appendingPathComponent("lib\(moduleName).so").path]
            + mode.flags + (mode == .debug ? ["-output-file-map", try writeOutputFileMap(for: sources, in: output).path] : []) + sources
        if countingInstructions {
            return try InstructionCount.compile(swiftc: swiftc, arguments: arguments, in: output)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        process.currentDirectoryURL = output
        let log = output.appendingPathComponent("swiftc.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw CompilationFailure(description: "cannot create \(log.path)")
        }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle

        let cpuBefore = Self.childrenCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = Self.childrenCPUSeconds() - cpuBefore
        guard process.terminationStatus == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw CompilationFailure(description: "swiftc failed on \(folder.path) (\(mode.rawValue)):\n\(text.prefix(4000))")
        }
        return CompileCost(wallSeconds: wall, cpuSeconds: cpu)
    }

    /// Where each file's object goes. Batch mode needs the map (without it the driver looks for
    /// objects under names it never wrote); SwiftPM writes one for every target too.
    private func writeOutputFileMap(for sources: [String], in output: URL) throws -> URL {
        var map: [String: [String: String]] = ["": ["swift-dependencies": output.appendingPathComponent("module.swiftdeps").path]]
        for source in sources {
            let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            map[source] = ["object": output.appendingPathComponent("\(name).o").path]
        }
        let url = output.appendingPathComponent("output-file-map.json")
        try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys]).write(to: url)
        return url
    }

    /// User + system time of every child process that has been waited for, this one's
    /// descendants included (swiftc waits for its frontend jobs).
    private static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

struct CompilationFailure: Error, CustomStringConvertible {
    var description: String
}
