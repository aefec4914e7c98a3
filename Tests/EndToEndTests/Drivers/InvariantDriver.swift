// Compiled with the generated code of InvariantCompileTests (as main.swift) and
// DriverChecks.swift, then run: every path that makes a value from outside (validate(),
// build(), JSON and Coding decoding) refuses one that breaks an invariant, and says where.
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
