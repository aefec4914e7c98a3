import Testing
import ValuegenCore

/// The exact `recordChanges(in:)` Undo generates, and where it may be included.
@Suite("Undo: recording an object's changes")
struct UndoFeatureTests {
    @Test func registersTheOldValueOfEveryAssignmentThroughTheDidChangeObservers() throws {
        let file = generate("Models/Prefs.object", "Prefs includes(Undo) {\n  theme: String\n  default: Int = 0\n}\n")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let contents = try #require(file.contents)
        #expect(contents.importLines == ["import Observation", "import ValuegenRuntime"])
        #expect(contents.markHeaders == ["Prefs: Observation", "Prefs: Description", "Prefs: Undo"])
        #expect(contents.featureSection("Prefs", "Undo") == """
            extension Prefs {
                /// Registers how to undo every assignment to this object's attributes with `registrar`: an
                /// `UndoHistory`, or on Apple platforms an `UndoManagerRegistrar`. Vetoed assignments are
                /// not registered. The registrar is kept until the token is passed to `removeObserver(_:)`;
                /// the object is not kept by what it registers.
                @discardableResult
                public func recordChanges(in registrar: any UndoRegistrar) -> ObserverToken {
                    onDidChange { [weak self] change in
                        switch change {
                        case .theme(let old, _):
                            registrar.registerUndo { self?.theme = old }
                        case .`default`(let old, _):
                            registrar.registerUndo { self?.`default` = old }
                        }
                    }
                }
            }
            """)
    }

    @Test func anObjectWithoutAttributesRecordsNothing() throws {
        let file = generate("Models/Blank.object", "Blank includes(Undo) {}\n")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics.map(\.description))")
        let section = try #require(file.contents?.featureSection("Blank", "Undo"))
        #expect(section.contains("        onDidChange { _ in }\n"), "\(section)")
    }

    @Test func needsObservation() {
        #expect(diagnostics("Models/Prefs.object", "Prefs includes(Undo) excludes(Observation) {\n  theme: String\n}\n").count == 1)
    }

    @Test func isOnlyForObjects() {
        let value = diagnostics("Models/User.value", "User includes(Undo) {\n  name: String\n}\n")
        #expect(value.count == 1 && value[0].contains("Undo"), "\(value)")
        let adt = diagnostics("Models/State.adtValue", "State includes(Undo) {\n  On\n}\n")
        #expect(adt.count == 1 && adt[0].contains("Undo"), "\(adt)")
    }
}
