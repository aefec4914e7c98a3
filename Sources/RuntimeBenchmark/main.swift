// valuegen-runtime-benchmark: the generated JSON and Binary coding against Foundation's
// JSONEncoder/JSONDecoder with the generated Codable, on the same records and bytes.
//
//     swift run -c release valuegen-runtime-benchmark [N]     (N records, 100000 by default)
//
// Each figure is the best of ten rounds in which every coder runs once, taking turns, in the
// thread's CPU time (Measurement.swift); the ratios compare figures of the same run. The
// world-shaped documents follow the records (World/WorldBenchmark.swift), then the recorded REST
// payloads (Recorded/RecordedPayloads.swift; BenchmarkArguments.swift lists the options).
import Foundation
import ValuegenRuntime

let arguments = BenchmarkArguments.parsed()
/// Every measurement, ours and Foundation's alike, is the best of this many runs (as the
/// world-shaped documents' are): with five, a slow spell of the shared machine lasting
/// seconds could cover all of one coder's runs and move a ratio by a third.
let runs = 10
if let profiled = arguments.profiledShape, profiled.name == "records" || profiled.name == "records-binary" {
    // The records' decoding alone (their JSON, or their Binary), for a profiler.
    let records = RecordFactory.records(arguments.recordCount)
    let json = records.jsonBytes()
    let binary = records.binaryBytes()
    for _ in 0..<profiled.rounds {
        if profiled.encoding {
            _ = profiled.name == "records" ? records.jsonBytes() : records.binaryBytes()
        } else if profiled.name == "records" {
            _ = try [Record](jsonBytes: json)
        } else {
            _ = try [Record](binaryBytes: binary)
        }
    }
    exit(0)
}
if let profiled = arguments.profiledShape {
    try WorldBenchmark.profile(profiled.name, rounds: profiled.rounds, encoding: profiled.encoding, scale: arguments.worldScale)
    exit(0)
}
if arguments.datesOnly {
    try DateBenchmark.run(runs: runs)
    exit(0)
}
if arguments.recordedOnly {
    try WorldBenchmark.runRecorded(arguments)
    exit(0)
}
if arguments.worldOnly {
    try WorldBenchmark.run(arguments)
    exit(0)
}
let count = arguments.recordCount
let records = RecordFactory.records(count)
if arguments.persistenceOnly {
    try PersistenceLayoutBenchmark.run(records: records, runs: runs)
    try PersistenceStampBenchmark.run(records: records, runs: runs)
    exit(0)
}

// The bytes every decoder reads: the JSON feature's output (Foundation reads it as well).
let json = records.jsonBytes()
let jsonData = Data(json)
let binary = records.binaryBytes()
let megabytes = Double(json.count) / 1e6

let foundationEncodeRuns = Measurement(timing: { try JSONEncoder().encode(records) })
let valuegenEncodeRuns = Measurement(timing: { records.jsonBytes() })
let foundationDecodeRuns = Measurement(timing: { try JSONDecoder().decode([Record].self, from: jsonData) })
let valuegenDecodeRuns = Measurement(timing: { try [Record](jsonBytes: json) })
let binaryEncodeRuns = Measurement(timing: { records.binaryBytes() })
let binaryDecodeRuns = Measurement(timing: { try [Record](binaryBytes: binary) })
// What an app that wants `Data` (to write a file, to send) calls, and the copy it used to be.
let valuegenEncodeDataRuns = Measurement(timing: { records.jsonData() })
let valuegenEncodeCopiedRuns = Measurement(timing: { Data(records.jsonBytes()) })
let binaryEncodeDataRuns = Measurement(timing: { records.binaryData() })
let binaryEncodeCopiedRuns = Measurement(timing: { Data(records.binaryBytes()) })
let valuegenDecodeReleasingRuns = Measurement(includingRelease: { try [Record](jsonBytes: json) })
let binaryDecodeReleasingRuns = Measurement(includingRelease: { try [Record](binaryBytes: binary) })

// The same records in another dialect: snake_case keys, the status adjacently tagged.
let serverRecords = records.map(ServerRecord.init)
let serverJSON = serverRecords.jsonBytes()
let serverJSONData = Data(serverJSON)
let serverFoundationEncodeRuns = Measurement(timing: { try JSONEncoder().encode(serverRecords) })
let serverEncodeRuns = Measurement(timing: { serverRecords.jsonBytes() })
let serverFoundationDecodeRuns = Measurement(timing: { try JSONDecoder().decode([ServerRecord].self, from: serverJSONData) })
let serverDecodeRuns = Measurement(timing: { try [ServerRecord](jsonBytes: serverJSON) })
try measureInRounds(runs, [
    foundationEncodeRuns, valuegenEncodeRuns, binaryEncodeRuns,
    valuegenEncodeDataRuns, valuegenEncodeCopiedRuns, binaryEncodeDataRuns, binaryEncodeCopiedRuns,
    foundationDecodeRuns, valuegenDecodeRuns, binaryDecodeRuns,
    valuegenDecodeReleasingRuns, binaryDecodeReleasingRuns,
    serverFoundationEncodeRuns, serverEncodeRuns, serverFoundationDecodeRuns, serverDecodeRuns,
])
let foundationEncode = foundationEncodeRuns.best
let valuegenEncode = valuegenEncodeRuns.best
let foundationDecode = foundationDecodeRuns.best
let valuegenDecode = valuegenDecodeRuns.best
let binaryEncode = binaryEncodeRuns.best
let binaryDecode = binaryDecodeRuns.best
let valuegenDecodeReleasing = valuegenDecodeReleasingRuns.best
let binaryDecodeReleasing = binaryDecodeReleasingRuns.best

guard try [Record](jsonBytes: json) == records, try [Record](binaryBytes: binary) == records,
      try JSONDecoder().decode([Record].self, from: jsonData) == records,
      try [ServerRecord](jsonBytes: serverJSON) == serverRecords,
      try JSONDecoder().decode([ServerRecord].self, from: serverJSONData) == serverRecords else {
    print("error: a round trip did not give the records back")
    exit(1)
}

print("valuegen-runtime-benchmark: \(count) records, \(format(megabytes, 1)) MB of JSON, best of \(runs) rounds taking turns, results released after the clock stops")
print("  JSONEncoder + Codable      encode \(format(foundationEncode)) s  \(format(megabytes / foundationEncode, 1)) MB/s")
print("  generated JSON             encode \(format(valuegenEncode)) s  \(format(megabytes / valuegenEncode, 1)) MB/s   \(format(foundationEncode / valuegenEncode, 1))x Foundation (goal: at least 10x)")
print("  JSONDecoder + Codable      decode \(format(foundationDecode)) s  \(format(megabytes / foundationDecode, 1)) MB/s")
print("  generated JSON             decode \(format(valuegenDecode)) s  \(format(megabytes / valuegenDecode, 1)) MB/s   \(format(foundationDecode / valuegenDecode, 1))x Foundation (goal: at least 10x)")
print("  generated Binary           encode \(format(binaryEncode)) s   \(format(valuegenEncode / binaryEncode, 1))x our JSON (goal: at least 2x)")
print("  generated Binary           decode \(format(binaryDecode)) s   \(format(valuegenDecode / binaryDecode, 1))x our JSON (goal: at least 2x)")
print("  as Data, what an app writes to a file or sends (JSONEncoder's encode gives Data too):")
print("    generated JSON           jsonData() \(format(valuegenEncodeDataRuns.best)) s   \(format(foundationEncode / valuegenEncodeDataRuns.best, 1))x Foundation   Data(jsonBytes()), a copy: \(format(valuegenEncodeCopiedRuns.best)) s")
print("    generated Binary         binaryData() \(format(binaryEncodeDataRuns.best)) s   \(format(valuegenEncodeDataRuns.best / binaryEncodeDataRuns.best, 1))x jsonData()   Data(binaryBytes()), a copy: \(format(binaryEncodeCopiedRuns.best)) s")
print("  including the release of the decoded records: JSON \(format(valuegenDecodeReleasing)) s, Binary \(format(binaryDecodeReleasing)) s   \(format(valuegenDecodeReleasing / binaryDecodeReleasing, 1))x")
print("  size: JSON \(json.count) bytes, binary \(binary.count) bytes: \(format(100 * (1 - Double(binary.count) / Double(json.count)), 1))% smaller (goal: at least 40%)")
print("  snake_case keys and an adjacently tagged status (\(format(Double(serverJSON.count) / 1e6, 1)) MB):")
print("    generated JSON           encode \(format(serverEncodeRuns.best)) s   \(format(serverFoundationEncodeRuns.best / serverEncodeRuns.best, 1))x Foundation (\(format(serverFoundationEncodeRuns.best)) s)   \(format(serverEncodeRuns.best / valuegenEncode, 2))x the camelCase records' time")
print("    generated JSON           decode \(format(serverDecodeRuns.best)) s   \(format(serverFoundationDecodeRuns.best / serverDecodeRuns.best, 1))x Foundation (\(format(serverFoundationDecodeRuns.best)) s)   \(format(serverDecodeRuns.best / valuegenDecode, 2))x the camelCase records' time")
if arguments.recordsOnly {
    exit(0)
}
try InvariantBenchmark.run(records: records, runs: runs)
try PersistenceLayoutBenchmark.run(records: records, runs: runs)
try PersistenceStampBenchmark.run(records: records, runs: runs)
try IndirectStorageBenchmark.run(count: count, runs: runs)
try DateBenchmark.run(runs: runs)
try WorldBenchmark.run(arguments)
