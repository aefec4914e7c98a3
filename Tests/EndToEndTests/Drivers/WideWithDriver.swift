// Compiled with the generated code of WideWithCompileTests (as main.swift) and
// DriverChecks.swift with -warnings-as-errors, then run: every `with(…)` of types wide enough
// for the enum of replacements returns a copy with that one attribute replaced.

section("a wide value") {
    let value = Wide(replacement: 1, newValue: "a", default: true, init: 2, Type: 3, note: "n", tags: ["t"], scores: ["s": 1], count: 4, ratio: 0.5)
    check(value.with(replacement: 10) == Wide(replacement: 10, newValue: "a", default: true, init: 2, Type: 3, note: "n", tags: ["t"], scores: ["s": 1], count: 4, ratio: 0.5))
    check(value.with(newValue: "b") == Wide(replacement: 1, newValue: "b", default: true, init: 2, Type: 3, note: "n", tags: ["t"], scores: ["s": 1], count: 4, ratio: 0.5))
    check(value.with(default: false).default == false && value.with(default: false).with(default: true) == value)
    check(value.with(init: 20).`init` == 20 && value.with(Type: 30).`Type` == 30)
    check(value.with(note: nil).note == nil && value.with(note: nil).with(note: "n") == value)
    check(value.with(tags: []).tags.isEmpty && value.with(scores: [:]).scores.isEmpty)
    check(value.with(count: 40) == Wide(replacement: 1, newValue: "a", default: true, init: 2, Type: 3, note: "n", tags: ["t"], scores: ["s": 1], count: 40, ratio: 0.5))
    check(value.with(ratio: 2).ratio == 2 && value.with(ratio: 2).count == 4)
}

section("a wide value with indirect storage") {
    let value = Boxed(replacement: 1, newValue: "a", tags: [], scores: [:], count: 4, ratio: 0.5)
    let changed = value.with(newValue: "b")
    check(changed.newValue == "b" && value.newValue == "a", "the original keeps its box")
    check(changed == Boxed(replacement: 1, newValue: "b", tags: [], scores: [:], count: 4, ratio: 0.5))
}

section("a wide object") {
    let object = Live(replacement: 1, newValue: "a", tags: [], scores: [:], count: 4, ratio: 0.5)
    let copy = object.with(newValue: "b")
    check(copy !== object && copy.newValue == "b" && copy.count == 4 && copy.replacement == 1)
    copy.count = 7
    check(object.count == 4 && object.newValue == "a", "the original object is unchanged")
    let counted = object.with(count: 5)
    check(counted.count == 5 && counted.newValue == "a" && counted.ratio == 0.5)
}

section("a value of 300 attributes") {
    let huge = Huge()
    check(huge.with(a299: 7).a299 == 7 && huge.with(a299: 7).a0 == 0)
    check(huge.with(a0: 1).a0 == 1 && huge.with(a0: 1).a299 == 0)
    check(huge.with(a150: 2) == Huge(a150: 2))
}

finishChecks()
