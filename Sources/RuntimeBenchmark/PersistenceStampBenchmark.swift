// The stamp a Persistence JSON or property list file carries (docs/Runtime.md, "The stamp of a
// saved file"): saving and loading a stamped file against the same value without the stamp
// (the JSON coding's bytes; `PropertyListEncoder`'s), through files, as an app does, for a
// file of one record and a file of all the records.

import Foundation
import ValuegenRuntime

enum PersistenceStampBenchmark {
    static func run(records: [Record], runs: Int) throws {
        print("  Persistence JSON and property list files: stamped (layout and checksum), against the same value without the stamp:")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-stamp-benchmark-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try measure("1 record", RecordFile(title: "Saved", records: Array(records.prefix(1))), repeats: 2_000, runs: runs, in: folder)
        try measure("\(records.count) records", RecordFile(title: "Saved", records: records), repeats: 1, runs: runs, in: folder)
    }

    private static func measure(_ name: String, _ file: RecordFile, repeats: Int, runs: Int, in folder: URL) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        for kind in [PersistenceFormat.json, .propertyList] {
            let stampedURL = folder.appendingPathComponent("stamped.\(kind.rawValue)")
            let plainURL = folder.appendingPathComponent("plain.\(kind.rawValue)")
            let plainBytes = { () throws -> [UInt8] in kind == .json ? file.jsonBytes() : Array(try encoder.encode(file)) }
            try file.save(to: stampedURL, format: kind)
            try Data(plainBytes()).write(to: plainURL)
            guard try RecordFile.load(from: stampedURL) == file, try RecordFile.load(from: plainURL) == file else {
                print("error: a saved file did not read back")
                exit(1)
            }
            let stampedSize = try Data(contentsOf: stampedURL).count
            let plainSize = try Data(contentsOf: plainURL).count
            let stampedEncode = Measurement(timing: { try (0..<repeats).map { _ in try file.encoded(as: kind).count } })
            let plainEncode = Measurement(timing: { try (0..<repeats).map { _ in try plainBytes().count } })
            let stampedLoad = Measurement(timing: { try (0..<repeats).map { _ in try RecordFile.load(from: stampedURL) } })
            let plainLoad = Measurement(timing: { try (0..<repeats).map { _ in try RecordFile.load(from: plainURL) } })
            try measureInRounds(runs, [stampedEncode, plainEncode, stampedLoad, plainLoad])
            let perFile = { (measurement: Measurement) in format(measurement.best / Double(repeats) * 1e6, 1) }
            print("    \(kind.rawValue), \(name): \(stampedSize) bytes (+\(stampedSize - plainSize) for the stamp); encode \(perFile(stampedEncode)) µs (\(format(stampedEncode.best / plainEncode.best, 2))x without the stamp), load \(perFile(stampedLoad)) µs (\(format(stampedLoad.best / plainLoad.best, 2))x without the stamp)")
        }
    }
}
