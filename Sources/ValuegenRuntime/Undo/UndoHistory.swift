/// An undo and redo history for objects with the Undo feature, on every platform (Foundation's
/// `UndoManager` exists only on Apple platforms).
///
/// An object records into it with `recordChanges(in:)`; every assignment that is not vetoed
/// becomes one step, or part of the step of the enclosing ``group(_:)``. ``undo()`` assigns the
/// old values again, through the objects' setters and so through their change observers, and
/// those assignments become the step ``redo()`` performs.
///
/// The history does not keep objects alive: undoing a change of an object that is gone does
/// nothing. It is not `Sendable`: use it, and the objects recording into it, from one
/// isolation domain (the main actor, in an app).
public final class UndoHistory: UndoRegistrar {
    /// One undo or redo step: the closures that revert its changes, in the order registered.
    private typealias Step = [() -> Void]

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The step that `group(_:)`, `undo()` or `redo()` is collecting; nil outside them.
    private var openStep: Step?
    private var groupDepth = 0

    /// The most steps kept for undo, and for redo; the oldest goes first. Nil keeps every step.
    public var limit: Int? {
        didSet {
            precondition(limit.map { $0 >= 0 } ?? true, "an UndoHistory's limit cannot be negative")
            trim()
        }
    }

    /// Whether ``undo()`` is running: what is registered now is the redo of the step it undoes.
    public private(set) var isUndoing = false
    /// Whether ``redo()`` is running: what is registered now is undoable again.
    public private(set) var isRedoing = false

    /// An empty history that keeps at most `limit` steps for undo and for redo (nil: all).
    public init(limit: Int? = nil) {
        precondition(limit.map { $0 >= 0 } ?? true, "an UndoHistory's limit cannot be negative")
        self.limit = limit
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }

    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// The number of steps that can be undone.
    public var undoCount: Int { undoSteps.count }

    /// The number of steps that can be redone.
    public var redoCount: Int { redoSteps.count }

    public func registerUndo(_ undo: @escaping () -> Void) {
        if openStep != nil {
            openStep!.append(undo)
            return
        }
        push([undo], onto: &undoSteps)
        redoSteps.removeAll()
    }

    /// Runs `body` and makes every change it registers one step, undone and redone together.
    /// Groups nest: an inner group is part of the outer one's step. A group that registers
    /// nothing adds no step.
    public func group<Result>(_ body: () throws -> Result) rethrows -> Result {
        precondition(!isUndoing && !isRedoing, "UndoHistory.group(_:) cannot be called while undoing or redoing")
        if groupDepth == 0 {
            openStep = []
        }
        groupDepth += 1
        defer {
            groupDepth -= 1
            if groupDepth == 0, let step = openStep {
                openStep = nil
                if !step.isEmpty {
                    push(step, onto: &undoSteps)
                    redoSteps.removeAll()
                }
            }
        }
        return try body()
    }

    /// Undoes the last step: its changes are reverted newest first, and what reverting them
    /// registers becomes the step ``redo()`` performs. Does nothing when there is nothing to
    /// undo. Not allowed inside ``group(_:)``.
    public func undo() {
        precondition(groupDepth == 0, "UndoHistory.undo() cannot be called inside group(_:)")
        guard let step = undoSteps.popLast() else { return }
        isUndoing = true
        let redo = perform(step)
        isUndoing = false
        if !redo.isEmpty {
            push(redo, onto: &redoSteps)
        }
    }

    /// Redoes the step undone last, which becomes undoable again. Does nothing when there is
    /// nothing to redo. Not allowed inside ``group(_:)``.
    public func redo() {
        precondition(groupDepth == 0, "UndoHistory.redo() cannot be called inside group(_:)")
        guard let step = redoSteps.popLast() else { return }
        isRedoing = true
        let undo = perform(step)
        isRedoing = false
        if !undo.isEmpty {
            push(undo, onto: &undoSteps)
        }
    }

    /// Forgets every step.
    public func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
    }

    /// Calls the step's closures newest first and returns what they registered.
    private func perform(_ step: Step) -> Step {
        openStep = []
        for revert in step.reversed() {
            revert()
        }
        defer { openStep = nil }
        return openStep!
    }

    private func push(_ step: Step, onto steps: inout [Step]) {
        steps.append(step)
        if let limit, steps.count > limit {
            steps.removeFirst(steps.count - limit)
        }
    }

    private func trim() {
        guard let limit else { return }
        if undoSteps.count > limit {
            undoSteps.removeFirst(undoSteps.count - limit)
        }
        if redoSteps.count > limit {
            redoSteps.removeFirst(redoSteps.count - limit)
        }
    }
}
