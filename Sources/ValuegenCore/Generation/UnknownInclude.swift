import ValuegenPluginSDK

/// An include name that no built-in feature, loaded plugin or ignored Remodel name answers to.
/// A misspelling of a known name is an error with its "did you mean"; any other name is taken
/// for the include of a plugin valuegen cannot run (a Remodel JavaScript plugin, a third-party
/// library's plugin such as IGListKit's `IGListDiffable`): a warning, and the types generate
/// without it, as Remodel generates a type without the plugins that do not apply to it.
struct UnknownInclude {
    enum Verdict: Equatable {
        /// Close to a known name: the error's message.
        case misspelled(String)
        /// Another plugin's include: the warning's message.
        case skipped(String)
    }

    /// Include names of other code generators and libraries, what they add there, and the
    /// Valuegen feature that adds the nearest thing.
    static let ecosystemNames: [String: (adds: String, feature: String)] = [
        "IGListDiffable": ("IGListKit's diffIdentifier and isEqualToDiffableObject:", "Diffing"),
        "NSCoding": ("Foundation's encodeWithCoder: and initWithCoder:", "Coding"),
    ]

    /// What to say about `name`, an unknown include; `losing` says what generates without it
    /// ("'Post'", "every .value type"), and `subject` how the warning names it.
    static func verdict(for name: String, losing: String, subject: String? = nil, registry: FeatureRegistry) -> Verdict {
        let subject = subject ?? "unknown include '\(name)'"
        if let known = ecosystemNames[name], case .feature = registry.lookup(known.feature) {
            return .skipped("\(subject) is skipped: no feature or loaded plugin answers to it, so \(losing) is generated without \(known.adds); include Valuegen's '\(known.feature)' for the nearest equivalent")
        }
        if registry.closestInclude(to: name) != nil {
            return .misspelled(registry.unknownIncludeMessage(name))
        }
        return .skipped("\(subject) is skipped: no feature or loaded plugin answers to it, so \(losing) is generated without what it adds; if a Remodel plugin of the project adds it, rewrite that plugin as a valuegen plugin (docs/WritingPlugins.md) and name it in valuegen.json's 'plugins', or remove the name")
    }
}
