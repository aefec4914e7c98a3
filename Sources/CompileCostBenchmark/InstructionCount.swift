import Foundation

/// `--instructions`: what a compilation costs in instructions, counted by valgrind's callgrind,
/// which the other jobs of a shared machine do not change (CPU seconds move by ±10 % and more
/// there). The driver is asked for its jobs (`swiftc … -###`), and every frontend job runs
/// under callgrind, two at a time; the link is left out. About 50 times slower than compiling.
enum InstructionCount {
    static func compile(swiftc: String, arguments: [String], in folder: URL) throws -> CompileCost {
        let valgrind = try BenchmarkOptions.executable(named: "valgrind", hint: "install valgrind (apt-get install valgrind) to count instructions, or leave out --instructions")
        let jobs = try frontendJobs(swiftc: swiftc, arguments: arguments, in: folder)
        guard !jobs.isEmpty else { throw CompilationFailure(description: "swiftc -### printed no frontend job in \(folder.path)") }
        let start = DispatchTime.now().uptimeNanoseconds
        let outputs = jobs.indices.map { folder.appendingPathComponent("callgrind-\($0).out") }
        // The compile and emit-module jobs two at a time, then what reads their output (the
        // `-modulewrap` of the module for the debugger).
        let wrapping = jobs.indices.filter { jobs[$0].contains("-modulewrap") }
        let compiling = jobs.indices.filter { !wrapping.contains($0) }
        let batches = stride(from: 0, to: compiling.count, by: 2).map { Array(compiling[$0..<min($0 + 2, compiling.count)]) } + wrapping.map { [$0] }
        for batch in batches {
            let processes = try batch.map { index in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: valgrind)
                process.arguments = ["--tool=callgrind", "--callgrind-out-file=\(outputs[index].path)"] + jobs[index]
                process.currentDirectoryURL = folder
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for (process, index) in zip(processes, batch) {
                process.waitUntilExit()
                guard process.terminationStatus == 0 else {
                    throw CompilationFailure(description: "a frontend job of \(folder.path) failed under valgrind (status \(process.terminationStatus)): \(jobs[index].prefix(3).joined(separator: " ")) …")
                }
            }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let instructions = try outputs.reduce(0.0) { $0 + (try total(in: $1)) }
        return CompileCost(wallSeconds: wall, cpuSeconds: 0, instructions: instructions)
    }

    /// The frontend commands of `swiftc arguments -###`, each split into its arguments.
    private static func frontendJobs(swiftc: String, arguments: [String], in folder: URL) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments + ["-###"]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CompilationFailure(description: "swiftc -### failed in \(folder.path)") }
        return String(decoding: output, as: UTF8.self).split(separator: "\n")
            .map { shellWords(String($0)) }
            .filter { $0.first?.hasSuffix("swift-frontend") == true }
    }

    /// The words of a command line as the driver prints it: separated by spaces, quoted with
    /// `'…'` or `"…"`, or escaped with `\`.
    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// The `summary:` (or `totals:`) line of a callgrind output file: the instructions executed.
    private static func total(in file: URL) throws -> Double {
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
            if let count = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
                return count
            }
        }
        throw CompilationFailure(description: "no instruction total in \(file.path)")
    }
}
