import ValuegenPluginSDK

/// `Sendable` for values and ADTs whose every stored type is known to be `Sendable`.
/// By default it is left out quietly where it cannot be; `includes(Sendable)` on such a type
/// is an error naming the attribute in the way.
struct SendableFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Sendable", defaultKinds: [.value, .adtValue], supportedKinds: [.value, .adtValue])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        for type in request.types(including: descriptor.name) {
            if let blocking = type.storedValues.first(where: { !$0.type.isSendable }) {
                let isPlainName = SwiftLanguage.isIdentifier(blocking.type.wrapped)
                let remedy = blocking.type.swift.contains("->")
                    ? "a closure, which is not known to be Sendable; exclude Sendable"
                    : blocking.type.containsExistential
                    ? "which holds an existential that is not known to be Sendable; exclude Sendable"
                    : isPlainName
                        ? "which is not known to be Sendable; declare it with '%type name=\(blocking.type.wrapped) sendable=true' if it is, or exclude Sendable"
                        : "which holds a type not known to be Sendable; declare the types it holds with '%type name=... sendable=true' if they are, or exclude Sendable"
                emitter.diagnose(.error, "'\(type.name)' cannot be Sendable: \(blocking.description) has type '\(blocking.type.swift)', \(remedy)", at: blocking.location)
                continue
            }
            emitter.emitDeclaration("extension \(type.name): \(StandardNames.name("Sendable")) {}", attachedTo: type.name)
        }
    }
}
