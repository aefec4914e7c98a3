/// Where an object with the Undo feature registers how to undo each assignment to its
/// attributes: an ``UndoHistory``, or on Apple platforms Foundation's `UndoManager` through
/// ``UndoManagerRegistrar``.
///
/// A registrar follows `UndoManager`'s model: what is registered while it undoes is the redo
/// of what it undid, what is registered while it redoes is undoable again, and anything else
/// is a new step that clears what could be redone.
public protocol UndoRegistrar: AnyObject {
    /// Registers the closure that undoes one change. Undoing calls it, and the changes it makes
    /// register their own undo, which becomes the redo.
    func registerUndo(_ undo: @escaping () -> Void)
}
