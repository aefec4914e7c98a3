// Compiled with the generated code of DeepPersistenceCompileTests (as main.swift) and
// DriverChecks.swift, then run: chains of `%storage indirect` values saved in every format.
// What save accepts, load reads back: 512 levels are saved and load equal; 513 and 6,000 are
// refused before anything is written, in the words of the readers' depth error, and the old
// file stays; and all of it on a thread with a 512 KB stack.
import Foundation
import ValuegenRuntime

func chain(_ levels: Int) -> Comment {
    var comment = Comment(text: "1")
    for level in 2...levels {
        comment = Comment(text: "\(level)", parent: comment)
    }
    return comment
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("valuegen-deep-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let formatNames: [PersistenceFormat: String] = [.json: "JSON", .binary: "binary", .propertyList: "a property list"]

func refusal(_ format: PersistenceFormat) -> String {
    "cannot save Comment as \(formatNames[format]!): nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)"
}

section("512 levels are saved and load equal, in every format") {
    let deepest = chain(512)
    for format in PersistenceFormat.allCases {
        let url = folder.appendingPathComponent("512.\(format)")
        try deepest.save(to: url, format: format)
        check(try Comment.load(from: url) == deepest, "\(format)")
    }
}

section("513 and 6,000 levels are refused before anything is written, and the old file stays") {
    let old = Comment(text: "old")
    for levels in [513, 6_000] {
        let deep = chain(levels)
        for format in PersistenceFormat.allCases {
            let url = folder.appendingPathComponent("\(levels).\(format)")
            try old.save(to: url, format: format)
            do {
                try deep.save(to: url, format: format)
                check(false, "\(levels) levels were saved as \(format)")
            } catch let error as PersistenceError {
                check(error.message == refusal(format) && error.url == url, "\(error)")
            }
            do {
                _ = try deep.encoded(as: format)
                check(false, "\(levels) levels were encoded as \(format)")
            } catch {
                check("\(error)" == refusal(format), "\(error)")
            }
            check(try Comment.load(from: url) == old, "\(format): the old file stays")
        }
    }
    check(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") } == [], "no temporary file is left")
}

section("the words are the readers': what load says of 513 levels written without Persistence") {
    let deep = chain(513)
    let json = folder.appendingPathComponent("written.json")
    try deep.jsonData().write(to: json)
    do {
        _ = try Comment.load(from: json)
        check(false, "513 levels of JSON were loaded")
    } catch let error as PersistenceError {
        check(error.message.hasPrefix("cannot load Comment: nesting deeper than 512 levels at byte "), error.message)
    }
    let binary = folder.appendingPathComponent("written.binary")
    try Data(deep.selfDescribingBinaryBytes()).write(to: binary)
    do {
        _ = try Comment.load(from: binary)
        check(false, "513 levels of binary were loaded")
    } catch let error as PersistenceError {
        check(error.message.hasPrefix("cannot load Comment: nesting deeper than 512 levels at byte "), error.message)
    }
}

section("on a thread with a 512 KB stack: 512 levels saved and loaded, 6,000 refused, in every format") {
    // Before, the readers refused 512 levels there, and Foundation's property list coders and
    // the generated encoders overflowed the stack.
    final class Outcomes: @unchecked Sendable {
        var lines: [String] = []
    }
    let outcomes = Outcomes()
    let base = folder
    let refusals = PersistenceFormat.allCases.map { refusal($0) }
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        for (format, expected) in zip(PersistenceFormat.allCases, refusals) {
            let url = base.appendingPathComponent("small-stack.\(format)")
            do {
                try chain(512).save(to: url, format: format)
                outcomes.lines.append("\(format): " + (try Comment.load(from: url) == chain(512) ? "equal" : "different"))
                try chain(6_000).save(to: url, format: format)
                outcomes.lines.append("\(format): 6,000 levels saved")
            } catch let error as PersistenceError where error.message == expected {
                continue
            } catch {
                outcomes.lines.append("\(format): \(error)")
            }
        }
        done.signal()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    done.wait()
    check(outcomes.lines == ["json: equal", "binary: equal", "propertyList: equal"], "\(outcomes.lines)")
}

finishChecks()
