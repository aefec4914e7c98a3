// valuegen-runtime-benchmark: the generated JSON and Binary coding against Foundation's
// JSONEncoder/JSONDecoder with the generated Codable, on the same records and bytes.
//
//     swift run -c release valuegen-runtime-benchmark [N]     (N records, 100000 by default)
//
// Each figure is the best of five runs; the ratios compare figures of the same run.
import Foundation
import ValuegenRuntime

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let records = RecordFactory.records(count)
/// Every measurement, ours and Foundation's alike, is the best of this many runs.
let runs = 5

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func bestOf(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        best = min(best, try seconds(body))
    }
    return best
}

func format(_ value: Double, _ digits: Int = 3) -> String {
    String(format: "%.\(digits)f", value)
}

// The bytes every decoder reads: the JSON feature's output (Foundation reads it as well).
let json = records.jsonBytes()
let jsonData = Data(json)
let binary = records.binaryBytes()
let megabytes = Double(json.count) / 1e6

var sink = 0
let foundationEncode = try bestOf(runs) { sink &+= try JSONEncoder().encode(records).count }
let valuegenEncode = bestOf(runs) { sink &+= records.jsonBytes().count }
let foundationDecode = try bestOf(runs) { sink &+= try JSONDecoder().decode([Record].self, from: jsonData).count }
let valuegenDecode = try bestOf(runs) { sink &+= try [Record](jsonBytes: json).count }
let binaryEncode = bestOf(runs) { sink &+= records.binaryBytes().count }
let binaryDecode = try bestOf(runs) { sink &+= try [Record](binaryBytes: binary).count }

guard try [Record](jsonBytes: json) == records, try [Record](binaryBytes: binary) == records,
      try JSONDecoder().decode([Record].self, from: jsonData) == records else {
    print("error: a round trip did not give the records back")
    exit(1)
}

print("valuegen-runtime-benchmark: \(count) records, \(format(megabytes, 1)) MB of JSON, best of \(runs) (sink \(sink % 10))")
print("  JSONEncoder + Codable      encode \(format(foundationEncode)) s  \(format(megabytes / foundationEncode, 1)) MB/s")
print("  generated JSON             encode \(format(valuegenEncode)) s  \(format(megabytes / valuegenEncode, 1)) MB/s   \(format(foundationEncode / valuegenEncode, 1))x Foundation (goal: at least 10x)")
print("  JSONDecoder + Codable      decode \(format(foundationDecode)) s  \(format(megabytes / foundationDecode, 1)) MB/s")
print("  generated JSON             decode \(format(valuegenDecode)) s  \(format(megabytes / valuegenDecode, 1)) MB/s   \(format(foundationDecode / valuegenDecode, 1))x Foundation (goal: at least 10x)")
print("  generated Binary           encode \(format(binaryEncode)) s   \(format(valuegenEncode / binaryEncode, 1))x our JSON (goal: at least 2x)")
print("  generated Binary           decode \(format(binaryDecode)) s   \(format(valuegenDecode / binaryDecode, 1))x our JSON (goal: at least 2x)")
print("  size: JSON \(json.count) bytes, binary \(binary.count) bytes: \(format(100 * (1 - Double(binary.count) / Double(json.count)), 1))% smaller (goal: at least 40%)")
