// Compiled with the generated code of StandardNamesCompileTests' schemas (as main.swift), in a
// module that declares types named String, Date, Data, URL, UUID, Decimal, Error, Result,
// Hasher, JSONReader, Notification, Duration, Calendar, Progress, Type and Protocol: so this
// file, like the generated code, writes Swift's and Foundation's types qualified, and means
// the module's own types where it writes the names plainly. Then run: every model round-trips through JSON,
// Binary, Codable, property lists and Persistence's three formats, and Builder, With,
// Diffing, Matching, Validation and Undo work on them.
import Foundation
import ValuegenRuntime

var failures = 0

@MainActor func expect(_ condition: Swift.Bool, _ what: Swift.String, line: Swift.Int = #line) {
    if !condition {
        failures += 1
        print("FAIL line \(line): \(what)")
    }
}

@MainActor func roundTrips<Model: JSONCodable & BinaryCodable & Swift.Codable & DictionaryCodable & PersistableModel & Swift.Equatable>(_ value: Model, _ name: Swift.String) throws {
    expect(try Model(jsonBytes: value.jsonBytes()) == value, "\(name) through JSON")
    expect(try Model(binaryBytes: value.binaryBytes()) == value, "\(name) through Binary")
    expect(try Foundation.JSONDecoder().decode(Model.self, from: Foundation.JSONEncoder().encode(value)) == value, "\(name) through Codable")
    expect(try Model(propertyListValue: value.propertyListValue) == value, "\(name) through a property list")
    let folder = Foundation.FileManager.default.temporaryDirectory.appendingPathComponent("StandardNames-\(Foundation.UUID().uuidString)")
    try Foundation.FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? Foundation.FileManager.default.removeItem(at: folder) }
    for format in [PersistenceFormat.json, .binary, .propertyList] {
        let file = folder.appendingPathComponent("\(name).saved")
        try value.save(to: file, format: format)
        expect(try Model.load(from: file) == value, "\(name) saved and loaded as \(format)")
    }
    print("ok - \(name) round-trips")
}

let at = Foundation.Date(timeIntervalSince1970: 1_714_564_800)
let link = Foundation.URL(string: "https://example.com/a")
let notification = Notification(count: 3, title: "hello", at: at, link: link, tags: ["a"], scores: ["x": 1.5])
let result = Result.success(value: 7)
let event = Event(
    when: Date(seconds: 12.5), name: String(text: "launch"), at: at, title: "Launch",
    outcome: result, notifications: [notification], error: Error(count: 1, title: "none", at: at),
    link: URL(count: 2, title: "docs", at: at, link: link), standardLink: link,
    byName: ["h": Hasher(count: 4, title: "hasher", at: at)]
)

do {
    try roundTrips(notification, "Notification")
    try roundTrips(Duration(count: 2, title: "a", at: at), "Duration")
    try roundTrips(Data(count: 2, title: "a", at: at), "Data")
    try roundTrips(UUID(count: 2, title: "a", at: at), "UUID")
    try roundTrips(Decimal(count: 2, title: "a", at: at), "Decimal")
    try roundTrips(JSONReader(count: 2, title: "a", at: at), "JSONReader")
    try roundTrips(Type(count: 2, title: "a", at: at), "Type")
    try roundTrips(Protocol(count: 2, title: "a", at: at), "Protocol")
    try roundTrips(result, "Result")
    try roundTrips(Result.failure(message: "no"), "Result.failure")
    try roundTrips(event, "Event")

    let calendar = Calendar(name: "Work", start: at)
    expect(try Calendar(jsonBytes: calendar.jsonBytes()).name == "Work", "an object named Calendar through JSON")
    let history = UndoHistory()
    calendar.recordChanges(in: history)
    calendar.name = "Home"
    history.undo()
    expect(calendar.name == "Work", "Undo on an object named Calendar")
    let progress = Progress()
    progress.done = 3
    expect(progress.changedAttributes(from: Progress()) == [.done], "Diffing an object named Progress")
    print("ok - objects named Calendar and Progress")

    expect(event.with(title: "Landing").title == "Landing", "With")
    var builder = event.toBuilder()
    builder.title = "T"
    expect(try builder.build() == event.with(title: "T"), "Builder")
    expect(event.changedAttributes(from: event.with(name: String(text: "other"))) == [.name], "Diffing")
    expect(result.match(success: { $0 }, failure: { _ in 0 }, unknown: { _ in -1 }) == 7, "Matching")
    expect(event.description.hasPrefix("Event(when: Date(seconds: 12.5)"), "Description: \(event.description)")
    expect(Swift.Set([notification, notification]).count == 1, "Equality")
    do {
        _ = try Notification(jsonBytes: Swift.Array(#"{"count": 101, "title": "x", "at": "2024-05-01T12:00:00Z"}"#.utf8))
        expect(false, "Validation lets 101 through")
    } catch {}
    do {
        _ = try String(jsonBytes: Swift.Array(#"{"text": ""}"#.utf8))
        expect(false, "Validation lets an empty text through")
    } catch {}
    print("ok - With, Builder, Diffing, Matching, Description, Equality and Validation")
} catch {
    failures += 1
    print("FAIL: threw \(error)")
}

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
