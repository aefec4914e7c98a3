// Compiled with the generated code of DeepPersistenceCompileTests (as main.swift) and
// DriverChecks.swift, then run: chains of `%storage indirect` values saved in every format.
// What save accepts, load reads back: 512 levels are saved and load equal; 513 and 6,000 are
// refused before anything is written, in the words of the readers' depth error, and the old
// file stays; and all of it on a thread with a 512 KB stack. Chains of 100,000 levels of each
// model are refused, not a stack overflow; API JSON and binary data of 600 levels are whole.
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

func refusal(_ format: PersistenceFormat, of type: String = "Comment") -> String {
    "cannot save \(type) as \(formatNames[format]!): nesting deeper than 512 levels, which load(from:) refuses; save a value nested at most 512 levels deep (keep a long chain of values that hold one another as an array)"
}

/// Chains of 100,000 levels, built once and kept until the process exits: a tree is released
/// one level per frame (docs/Language.md, "Deep chains"), which this deep would overflow the
/// stack (a chain of comments is released one box at a time).
let deepComment = chain(100_000)
let deepCategory = {
    var category = Category(name: "1")
    for level in 2...100_000 {
        category = Category(name: "\(level)", subcategories: [category])
    }
    return category
}()
let deepFormula = {
    var formula = Formula.number(value: 1)
    for _ in 2...100_000 {
        formula = .negated(operand: formula)
    }
    return formula
}()
let deepDirectory = {
    var directory = Directory()
    for level in 2...100_000 {
        directory = Directory(entries: ["\(level)": directory])
    }
    return directory
}()

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

section("100,000 levels are refused, not a stack overflow, on the main thread: through an Optional, an array of objects, an ADT's case and a dictionary") {
    let chains: [(String, any PersistableModel)] = [("Comment", deepComment), ("Category", deepCategory), ("Formula", deepFormula), ("Directory", deepDirectory)]
    for (type, deep) in chains {
        for format in PersistenceFormat.allCases {
            let url = folder.appendingPathComponent("100000-\(type).\(format)")
            do {
                try deep.save(to: url, format: format)
                check(false, "100,000 levels of \(type) were saved as \(format)")
            } catch let error as PersistenceError {
                check(error.message == refusal(format, of: type) && error.url == url, "\(error)")
            }
            check(!FileManager.default.fileExists(atPath: url.path), "\(type), \(format): nothing is written")
        }
    }
}

section("API JSON and binary data are whole past 512 levels: only Persistence's writers stop") {
    var expected = #"{"text":"1"}"#
    for level in 2...600 {
        expected = #"{"text":"\#(level)","parent":"# + expected + "}"
    }
    check(String(decoding: chain(600).jsonBytes(), as: UTF8.self) == expected, "jsonBytes() of 600 levels")
    // Cut off past 512, 600 levels and 599 would be as long (513 levels, texts as wide).
    check(chain(600).binaryBytes().count > chain(599).binaryBytes().count, "binaryBytes() of 600 levels")
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

section("on a thread with a 512 KB stack: 512 levels saved and loaded, 6,000 and 100,000 refused, in every format") {
    // Before, the readers refused 512 levels there, and Foundation's property list coders and
    // the generated encoders overflowed the stack.
    final class Outcomes: @unchecked Sendable {
        var lines: [String] = []
    }
    let outcomes = Outcomes()
    let base = folder
    let refusals = PersistenceFormat.allCases.map { refusal($0) }
    let deep = deepComment
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        for (format, expected) in zip(PersistenceFormat.allCases, refusals) {
            let url = base.appendingPathComponent("small-stack.\(format)")
            do {
                try chain(512).save(to: url, format: format)
                outcomes.lines.append("\(format): " + (try Comment.load(from: url) == chain(512) ? "equal" : "different"))
            } catch {
                outcomes.lines.append("\(format): \(error)")
            }
            for (levels, comment) in [("6,000", chain(6_000)), ("100,000", deep)] {
                do {
                    try comment.save(to: url, format: format)
                    outcomes.lines.append("\(format): \(levels) levels saved")
                } catch let error as PersistenceError where error.message == expected {
                    continue
                } catch {
                    outcomes.lines.append("\(format): \(error)")
                }
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
