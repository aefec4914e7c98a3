import ValuegenPluginSDK

/// Turns a change into its findings, one per consequence of `CompatibilityTable` that applies
/// to the type, each narrowed to the formats the type has: Binary when it includes Binary
/// before and after, JSON when it includes JSON or Coding before and after, Persistence's
/// formats when Persistence files hold it. Swift source always applies.
struct FindingList {
    /// The types Persistence files hold (`SchemaSnapshot.persistedTypes`).
    let persistedTypes: Set<String>
    private(set) var findings: [CompatibilityFinding] = []

    init(persistedTypes: Set<String>) {
        self.persistedTypes = persistedTypes
    }

    /// `hint` ends the message of the change's JSON and Persistence findings: how to keep old
    /// data readable. `binaryDetail` follows `what` in the Binary finding only (its wire types,
    /// which mean nothing to JSON or Swift source). `range` is the direction of a value-range
    /// consequence whose rule leaves it to the types (nil: every value fits both ways, and there
    /// is no such finding).
    mutating func report(_ change: SchemaChange, _ subject: Subject, _ what: String, binaryDetail: String? = nil, oldPlace: String? = nil, pin: BinaryPin? = nil, hint: String? = nil, range: ReadingDirection? = nil, leavingOut omitted: Set<CompatibilityKind> = []) {
        let rule = CompatibilityTable.rule(for: change)
        let available = formats(of: subject)
        let unknownCase = subject.newType.kind == .adtValue ? subject.newType.unknownCase?.name : nil
        for consequence in rule.consequences where !omitted.contains(consequence.kind) {
            let formats = consequence.formats.filter(available.contains)
            // Swift source and additive consequences concern no format and no readers.
            let direction = consequence.direction ?? range
            guard consequence.formats.isEmpty || (!formats.isEmpty && direction != nil) else { continue }
            var text = consequence.text
            if consequence.direction == nil, let direction, !consequence.formats.isEmpty {
                // The rule's text is for its usual direction; the types gave this one.
                text = CompatibilityTable.valueRangeText(direction)
            }
            if let unknownCase, let alternative = consequence.unknownCaseText {
                text = alternative.replacingOccurrences(of: "UNKNOWN", with: unknownCase)
            }
            text = text.replacingOccurrences(of: "FORMATS", with: CodingFormat.spelled(formats))
            var message = consequence.kind == .binaryWire ? "\(what)\(binaryDetail.map { " (\($0))" } ?? ""): \(text)" : "\(what): \(text)"
            if let hint, consequence.kind == .jsonWire || consequence.kind == .persistence {
                message += "; \(hint)"
            }
            if let pin, consequence.kind == .binaryWire {
                message += change == .fieldNumberReused ? "; give it a number of its own with '\(pin.line)' before it" : "; keep it with '\(pin.line)' before it"
            }
            findings.append(CompatibilityFinding(kind: consequence.kind, change: change, direction: consequence.formats.isEmpty ? nil : direction, formats: formats, path: subject.path, location: subject.location, owner: subject.owner, member: subject.member, message: message, oldPlace: oldPlace, pin: consequence.kind == .binaryWire ? pin : nil))
        }
    }

    /// The formats the type is coded in before and after.
    private func formats(of subject: Subject) -> Set<CodingFormat> {
        let both = { (feature: String) in subject.oldType.includes(feature) && subject.newType.includes(feature) }
        var formats: Set<CodingFormat> = []
        if both("Binary") {
            formats.insert(.binary)
            if persistedTypes.contains(subject.newType.name) {
                formats.formUnion(CodingFormat.persistence)
            }
        }
        if both("JSON") || both("Coding") {
            formats.insert(.json)
        }
        return formats
    }
}
