// The layout a Persistence binary file carries (docs/BinaryFormat.md, "Self-describing
// documents"): its size and its time against the same file without it (a plain document), for
// a file of one record (a saved model) and a file of all the records; and the time of reading a
// file whose layout is not the reader's (so that every field is mapped by name): there the
// writer's layout names a former name the reader's does not, which maps every field to itself.

import Foundation
import ValuegenRuntime

enum PersistenceLayoutBenchmark {
    static func run(records: [Record], runs: Int) throws {
        print("  Persistence binary files: the writer's layout in the file (self-describing), against a plain document:")
        try measure("1 record", RecordFile(title: "Saved", records: Array(records.prefix(1))), repeats: 20_000, runs: runs)
        try measure("\(records.count) records", RecordFile(title: "Saved", records: records), repeats: 1, runs: runs)
    }

    private static func measure(_ name: String, _ file: RecordFile, repeats: Int, runs: Int) throws {
        let plain = file.binaryBytes()
        let described = file.selfDescribingBinaryBytes()
        let other = otherLayout(described)
        guard try RecordFile(binaryBytes: described) == file, try RecordFile(binaryBytes: other) == file else {
            print("error: a self-describing file did not read back")
            exit(1)
        }
        let plainEncode = Measurement(timing: { (0..<repeats).map { _ in file.binaryBytes().count } })
        let describedEncode = Measurement(timing: { (0..<repeats).map { _ in file.selfDescribingBinaryBytes().count } })
        let plainDecode = Measurement(timing: { try (0..<repeats).map { _ in try RecordFile(binaryBytes: plain) } })
        let describedDecode = Measurement(timing: { try (0..<repeats).map { _ in try RecordFile(binaryBytes: described) } })
        let mappedDecode = Measurement(timing: { try (0..<repeats).map { _ in try RecordFile(binaryBytes: other) } })
        // The CRC-32C every self-describing file ends with, which its reader checks first.
        let checksum = Measurement(timing: { (0..<repeats).map { _ in CRC32C.checksum(of: described) } })
        try measureInRounds(runs, [plainEncode, describedEncode, plainDecode, describedDecode, mappedDecode, checksum])
        let perFile = { (measurement: Measurement) in format(measurement.best / Double(repeats) * 1e6, 2) }
        print("    \(name): \(described.count) bytes, \(plain.count) without the layout and the checksum (+\(described.count - plain.count), \(format(100 * Double(described.count - plain.count) / Double(plain.count), 1))%); encode \(perFile(describedEncode)) µs (\(format(describedEncode.best / plainEncode.best, 2))x plain), decode \(perFile(describedDecode)) µs (\(format(describedDecode.best / plainDecode.best, 2))x plain), decode by name from another layout \(perFile(mappedDecode)) µs (\(format(mappedDecode.best / plainDecode.best, 2))x plain); its checksum alone \(perFile(checksum)) µs (\(format(100 * checksum.best / describedDecode.best, 1))% of its decode, \(format(Double(described.count) * Double(repeats) / checksum.best / 1e9, 2)) GB/s)")
    }

    /// The file with a layout the reader's is not: Record's `id` has the former name `oldId`.
    private static func otherLayout(_ bytes: [UInt8]) -> [UInt8] {
        let reader = LayoutSplit(bytes)
        let layout = String(decoding: reader.layout, as: UTF8.self).replacingOccurrences(of: "1 id Int", with: "1 id/oldId Int")
        var output = Array(bytes.prefix(4))
        var length = UInt64(layout.utf8.count)
        while length >= 0x80 {
            output.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        output.append(UInt8(length))
        output += Array(layout.utf8)
        output += reader.rest
        // A checksum of the new bytes, which a reader checks before it reads the layout.
        let checksum = CRC32C.checksum(of: output)
        output += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
        return output
    }

    /// A self-describing document cut after its header: the layout's bytes and what follows,
    /// up to its checksum.
    private struct LayoutSplit {
        var layout: ArraySlice<UInt8>
        var rest: ArraySlice<UInt8>

        init(_ bytes: [UInt8]) {
            var index = 4
            var length = 0
            var shift = 0
            while bytes[index] >= 0x80 {
                length |= Int(bytes[index] & 0x7F) << shift
                shift += 7
                index += 1
            }
            length |= Int(bytes[index]) << shift
            index += 1
            layout = bytes[index..<(index + length)]
            rest = bytes[(index + length)..<(bytes.count - 4)]
        }
    }
}
