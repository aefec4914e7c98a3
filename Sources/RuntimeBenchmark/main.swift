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

/// The seconds `body` takes to return its result. The clock stops when the coder returns:
/// the result (the decoded records, the encoded bytes) is released after, untimed. Releasing
/// values costs the same whichever coder made them — for the decoded records it is about 25 ms,
/// half of binary decoding — so timing it would measure the allocator, not the coder;
/// `bestOfIncludingRelease` times it too, for the figures that include it.
func seconds<Result>(_ body: () throws -> Result) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    withExtendedLifetime(result) {}
    return elapsed
}

func bestOf<Result>(_ runs: Int, _ body: () throws -> Result) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        best = min(best, try seconds(body))
    }
    return best
}

/// As `bestOf`, with the result released before the clock stops.
func bestOfIncludingRelease<Result>(_ runs: Int, _ body: () throws -> Result) rethrows -> Double {
    try bestOf(runs) { () throws -> Int in
        _ = try body()
        return 0
    }
}

func format(_ value: Double, _ digits: Int = 3) -> String {
    String(format: "%.\(digits)f", value)
}

// The bytes every decoder reads: the JSON feature's output (Foundation reads it as well).
let json = records.jsonBytes()
let jsonData = Data(json)
let binary = records.binaryBytes()
let megabytes = Double(json.count) / 1e6

let foundationEncode = try bestOf(runs) { try JSONEncoder().encode(records) }
let valuegenEncode = bestOf(runs) { records.jsonBytes() }
let foundationDecode = try bestOf(runs) { try JSONDecoder().decode([Record].self, from: jsonData) }
let valuegenDecode = try bestOf(runs) { try [Record](jsonBytes: json) }
let binaryEncode = bestOf(runs) { records.binaryBytes() }
let binaryDecode = try bestOf(runs) { try [Record](binaryBytes: binary) }
let valuegenDecodeReleasing = try bestOfIncludingRelease(runs) { try [Record](jsonBytes: json) }
let binaryDecodeReleasing = try bestOfIncludingRelease(runs) { try [Record](binaryBytes: binary) }

guard try [Record](jsonBytes: json) == records, try [Record](binaryBytes: binary) == records,
      try JSONDecoder().decode([Record].self, from: jsonData) == records else {
    print("error: a round trip did not give the records back")
    exit(1)
}

print("valuegen-runtime-benchmark: \(count) records, \(format(megabytes, 1)) MB of JSON, best of \(runs), results released after the clock stops")
print("  JSONEncoder + Codable      encode \(format(foundationEncode)) s  \(format(megabytes / foundationEncode, 1)) MB/s")
print("  generated JSON             encode \(format(valuegenEncode)) s  \(format(megabytes / valuegenEncode, 1)) MB/s   \(format(foundationEncode / valuegenEncode, 1))x Foundation (goal: at least 10x)")
print("  JSONDecoder + Codable      decode \(format(foundationDecode)) s  \(format(megabytes / foundationDecode, 1)) MB/s")
print("  generated JSON             decode \(format(valuegenDecode)) s  \(format(megabytes / valuegenDecode, 1)) MB/s   \(format(foundationDecode / valuegenDecode, 1))x Foundation (goal: at least 10x)")
print("  generated Binary           encode \(format(binaryEncode)) s   \(format(valuegenEncode / binaryEncode, 1))x our JSON (goal: at least 2x)")
print("  generated Binary           decode \(format(binaryDecode)) s   \(format(valuegenDecode / binaryDecode, 1))x our JSON (goal: at least 2x)")
print("  including the release of the decoded records: JSON \(format(valuegenDecodeReleasing)) s, Binary \(format(binaryDecodeReleasing)) s   \(format(valuegenDecodeReleasing / binaryDecodeReleasing, 1))x")
print("  size: JSON \(json.count) bytes, binary \(binary.count) bytes: \(format(100 * (1 - Double(binary.count) / Double(json.count)), 1))% smaller (goal: at least 40%)")
