// Compiled with the generated code of EmptyObjectCompileTests (as main.swift) and
// DriverChecks.swift with -warnings-as-errors, then run: an object without attributes, with
// Observation, Undo and Diffing, compiles without a warning and works.
import ValuegenRuntime

section("an object without attributes") {
    let empty = Empty()
    let history = UndoHistory()
    empty.recordChanges(in: history)
    let token = empty.onDidChange { _ in }
    empty.removeObserver(token)
    check(!history.canUndo, "nothing to undo")
    check(empty.changedAttributes(from: Empty()).isEmpty, "no attribute changed")
    check(empty.description == "Empty()", empty.description)
}

finishChecks()
