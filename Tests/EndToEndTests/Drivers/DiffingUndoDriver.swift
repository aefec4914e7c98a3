// Compiled with the generated code of DiffingUndoCompileTests' schemas (as main.swift) and
// DriverChecks.swift, then run: Diffing on values, ADTs and objects whose names could collide
// with what it generates, and Undo recording objects' changes in an UndoHistory.
import ValuegenRuntime

section("Diffing a value reports the attributes that differ, never a %skipEquality one") {
    let point = Point(x: 1, y: 2, label: "a")
    check(point.changedAttributes(from: point) == [])
    check(point.changedAttributes(from: Point(x: 1, y: 3, label: "b")) == [.y])
    check(Point(x: 0, y: 0).changedAttributes(from: point) == [.x, .y])
    check(Point.Attribute.allCases == [.x, .y])
}

section("Diffing names every attribute, keywords and generated names included") {
    let names = Names(default: 1, Type: 2, Set: 3, other: 4, changed: 5, new0: 7)
    check(names.changedAttributes(from: names).isEmpty)
    let changed = Names(default: 0, Type: 2, Set: 0, other: 0, changed: 0, new0: 0)
    check(names.changedAttributes(from: changed) == [.default, .Set, .other, .changed, .new0])
    check(Names.Attribute.allCases.count == 6)
}

section("Diffing an ADT tells a changed case from changed payload values") {
    let circle = Shape.circle(center: Point(x: 0, y: 0), radius: 1)
    check(circle.difference(from: circle) == .sameCase(changed: []))
    check(circle.difference(from: .circle(center: Point(x: 1, y: 0), radius: 2)) == .sameCase(changed: [.circleCenter, .circleRadius]))
    check(circle.difference(from: .tag(1)) == .caseChanged)
    check(Shape.tag(1).difference(from: .tag(2)) == .sameCase(changed: [.tagValue]))
    check(Shape.empty.difference(from: .empty) == .sameCase(changed: []))
    let rect = Shape.rect(origin: Point(x: 0, y: 0), size: 1, note: "a")
    check(rect.difference(from: .rect(origin: Point(x: 0, y: 0), size: 1, note: "b")) == .sameCase(changed: []))
    check(Shape.default(default: 1, new0: 2, old0: 3, changed: 4).difference(from: .default(default: 1, new0: 0, old0: 3, changed: 0)) == .sameCase(changed: [.defaultNew0, .defaultChanged]))
    check(Shape.Attribute.allCases.count == 9)
}

section("Diffing an object compares its current values") {
    let document = Document(title: "a")
    let copy = Document(title: "a")
    check(document.changedAttributes(from: copy) == [])
    copy.pageCount = 3
    copy.registrar = 1
    check(document.changedAttributes(from: copy) == [.pageCount, .registrar])
    check(Blank(note: "a").changedAttributes(from: Blank(note: "b")).isEmpty)
    check(Blank.Attribute.allCases.isEmpty)
}

section("Undo reverts each assignment and redo repeats it, through the observers") {
    let history = UndoHistory()
    let document = Document(title: "draft")
    document.recordChanges(in: history)
    var seen: [String] = []
    document.onDidChange { change in
        if case .title(let old, let new) = change { seen.append("\(old)→\(new)") }
    }
    document.title = "first"
    document.pageCount = 2
    check(history.undoCount == 2)
    history.undo()
    check(document.pageCount == 0 && document.title == "first")
    history.undo()
    check(document.title == "draft")
    check(!history.canUndo && history.canRedo)
    history.redo()
    check(document.title == "first")
    check(seen == ["draft→first", "first→draft", "draft→first"], "\(seen)")
}

section("A group of assignments is one step; a vetoed assignment is never recorded") {
    let history = UndoHistory()
    let document = Document(title: "draft")
    document.recordChanges(in: history)
    document.onWillChange { change in
        if case .old(_, let new) = change { return new >= 0 }
        return true
    }
    history.group {
        document.title = "grouped"
        document.default = 4
        document.old = -1
    }
    check(document.old == 0)
    check(history.undoCount == 1)
    history.undo()
    check(document.title == "draft" && document.default == 0)
    history.redo()
    check(document.title == "grouped" && document.default == 4)
}

section("The limit keeps the newest steps; removing the observer stops recording") {
    let history = UndoHistory(limit: 2)
    let document = Document()
    let token = document.recordChanges(in: history)
    for count in 1...4 {
        document.pageCount = count
    }
    check(history.undoCount == 2)
    history.undo()
    history.undo()
    check(document.pageCount == 2)
    document.removeObserver(token)
    document.pageCount = 9
    check(!history.canUndo && history.canRedo)
}

section("The history does not keep an object alive") {
    let history = UndoHistory()
    weak var gone: Document?
    do {
        let document = Document()
        gone = document
        document.recordChanges(in: history)
        document.title = "x"
    }
    check(gone == nil)
    history.undo()
    check(!history.canRedo)
}

finishChecks()
