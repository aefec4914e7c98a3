import ValuegenPluginSDK

/// Undo and redo for objects (RMModelObject's "automatic undo support"):
/// `recordChanges(in:)` registers, through the object's did-change observers, how to undo each
/// assignment with an `UndoRegistrar` of ValuegenRuntime — its `UndoHistory` on every
/// platform, or Foundation's `UndoManager` through `UndoManagerRegistrar` on Apple platforms.
///
/// It rides on Observation's change machinery rather than on the setters: a vetoed assignment
/// never reaches the did-change observers, so it is never recorded, and undoing assigns the
/// old value through the setter, so observers (and SwiftUI) see undo and redo like any change.
struct UndoFeature: Feature {
    static let name = "Undo"
    let descriptor = FeatureDescriptor.builtIn(Self.name, supportedKinds: [.object], implies: [ObservationFeature.name])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if !types.isEmpty {
            emitter.emitImport("ValuegenRuntime")
        }
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name)") { body in
                body.line("/// Registers how to undo every assignment to this object's attributes with `registrar`: an")
                body.line("/// `UndoHistory`, or on Apple platforms an `UndoManagerRegistrar`. Vetoed assignments are")
                body.line("/// not registered. The registrar is kept until the token is passed to `removeObserver(_:)`;")
                body.line("/// the object is not kept by what it registers.")
                body.line("@discardableResult")
                body.block("\(access)func recordChanges(in registrar: any \(StandardNames.name("UndoRegistrar"))) -> ObserverToken") { method in
                    method.recordingObserver(type)
                }
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    /// A did-change observer that registers, per attribute, the assignment of the old value.
    /// The object is held weakly, by the observer it stores and by what the registrar keeps;
    /// attributes are assigned as `self?.x`, so no attribute name is hidden by a local.
    mutating func recordingObserver(_ type: ModelType) {
        guard !type.attributes.isEmpty else {
            // No assignment can happen; `switch change {}` would be code that never runs.
            line("onDidChange { _ in }")
            return
        }
        line("onDidChange { [weak self] change in")
        indented { observer in
            observer.line("switch change {")
            for attribute in type.attributes {
                observer.line("case .\(attribute.swiftName)(let old, _):")
                observer.indented { branch in
                    branch.line("registrar.registerUndo { self?.\(attribute.swiftName) = old }")
                }
            }
            observer.line("}")
        }
        line("}")
    }
}
