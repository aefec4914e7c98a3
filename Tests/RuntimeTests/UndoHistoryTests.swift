import Testing
import ValuegenRuntime

/// `UndoHistory` on its own, with a tiny model that registers its changes the way generated
/// objects do: through `registerUndo`, assigning the old value, which registers again.
@Suite("UndoHistory: steps, groups, redo and the limit")
struct UndoHistoryTests {
    /// A variable that registers the undo of every assignment, as `recordChanges(in:)` does.
    final class Counter {
        let history: UndoHistory
        var value = 0 {
            didSet { history.registerUndo { [weak self, oldValue] in self?.value = oldValue } }
        }

        init(_ history: UndoHistory) {
            self.history = history
        }
    }

    @Test func undoesAndRedoesEachAssignmentAsOneStep() {
        let history = UndoHistory()
        let counter = Counter(history)
        #expect(!history.canUndo && !history.canRedo)
        counter.value = 1
        counter.value = 2
        #expect(history.undoCount == 2)
        history.undo()
        #expect(counter.value == 1)
        #expect(history.canRedo && history.redoCount == 1)
        history.undo()
        #expect(counter.value == 0)
        #expect(!history.canUndo)
        history.redo()
        history.redo()
        #expect(counter.value == 2)
        #expect(!history.canRedo && history.undoCount == 2)
    }

    @Test func aNewChangeClearsWhatCouldBeRedone() {
        let history = UndoHistory()
        let counter = Counter(history)
        counter.value = 1
        history.undo()
        #expect(history.canRedo)
        counter.value = 5
        #expect(!history.canRedo)
        history.undo()
        #expect(counter.value == 0)
    }

    @Test func aGroupIsOneStepUndoneNewestFirst() {
        let history = UndoHistory()
        let counter = Counter(history)
        history.group {
            counter.value = 1
            history.group { counter.value = 2 }
            counter.value = 3
        }
        #expect(history.undoCount == 1)
        history.undo()
        #expect(counter.value == 0)
        #expect(history.redoCount == 1)
        history.redo()
        #expect(counter.value == 3)
        #expect(history.undoCount == 1)
    }

    @Test func aGroupThatChangesNothingAddsNoStep() {
        let history = UndoHistory()
        let result = history.group { 42 }
        #expect(result == 42)
        #expect(!history.canUndo)
    }

    @Test func aGroupThatThrowsKeepsWhatItRegistered() {
        struct Failure: Error {}
        let history = UndoHistory()
        let counter = Counter(history)
        #expect(throws: Failure.self) {
            try history.group {
                counter.value = 7
                throw Failure()
            }
        }
        history.undo()
        #expect(counter.value == 0)
    }

    @Test func theLimitDropsTheOldestSteps() {
        let history = UndoHistory(limit: 2)
        let counter = Counter(history)
        for value in 1...5 {
            counter.value = value
        }
        #expect(history.undoCount == 2)
        history.undo()
        history.undo()
        history.undo()
        #expect(counter.value == 3)
        history.limit = 1
        #expect(history.redoCount == 1)
        history.limit = nil
        counter.value = 9
        counter.value = 10
        counter.value = 11
        #expect(history.undoCount == 3)
    }

    @Test func reportsWhetherItIsUndoingOrRedoing() {
        let history = UndoHistory()
        var seen: [String] = []
        history.registerUndo {
            seen.append("undo while undoing: \(history.isUndoing), redoing: \(history.isRedoing)")
            history.registerUndo {
                seen.append("redo while undoing: \(history.isUndoing), redoing: \(history.isRedoing)")
            }
        }
        history.undo()
        history.redo()
        #expect(seen == ["undo while undoing: true, redoing: false", "redo while undoing: false, redoing: true"])
        #expect(!history.isUndoing && !history.isRedoing)
    }

    @Test func anUndoThatRegistersNothingLeavesNothingToRedo() {
        let history = UndoHistory()
        history.registerUndo {}
        history.undo()
        #expect(!history.canUndo && !history.canRedo)
    }

    @Test func removeAllForgetsEveryStep() {
        let history = UndoHistory()
        let counter = Counter(history)
        counter.value = 1
        counter.value = 2
        history.undo()
        history.removeAll()
        #expect(!history.canUndo && !history.canRedo)
        history.undo()
        #expect(counter.value == 1)
    }
}
