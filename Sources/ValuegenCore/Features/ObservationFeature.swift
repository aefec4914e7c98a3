import ValuegenPluginSDK

/// Makes an object observable twice over: `Observation.Observable` for SwiftUI and
/// `withObservationTracking`, and RMModelObject's change callbacks, where a will-change
/// observer can veto an assignment.
struct ObservationFeature: Feature {
    static let name = "Observation"
    let descriptor = FeatureDescriptor.builtIn(Self.name, defaultKinds: [.object], supportedKinds: [.object])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        let access = request.accessLevel.modifier
        let types = request.types(including: descriptor.name)
        if !types.isEmpty {
            emitter.emitImport("Observation")
        }
        for type in types {
            var printer = CodePrinter()
            printer.block("extension \(type.name): \(StandardNames.name("Observable"))") { body in
                body.line("/// One assignment to an attribute: its value before and after.")
                if type.attributes.isEmpty {
                    body.line("\(access)enum Change {}")
                } else {
                    body.block("\(access)enum Change") { change in
                        for attribute in type.attributes {
                            change.line("case \(attribute.swiftName)(old: \(attribute.type.swift), new: \(attribute.type.swift))")
                        }
                    }
                }
                body.line()
                body.line("/// Identifies an observer added with `onWillChange(_:)` or `onDidChange(_:)`.")
                body.block("\(access)struct ObserverToken: \(StandardNames.name("Hashable")), \(StandardNames.name("Sendable"))") { token in
                    token.line("fileprivate let id: \(StandardNames.name("Int"))")
                }
                body.line()
                body.line("/// Calls `body` before every assignment; returning `false` vetoes it and the attribute keeps its value.")
                body.line("@discardableResult")
                body.block("\(access)func onWillChange(_ body: @escaping (Change) -> \(StandardNames.name("Bool"))) -> ObserverToken") { method in
                    method.line("_changeObservers.add(willChange: body)")
                }
                body.line()
                body.line("/// Calls `body` after every assignment that was not vetoed.")
                body.line("@discardableResult")
                body.block("\(access)func onDidChange(_ body: @escaping (Change) -> \(StandardNames.name("Void"))) -> ObserverToken") { method in
                    method.line("_changeObservers.add(didChange: body)")
                }
                body.line()
                body.line("/// Stops calling the observer the token identifies.")
                body.block("\(access)func removeObserver(_ token: ObserverToken)") { method in
                    method.line("_changeObservers.remove(token)")
                }
                body.line()
                body.changeObserversType(notifying: !type.attributes.isEmpty)
            }
            emitter.emitDeclaration(printer.text, attachedTo: type.name)
        }
    }
}

private extension CodePrinter {
    /// `notifying`: the object has attributes, whose setters call `allowsChange` and
    /// `didChange`. Without any, `Change` has no case, and a function taking one would be code
    /// that is never executed (a warning in every build).
    mutating func changeObserversType(notifying: Bool) {
        line("/// The change observers of one object. Observers may add or remove observers while")
        line("/// being called; they see the list as it was when the change began.")
        block("final class ChangeObservers") { type in
            type.line("private var nextID = 0")
            type.line("private var willChange: [(id: \(StandardNames.name("Int")), body: (Change) -> \(StandardNames.name("Bool")))] = []")
            type.line("private var didChange: [(id: \(StandardNames.name("Int")), body: (Change) -> \(StandardNames.name("Void")))] = []")
            type.line()
            type.block("func add(willChange body: @escaping (Change) -> \(StandardNames.name("Bool"))) -> ObserverToken") { method in
                method.line("nextID += 1")
                method.line("willChange.append((nextID, body))")
                method.line("return ObserverToken(id: nextID)")
            }
            type.line()
            type.block("func add(didChange body: @escaping (Change) -> \(StandardNames.name("Void"))) -> ObserverToken") { method in
                method.line("nextID += 1")
                method.line("didChange.append((nextID, body))")
                method.line("return ObserverToken(id: nextID)")
            }
            type.line()
            type.block("func remove(_ token: ObserverToken)") { method in
                method.line("willChange.removeAll { $0.id == token.id }")
                method.line("didChange.removeAll { $0.id == token.id }")
            }
            guard notifying else { return }
            type.line()
            type.block("func allowsChange(_ change: Change) -> \(StandardNames.name("Bool"))") { method in
                method.line("let observers = willChange")
                method.line("return observers.allSatisfy { $0.body(change) }")
            }
            type.line()
            type.block("func didChange(_ change: Change)") { method in
                method.line("let observers = didChange")
                method.block("for observer in observers") { loop in
                    loop.line("observer.body(change)")
                }
            }
        }
    }
}
