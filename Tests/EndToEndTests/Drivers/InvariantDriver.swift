// Compiled with the generated code of InvariantCompileTests (as main.swift) and
// DriverChecks.swift, then run: every path that makes a value from outside (validate(),
// build(), JSON, Coding, Binary and Dictionary decoding, Persistence's load in each format)
// refuses one that breaks an invariant — a value's or an ADT case's — and says where.
import Foundation
import ValuegenRuntime

/// The `%check with=refuseRoot` of User: a rule across attributes, written in Swift.
struct RootRefused: Error {}

extension User {
    static func refuseRoot(_ value: User) throws {
        if value.name == "root" && value.age < 18 {
            throw RootRefused()
        }
    }
}

/// The `%check with=refuseHuge` of Shape, across the cases.
struct HugeShape: Error {}

extension Shape {
    static func refuseHuge(_ value: Shape) throws {
        if case .circle(let radius, _) = value, radius > 1000 {
            throw HugeShape()
        }
    }
}

/// The `%check with=refuseBlank` of Mark: a case without payload only a check can refuse.
struct BlankRefused: Error {}

extension Mark {
    static func refuseBlank(_ value: Mark) throws {
        if value == .blank {
            throw BlankRefused()
        }
    }
}

/// The message `validate()` throws for the user, or "valid".
func violation(_ user: User) -> String {
    do {
        try user.validate()
        return "valid"
    } catch {
        return "\(error)"
    }
}

let good = User(age: 30, name: "ann", email: "ann@example.org", score: 1, tags: [])

section("validate() names the type, the attribute and the rule") {
    check(violation(good) == "valid", violation(good))
    check(violation(good.with(age: 130)) == "User.age: 130 is above the maximum 120", violation(good.with(age: 130)))
    check(violation(good.with(age: -1)) == "User.age: -1 is below the minimum 0", violation(good.with(age: -1)))
    check(violation(good.with(name: "")) == "User.name: is empty", violation(good.with(name: "")))
    check(violation(good.with(name: "abcdefghijk")) == "User.name: length 11 is above the maximum 10", violation(good.with(name: "abcdefghijk")))
    // Characters, not bytes: ten two-byte Characters fit, one Character of three bytes does not.
    check(violation(good.with(name: String(repeating: "é", count: 10))) == "valid", violation(good.with(name: String(repeating: "é", count: 10))))
    check(violation(good.with(name: "e\u{301}")) == "User.name: length 1 is below the minimum 2", violation(good.with(name: "e\u{301}")))
    check(violation(good.with(name: "ab")) == "valid", violation(good.with(name: "ab")))
    check(violation(good.with(email: "ann")) == #"User.email: "ann" does not match the pattern "[a-z]+@[a-z]+\.[a-z]+""#, violation(good.with(email: "ann")))
    check(violation(good.with(email: "x ann@example.org")) != "valid", "the whole string must match")
    check(violation(good.with(email: nil)) == "valid", "a nil optional is not checked")
    check(violation(good.with(score: 0.25)) == "User.score: 0.25 is below the minimum 0.5", violation(good.with(score: 0.25)))
    check(violation(good.with(tags: ["a", "b", "c"])) == "User.tags: length 3 is above the maximum 2", violation(good.with(tags: ["a", "b", "c"])))
    check(violation(User(age: 5, name: "root", email: nil)) == "RootRefused()", violation(User(age: 5, name: "root", email: nil)))
    check((try? good.with(age: 130).validate()) == nil, "throws")
    do {
        try good.with(age: 200).validate()
    } catch let error as User.ValidationError {
        check(error == User.ValidationError(typeName: "User", attributeName: "age", message: "200 is above the maximum 120"), "\(error)")
    }
}

section("objects validate too") {
    check((try? Account(level: 3).validate()) != nil, "in range")
    check(throwsMessage { try Account(level: 11).validate() } == "Account.level: 11 is above the maximum 10", "above")
}

section("build() refuses what validate() refuses") {
    var builder = User.builder()
    builder.age = 130
    builder.name = "ann"
    check(throwsMessage { _ = try builder.build() } == "User.age: 130 is above the maximum 120", "build")
    builder.age = 30
    check((try? builder.build()) == good.with(email: nil), "a valid value is built")
}

section("the JSON decoder refuses, at the object's path") {
    let valid = #"{"members": [{"age": 30, "name": "ann"}]}"#
    check((try? Team(jsonData: Data(valid.utf8))) != nil, "valid")
    let invalid = #"{"members": [{"age": 30, "name": "ann"}, {"age": 130, "name": "bob"}]}"#
    do {
        _ = try Team(jsonData: Data(invalid.utf8))
        check(false, "decoded a broken member")
    } catch let error as JSONError {
        check(error.message == "User.age: 130 is above the maximum 120", error.message)
        check(error.pathDescription == "$.members[1]", error.pathDescription)
    }
}

section("the Coding decoder refuses, at the object's coding path") {
    let invalid = #"{"members": [{"age": 30, "name": "ann"}, {"age": 30, "name": ""}]}"#
    do {
        _ = try JSONDecoder().decode(Team.self, from: Data(invalid.utf8))
        check(false, "decoded a broken member")
    } catch DecodingError.dataCorrupted(let context) {
        check(context.debugDescription == "User.name: is empty", context.debugDescription)
        check(context.codingPath.map(\.stringValue) == ["members", "Index 1"], "\(context.codingPath.map(\.stringValue))")
        check(context.underlyingError is User.ValidationError, "the underlying error")
    }
}

let brokenTeam = Team(members: [good, good.with(age: 130)])

section("the Binary decoder refuses, at the value's field path") {
    check((try? Team(binaryData: Data(Team(members: [good]).binaryBytes()))) == Team(members: [good]), "valid")
    let error = refusal(BinaryError.self) { _ = try Team(binaryData: Data(brokenTeam.binaryBytes())) }
    check(error?.message == "User.age: 130 is above the maximum 120", "\(String(describing: error))")
    // Field 1 of Team (members), its element 1.
    check(error?.pathDescription == "$.1.1", "\(String(describing: error?.pathDescription))")
}

section("the Dictionary decoder refuses, at the value's key path") {
    check((try? Team(dictionary: Team(members: [good]).dictionaryRepresentation)) == Team(members: [good]), "valid")
    let error = refusal(DictionaryError.self) { _ = try Team(dictionary: brokenTeam.dictionaryRepresentation) }
    check(error?.description == "$.members[1]: User.age: 130 is above the maximum 120", "\(String(describing: error))")
}

section("Persistence's load refuses in every format") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("InvariantDriver-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for format in PersistenceFormat.allCases {
        let file = folder.appendingPathComponent("team.\(format.rawValue)")
        try Team(members: [good]).save(to: file, format: format)
        check((try? Team.load(from: file)) == Team(members: [good]), "\(format) valid")
        // save(to:) writes what it is given; load(from:) decodes, and so validates.
        try brokenTeam.save(to: file, format: format)
        let error = refusal(PersistenceError.self) { _ = try Team.load(from: file) }
        check(error?.message.contains("User.age: 130 is above the maximum 120") == true, "\(format): \(String(describing: error))")
    }
}

section("an ADT's validate() names the type, the case, the attribute and the rule") {
    check((try? Shape.circle(radius: 1, label: "a").validate()) != nil, "valid")
    check((try? Shape.empty.validate()) != nil, "a case without rules")
    check(throwsMessage { try Shape.circle(radius: -1, label: nil).validate() } == "Shape.circle.radius: -1.0 is below the minimum 0", "range")
    check(throwsMessage { try Shape.circle(radius: 1, label: "").validate() } == "Shape.circle.label: is empty", "nonEmpty")
    check(throwsMessage { try Shape.square(name: "ab", side: 1).validate() } == #"Shape.square.name: "ab" does not match the pattern "[A-Z][a-z]*""#, "pattern")
    check((try? Shape.square(name: "Ab", side: 1).validate()) != nil, "pattern matched")
    check(throwsMessage { try Shape.circle(radius: 2000, label: nil).validate() } == "HugeShape()", "%check")
    let error = refusal(Shape.ValidationError.self) { try Shape.circle(radius: -2, label: nil).validate() }
    check(error == Shape.ValidationError(typeName: "Shape", caseName: "circle", attributeName: "radius", message: "-2.0 is below the minimum 0"), "\(String(describing: error))")
}

section("every decoder refuses a broken ADT case, at its path") {
    let broken = Team(members: [], shapes: [.empty, .circle(radius: -1, label: nil)])
    let message = "Shape.circle.radius: -1.0 is below the minimum 0"
    let json = refusal(JSONError.self) { _ = try Team(jsonData: Data(broken.jsonBytes())) }
    check(json?.message == message && json?.pathDescription == "$.shapes[1]", "JSON: \(String(describing: json))")
    let binary = refusal(BinaryError.self) { _ = try Team(binaryData: Data(broken.binaryBytes())) }
    check(binary?.message == message && binary?.pathDescription == "$.2.1", "Binary: \(String(describing: binary))")
    let dictionary = refusal(DictionaryError.self) { _ = try Team(dictionary: broken.dictionaryRepresentation) }
    check(dictionary?.description == "$.shapes[1]: " + message, "Dictionary: \(String(describing: dictionary))")
    do {
        _ = try JSONDecoder().decode(Team.self, from: Data(broken.jsonBytes()))
        check(false, "Coding decoded a broken case")
    } catch DecodingError.dataCorrupted(let context) {
        check(context.debugDescription == message, context.debugDescription)
        check(context.codingPath.map(\.stringValue) == ["shapes", "Index 1"], "\(context.codingPath.map(\.stringValue))")
    }
    let valid = Team(members: [], shapes: [.empty, .square(name: "Ab", side: 2)])
    check((try? Team(jsonData: Data(valid.jsonBytes()))) == valid, "JSON valid")
    check((try? Team(binaryData: Data(valid.binaryBytes()))) == valid, "Binary valid")
    check((try? Team(dictionary: valid.dictionaryRepresentation)) == valid, "Dictionary valid")
    check((try? JSONDecoder().decode(Team.self, from: Data(valid.jsonBytes()))) == valid, "Coding valid")
}

section("a case read from its bare tag is checked by %check") {
    // Externally tagged: `"blank"`, not an object.
    check(throwsMessage { _ = try Mark(jsonData: Data(#""blank""#.utf8)) } == "BlankRefused() at byte 7 ($)", "JSON")
    check(throwsMessage { _ = try Mark(propertyListValue: "blank") } == "$: BlankRefused()", "Dictionary")
    check(throwsMessage { _ = try Mark(binaryData: Data(Mark.blank.binaryBytes())) }.hasPrefix("BlankRefused() at byte"), "Binary")
    check(refusal(DecodingError.self) { _ = try JSONDecoder().decode(Mark.self, from: Data(#""blank""#.utf8)) } != nil, "Coding")
    check(throwsMessage { _ = try Mark(jsonData: Data(#"{"dot": {"size": 10}}"#.utf8)) }.hasPrefix("Mark.dot.size: 10 is above the maximum 9 at byte"), "a payload")
    check((try? Mark(jsonData: Data(#"{"dot": {"size": 9}}"#.utf8))) == .dot(size: 9), "valid")
}

section("attributes named Swift, Foundation and DecodingError are checked like any") {
    check(throwsMessage { try Odd(Swift: 1, Foundation: "b", DecodingError: "x").validate() } == #"Odd.Foundation: "b" does not match the pattern "a+""#, "pattern")
    let broken = Odd(Swift: -1, Foundation: "a", DecodingError: "x")
    check(refusal(DecodingError.self) { _ = try JSONDecoder().decode(Odd.self, from: Data(broken.jsonBytes())) } != nil, "Coding")
}

/// What `body` throws when it is an `E`; nil when it throws nothing (or something else).
func refusal<E: Error>(_ type: E.Type, _ body: () throws -> Void) -> E? {
    do {
        try body()
        return nil
    } catch {
        return error as? E
    }
}

/// The description of what `body` throws, or "no error".
func throwsMessage(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch {
        return "\(error)"
    }
}

finishChecks()
