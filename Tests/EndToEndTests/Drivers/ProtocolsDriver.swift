// Runs the models of ProtocolsCompileTests: protocols declared in an ADT's file and beside a
// value, adopted across files by a value with indirect storage and by an object.
import Dispatch
import Foundation
import ValuegenRuntime

func totalSize(_ items: [any Sized]) -> Int {
    items.reduce(0) { $0 + $1.size }
}

func labels<T: Labelled>(_ items: [T]) -> [String] {
    items.map(\.label)
}

section("A value with indirect storage adopts protocols of two files") {
    let box = Box(size: 2, contents: ["a"])
    check(box.label == "box", "the restated attribute's own default")
    check(box.timeout == nil)
    let bigger = box.with(size: 5).with(timeout: .seconds(3))
    check(bigger.size == 5 && bigger.timeout == .seconds(3) && box.size == 2)
    check(labels([box, bigger.with(label: "b")]) == ["box", "b"])
    check(box.description == "Box(size: 2, timeout: nil, label: \"box\", contents: [\"a\"])", box.description)
}

section("The protocol's rule holds in every adopting type") {
    check((try? Box(size: -1).validate()) == nil)
    var builder = Box.builder()
    builder.size = -1
    check((try? builder.build()) == nil)
    builder.size = 1
    check(try builder.build().size == 1)
    check((try? Crate(label: "c", size: -2).validate()) == nil)
}

section("An object adopts them too: generic code, diffing, undo") {
    let crate = Crate(label: "c", size: 1)
    check(totalSize([crate, Box(size: 2)]) == 3)
    let history = UndoHistory(limit: 5)
    crate.recordChanges(in: history)
    crate.size = 4
    crate.timeout = .never
    check(crate.changedAttributes(from: Crate(label: "c", size: 1)) == [.size, .timeout])
    history.undo()
    history.undo()
    check(crate.size == 1 && crate.timeout == nil)
    let shape = Shape.circle(radius: 1)
    check(shape == .circle(radius: 1))
}

finishChecks()
