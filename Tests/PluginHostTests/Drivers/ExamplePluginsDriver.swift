// Compiled (as main.swift) with the code that the example plugins Fake and AttributeNames
// generated for ExamplePluginTests' schemas, then run: every check prints "ok - <name>" or
// "FAIL ...", and the program exits 1 when any check failed. valuegen.json gives Fake the
// option {"defaultSeed": 42}.
import Foundation

var failures = 0

@MainActor func check(_ condition: Bool, _ message: @autoclosure () -> String = "", line: Int = #line) {
    if !condition {
        failures += 1
        print("FAIL line \(line): \(message())")
    }
}

@MainActor func section(_ name: String, _ body: () -> Void) {
    let before = failures
    body()
    if failures == before {
        print("ok - \(name)")
    }
}

section("Fake: the same seed gives the same value, another seed another") {
    check(User.fake(seed: 3) == User.fake(seed: 3))
    check(User.fake(seed: 3) != User.fake(seed: 4))
    check(Sample.fake(seed: 3) == Sample.fake(seed: 3))
    check(Sample.fake(seed: 3) != Sample.fake(seed: -3))
    check(Shape.fake(seed: 7) == Shape.fake(seed: 7))
}

section("Fake: a copy of the messaging example's User") {
    let user = User.fake(seed: 3)
    check(user.nickname == "nickname-3", user.nickname)
    check(user.email == "email-3", user.email)
    check(user.userId.uuidString.hasSuffix("-0000-4000-8000-000000000003"), user.userId.uuidString)
    check(user.userId != User.fake(seed: 4).userId)
    check(user.createdAt == Date(timeIntervalSince1970: 1_700_000_000 + 3 * 86_400), "\(user.createdAt)")
    check(user.statusText == nil && user.imageUrl == nil && user.authToken == nil && user.mood == nil && user.blockedUserIds == nil)
    check(user.addresses.isEmpty && user.friends.isEmpty && user.reactionScores.isEmpty && user.interests.isEmpty)
    // Presence is declared in another file: Fake uses the attribute's default.
    check(user.presence == .offline, "\(user.presence)")
}

section("Fake: values made from the seed and the attribute") {
    let sample = Sample.fake(seed: 5)
    check(sample.count == 5)
    check(sample.small == 5)
    check(sample.big == 5)
    check(sample.ratio == 5.0)
    check(sample.weight == 5.0)
    check(sample.flag && !Sample.fake(seed: 4).flag)
    check(sample.title == "title-5", sample.title)
    check(sample.homepage == URL(string: "https://example.com/homepage/5"), "\(sample.homepage)")
    check(sample.createdAt == Date(timeIntervalSince1970: 1_700_000_000 + 5 * 86_400))
    check(sample.payload == Data("payload-5".utf8))
    check(sample.sampleId != sample.otherId, "two UUID attributes differ")
    check(sample.sampleId.uuidString.hasSuffix("-0000-4000-8000-000000000005"), sample.sampleId.uuidString)
    check(sample.tags.isEmpty && sample.labels.isEmpty && sample.scores.isEmpty)
    check(sample.note == nil)
    // A schema default does not replace a value Fake can make: Bool is made from the seed.
    check(sample.default)
    // A type of this file that includes Fake: its own fake(seed:).
    check(sample.point == Point.fake(seed: 5) && sample.point == Point(x: 5, y: 5), "\(sample.point)")
    // A type of another file, with a default: the default.
    check(sample.shape == .dot, "\(sample.shape)")
    // Seeds may be negative; fixed-width integers take the seed's low bits.
    check(Sample.fake(seed: -1).big == UInt64.max)
    check(Sample.fake(seed: -2).small == -2)
    check(Sample.fake(seed: -1).sampleId.uuidString.hasSuffix("-FFFF-4000-8000-FFFFFFFFFFFF"))
}

section("Fake: %fake value= replaces the value") {
    let sample = Sample.fake(seed: 5)
    check(sample.name == "Ada Lovelace", sample.name)
    check(sample.score == 50, "\(sample.score)")
    check(sample.nextShape == Shape.fake(seed: 6), "\(sample.nextShape)")
    check(Shape.fake(seed: 3) == .pinned(Point(x: 1, y: 2)), "\(Shape.fake(seed: 3))")
}

section("Fake: the seed chooses an ADT's case, in declaration order and around again") {
    check(Shape.fake(seed: 0) == .dot)
    check(Shape.fake(seed: 1) == .circle(radius: 1))
    check(Shape.fake(seed: 2) == .label("label-2"))
    check(Shape.fake(seed: 4) == .dot)
    check(Shape.fake(seed: -1) == .circle(radius: -1))
}

section("Fake: objects are new for every call, with the same attributes") {
    let room = Room.fake(seed: 2)
    check(room !== Room.fake(seed: 2))
    check(room.name == "name-2" && room.capacity == 2 && room.members.isEmpty)
}

section("Fake: the option defaultSeed from valuegen.json is fake()'s seed") {
    check(User.fake() == User.fake(seed: 42))
    check(Sample.fake().count == 42)
    check(Shape.fake() == .label("label-42"))
    check(Room.fake().capacity == 42)
}

section("AttributeNames: the attributes' names, in declaration order") {
    check(User.attributeNames == [
        "userId", "nickname", "statusText", "imageUrl", "email", "authToken", "presence", "addresses",
        "friends", "reactionScores", "interests", "blockedUserIds", "createdAt", "lastSeenCache", "mood",
    ], "\(User.attributeNames)")
    check(Room.attributeNames == ["name", "capacity", "members"], "\(Room.attributeNames)")
    check(Sample.attributeNames.count == 22 && Sample.attributeNames.last == "nextShape", "\(Sample.attributeNames)")
    check(Shape.attributeNames == ["dot", "circle", "label", "pinned"], "\(Shape.attributeNames)")
}

if failures == 0 {
    print("all checks passed")
} else {
    print("\(failures) checks failed")
    exit(1)
}
