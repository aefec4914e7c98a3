#if canImport(ObjectiveC)
import Foundation

/// Registers an object's changes with Foundation's `UndoManager`, which an app passes in (a
/// window's, a document's, SwiftUI's `@Environment(\.undoManager)`): the Edit menu's Undo and
/// Redo then revert and repeat assignments to the object's attributes.
///
/// `UndoManager` belongs to the main actor, so the object must be changed on the main actor
/// while it records here; a change from elsewhere stops the program. The registrar keeps the
/// undo manager weakly: once it is gone, changes are no longer registered.
public final class UndoManagerRegistrar: UndoRegistrar {
    private weak var undoManager: UndoManager?

    /// A registrar for `undoManager`.
    @MainActor
    public init(_ undoManager: UndoManager) {
        self.undoManager = undoManager
    }

    public func registerUndo(_ undo: @escaping () -> Void) {
        // The change observers call this synchronously from the setter; UndoManager keeps the
        // closure and calls it on the main actor, where the assignment was made.
        guard let undoManager else { return }
        nonisolated(unsafe) let undo = undo
        MainActor.assumeIsolated {
            // The undo manager is its own target: it keeps targets unowned, and lives as long.
            undoManager.registerUndo(withTarget: undoManager) { _ in undo() }
        }
    }
}
#endif
