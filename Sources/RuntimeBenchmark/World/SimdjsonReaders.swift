// The simdjson On-Demand readers (simdjson/world_reader.cpp), run on each world-shaped document:
// they parse it into C++ structs holding what the Swift model holds, best of the same number
// of rounds, and print their best time and the checksum of what they read.
import Foundation

struct SimdjsonReaders {
    let path: String

    struct Reading {
        let seconds: Double
        let checksum: String
    }

    func read(_ shape: String, _ json: [UInt8], rounds: Int) throws -> Reading {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-world-\(shape)-\(getpid()).json")
        try Data(json).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [shape, file.path, String(rounds)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var seconds: Double?
        var checksum: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("seconds ") { seconds = Double(line.dropFirst("seconds ".count)) }
            if line.hasPrefix("checksum ") { checksum = String(line.dropFirst("checksum ".count)) }
        }
        guard process.terminationStatus == 0, let seconds, let checksum else {
            print("error: \(shape): the simdjson reader \(path) failed (status \(process.terminationStatus)):\n\(text)")
            exit(1)
        }
        return Reading(seconds: seconds, checksum: checksum)
    }
}
