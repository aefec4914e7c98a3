import ValuegenPluginSDK

/// Every ADT representation the built-in features print, as an exhaustive enumeration: the SDK's
/// ``ADTCoding/Form`` is an open set (plugins switch over it with a `default`), but the printers
/// here must handle each form, so a form added to the SDK and listed here breaks every `switch`
/// that does not print it yet.
enum KnownADTForm {
    case string
    case internallyTagged
    case externallyTagged
    case adjacentlyTagged
    case untagged
}

extension ADTCoding {
    /// ``form`` as a ``KnownADTForm``; the resolver only makes forms the SDK lists.
    var knownForm: KnownADTForm {
        switch form {
        case .string: return .string
        case .internallyTagged: return .internallyTagged
        case .externallyTagged: return .externallyTagged
        case .adjacentlyTagged: return .adjacentlyTagged
        case .untagged: return .untagged
        default: preconditionFailure("the resolver made the ADT form '\(form)', which no built-in feature prints")
        }
    }
}
