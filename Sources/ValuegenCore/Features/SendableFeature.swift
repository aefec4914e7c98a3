import ValuegenPluginSDK

/// `Sendable` for values and ADTs whose every stored type is known to be `Sendable`.
/// By default it is left out quietly where it cannot be; `includes(Sendable)` on such a type
/// is an error naming the attribute in the way.
struct SendableFeature: Feature {
    let descriptor = FeatureDescriptor.builtIn("Sendable", defaultKinds: [.value, .adtValue], supportedKinds: [.value, .adtValue])

    func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        for type in request.types(including: descriptor.name) {
            let attributes = type.attributes + type.cases.flatMap(\.attributes)
            if let blocking = attributes.first(where: { !$0.type.isSendable && $0.type.isExistential }) {
                emitter.diagnose(.error, "'\(type.name)' cannot be Sendable: attribute '\(blocking.name)' has type '\(blocking.type.swift)', an existential that is not known to be Sendable; exclude Sendable", at: blocking.location)
                continue
            }
            if let blocking = attributes.first(where: { !$0.type.isSendable }) {
                emitter.diagnose(.error, "'\(type.name)' cannot be Sendable: attribute '\(blocking.name)' has type '\(blocking.type.swift)', which is not known to be Sendable; declare it with '%type name=\(blocking.type.wrapped) sendable=true' if it is, or exclude Sendable", at: blocking.location)
                continue
            }
            if let blocking = type.cases.first(where: { $0.singleValueType?.isSendable == false }), let single = blocking.singleValueType {
                emitter.diagnose(.error, "'\(type.name)' cannot be Sendable: subtype '\(blocking.subtypeName)' holds '\(single.swift)', which is not known to be Sendable", at: blocking.location)
                continue
            }
            emitter.emitDeclaration("extension \(type.name): Sendable {}", attachedTo: type.name)
        }
    }
}
