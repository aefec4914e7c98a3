import Foundation
import Models

// Uses the code Valuegen generated at build time and prints what it did.

let profile = Profile.sample
print("sample: \(profile)")
print("renamed: \(profile.with(nickname: "grace").displayName)")

var builder = Profile.builder()
builder.userId = 1
do {
    _ = try builder.build()
} catch {
    print("builder: \(error)")
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let json = String(decoding: try encoder.encode(profile.with(avatarUrl: URL(string: "https://example.com/a.png"))), as: UTF8.self)
print("json: \(json)")

let legacy = LegacyProfile(userId: 1, nickname: "ada", avatarUrl: nil, tags: ["x"])
print("legacy: \(legacy) equal to itself: \(legacy == legacy)")

let shapes: [Shape] = [.circle(radius: 1), .dot(2), .empty]
print("shapes: \(String(decoding: try encoder.encode(shapes), as: UTF8.self))")

let thread = Note.reply(reply: Reply(author: "grace", quoted: .text(body: "hi")))
print("thread: \(String(decoding: try encoder.encode(thread), as: UTF8.self))")

/// Takes a model of any type that includes Sample, whichever schema file declares it:
/// `HasSample` is declared once for the module, in ValuegenModuleSupport.swift.
func describeSample(like model: any HasSample) -> String {
    let sample: any HasSample = type(of: model).sample
    return "\(type(of: model)).sample is \(sample)"
}
print("has sample: \(describeSample(like: profile.with(nickname: "grace")))")
print("has sample: \(describeSample(like: Reply(author: "ada", quoted: .text(body: "hello"))))")
// SampleCatalog.swift is the Sample plugin's module file: one list from every schema file.
print("catalog: \(SampleCatalog.all.map { "\(type(of: $0))" }.joined(separator: ", "))")

let counter = Counter()
counter.onWillChange { change in
    if case .value(_, let new) = change { return new >= 0 }
    return true
}
counter.onDidChange { change in print("changed: \(change)") }
counter.value = 2
counter.value = -1
print("counter: \(counter.value)")
