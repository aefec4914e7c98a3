// Compiled with the generated code of IndirectStorageCompileTests (as main.swift) and
// DriverChecks.swift, then run: a value with `%storage indirect` behaves exactly as its
// inline twin — the same initializer, ==, hashing, description, With, Builder, and the same
// bytes through Coding, JSON and Binary.
import Foundation
import ValuegenRuntime

let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return encoder
}()

let inline = Inline(id: 7, name: "seven", tags: ["a", "b"], default: true, note: nil, nested: Part(size: 3))
let boxed = Boxed(id: 7, name: "seven", tags: ["a", "b"], default: true, note: nil, nested: Part(size: 3))

section("the same bytes through every coding feature") {
    check(boxed.jsonData() == inline.jsonData(), String(decoding: boxed.jsonData(), as: UTF8.self))
    check(try encoder.encode(boxed) == encoder.encode(inline), "Coding")
    check(boxed.binaryData() == inline.binaryData(), "Binary")
    check(try Boxed(jsonData: inline.jsonData()) == boxed, "reads the inline twin's JSON")
    check(try JSONDecoder().decode(Boxed.self, from: encoder.encode(inline)) == boxed, "reads the inline twin's Coding")
    check(try Boxed(binaryData: inline.binaryData()) == boxed, "reads the inline twin's Binary")
}

section("equality, hashing and description as inline") {
    let other = Boxed(id: 7, name: "seven", tags: ["a", "b"], default: true, note: nil, nested: Part(size: 3))
    check(boxed == other, "equal values in different boxes")
    check(boxed.hashValue == other.hashValue, "equal hashes")
    check(boxed.hashValue == inline.hashValue, "the inline twin's hash: the same attributes in the same order")
    check(boxed != boxed.with(note: "n"), "a changed attribute")
    check(Set([boxed, other, boxed.with(id: 8)]).count == 2, "in a set")
    check(boxed.description == inline.description.replacingOccurrences(of: "Inline(", with: "Boxed("), boxed.description)
}

section("with and the builder copy on write") {
    let copy = boxed
    let renamed = copy.with(name: "eight")
    check(renamed.name == "eight" && renamed.id == 7 && renamed.tags == ["a", "b"], "\(renamed)")
    check(copy.name == "seven" && boxed.name == "seven", "the original keeps its value")
    var builder = boxed.toBuilder()
    builder.note = "built"
    let built = try builder.build()
    check(built.note == "built" && built.nested == Part(size: 3), "\(built)")
    check(boxed.note == nil, "the builder's value is its own")
}

finishChecks()
