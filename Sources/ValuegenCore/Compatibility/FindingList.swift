import ValuegenPluginSDK

/// Turns a change into its findings, one per category of `CompatibilityTable` that applies to
/// the type: Binary categories when the type includes Binary before and after (Persistence's
/// only when Persistence files hold the type), JSON when it includes JSON or
/// Coding before and after. Swift source always applies.
struct FindingList {
    /// The types Persistence files hold (`SchemaSnapshot.persistedTypes`).
    let persistedTypes: Set<String>
    private(set) var findings: [CompatibilityFinding] = []

    init(persistedTypes: Set<String>) {
        self.persistedTypes = persistedTypes
    }

    /// `hint` ends the message of the change's JSON finding: how to keep old JSON readable.
    mutating func report(_ change: SchemaChange, _ subject: Subject, _ what: String, oldPlace: String? = nil, pin: BinaryPin? = nil, jsonHint hint: String? = nil, leavingOut omitted: Set<CompatibilityKind> = []) {
        let rule = CompatibilityTable.rule(for: change)
        for (kind, consequence) in rule.consequences where !omitted.contains(kind) && applies(kind, to: subject) {
            var message = "\(what): \(consequence)"
            if let hint, kind == .jsonWire {
                message += "; \(hint)"
            }
            if let pin, kind == .binaryWire {
                message += change == .fieldNumberReused ? "; give it a number of its own with '\(pin.line)' before it" : "; keep it with '\(pin.line)' before it"
            }
            findings.append(CompatibilityFinding(kind: kind, change: change, path: subject.path, location: subject.location, owner: subject.owner, member: subject.member, message: message, oldPlace: oldPlace, pin: kind == .binaryWire ? pin : nil))
        }
    }

    private func applies(_ kind: CompatibilityKind, to subject: Subject) -> Bool {
        let both = { (feature: String) in subject.oldType.includes(feature) && subject.newType.includes(feature) }
        switch kind {
        case .binaryWire: return both("Binary")
        case .persistenceSafe: return both("Binary") && persistedTypes.contains(subject.newType.name)
        case .jsonWire: return both("JSON") || both("Coding")
        case .swiftSource, .additive: return true
        }
    }
}
