import ValuegenPluginSDK

/// Compares the attributes of a value or an object, or of an ADT case's payload: which
/// attribute became which (by name, then by key or by place for a rename), and what changed in
/// its type, default, key and Binary field number. Renumbered fields get the pin that keeps
/// them (`BinaryPin`).
struct AttributeComparison {
    let subject: Subject
    let oldAttributes: [Attribute]
    let newAttributes: [Attribute]
    let comparison: SchemaComparison
    /// The type's key style before and after (`%codingKeys style=` or valuegen.json's).
    var keyStyles: (old: String?, new: String?) = (nil, nil)

    init(subject: Subject, oldAttributes: [Attribute], newAttributes: [Attribute], comparison: SchemaComparison) {
        self.subject = subject
        self.oldAttributes = oldAttributes
        self.newAttributes = newAttributes
        self.comparison = comparison
    }

    func compare(into findings: inout FindingList) {
        let matches = matchAttributes()
        let pins = binaryPins(matches)
        var keyStyleChanged = false
        for (oldIndex, newIndex) in matches {
            let (before, after) = (oldAttributes[oldIndex], newAttributes[newIndex])
            let member = at(after)
            if before.name != after.name {
                findings.report(.attributeRenamed, member, "attribute '\(before.name)' of '\(subject.owner)' is renamed '\(after.name)'")
            }
            Self.compareTypes(before.type, after.type, hasDefault: after.defaultValue != nil, what: "attribute '\(after.name)'", subject: member, comparison: comparison, into: &findings)
            if before.initializerDefault != nil, after.initializerDefault == nil, before.type.isOptional == after.type.isOptional {
                findings.report(.defaultRemoved, member, "attribute '\(after.name)' has no default any more")
            }
            guard !before.isTransient, !after.isTransient else { continue }
            if before.codingKey != after.codingKey {
                if after.legacyCodingKeys.contains(before.codingKey) {
                    findings.report(.keyRenamedWithLegacyKey, member, "the key of '\(after.name)' is \"\(after.codingKey)\", was \"\(before.codingKey)\"")
                } else if keyStyles.old != keyStyles.new, Self.key(of: before.name, style: keyStyles.old) == before.codingKey, Self.key(of: after.name, style: keyStyles.new) == after.codingKey {
                    keyStyleChanged = true
                } else {
                    findings.report(.keyRenamed, member, "the key of '\(after.name)' is \"\(after.codingKey)\", was \"\(before.codingKey)\"", jsonHint: "keep reading it with '%codingLegacyKey name=\(Self.annotationValue(before.codingKey))' before it")
                }
            }
            let (oldNumber, newNumber) = (before.binaryFieldNumber(position: oldIndex), after.binaryFieldNumber(position: newIndex))
            if oldNumber != newNumber, let oldNumber, let newNumber {
                findings.report(.fieldRenumbered, member, "'\(after.name)' moves from Binary field \(oldNumber) to \(newNumber)", pin: pins[newIndex])
            } else if after.annotation("binaryField") != nil, before.annotation("binaryField") == nil {
                findings.report(.fieldPinned, member, "'\(after.name)' is pinned to Binary field \(newNumber ?? 0), its number before")
            }
        }
        if keyStyleChanged {
            findings.report(.keyStyleChanged, subject, "the key style of '\(subject.owner)' is \(keyStyles.new ?? "the names as written"), was \(keyStyles.old ?? "the names as written")")
        }
        reportInitializerOrder(matches, into: &findings)
        reportAdded(matches, pins: pins, into: &findings)
        reportRemoved(matches, into: &findings)
    }

    /// A type change: optionality, an integer widening, or another type of the same or of
    /// another wire type.
    static func compareTypes(_ before: TypeReference, _ after: TypeReference, hasDefault: Bool, what: String, subject: Subject, comparison: SchemaComparison, into findings: inout FindingList) {
        guard before.swift != after.swift else { return }
        let change = "\(what) is \(after.swift), was \(before.swift)"
        if before.wrapped == after.wrapped {
            if after.isOptional {
                findings.report(.madeOptional, subject, change)
            } else {
                // With a default, data without the field reads as the default.
                findings.report(.madeRequired, subject, change, leavingOut: hasDefault ? [.binaryWire, .jsonWire] : [])
            }
        } else if WireShape.isIntegerWidening(from: before.swift, to: after.swift) {
            findings.report(.integerWidened, subject, change)
        } else if let exact = WireShape.integerToDouble(from: before.swift, to: after.swift) {
            findings.report(exact ? .integerToDouble : .wideIntegerToDouble, subject, change)
        } else {
            let oldWire = WireShape.wireTypes(of: before, enumerationTypes: comparison.old.enumerationTypes, messageTypes: comparison.old.messageTypes)
            let newWire = WireShape.wireTypes(of: after, enumerationTypes: comparison.new.enumerationTypes, messageTypes: comparison.new.messageTypes)
            if let oldWire, let newWire, Set(oldWire).isDisjoint(with: newWire) {
                let spell = { (types: [WireShape.WireType]) in types.map(\.rawValue).joined(separator: " or ") }
                findings.report(.wireTypeChanged, subject, "\(change) (\(spell(newWire)), was \(spell(oldWire)))")
            } else {
                findings.report(.typeChanged, subject, change)
            }
        }
    }

    // MARK: - Matching

    /// Old index → new index of the attributes that are the same attribute.
    private func matchAttributes() -> [(old: Int, new: Int)] {
        var matching = MemberMatching(oldCount: oldAttributes.count, newCount: newAttributes.count)
        matching.pair { newIndex, free in free.first { oldAttributes[$0].name == newAttributes[newIndex].name } }
        // A rename: the old key kept (`%codingKey`) or accepted (`%codingLegacyKey`)…
        matching.pair { newIndex, free in
            let attribute = newAttributes[newIndex]
            return free.first { attribute.legacyCodingKeys.contains(oldAttributes[$0].codingKey) || oldAttributes[$0].codingKey == attribute.codingKey }
        }
        // …or another name in the same place with the same type.
        matching.pairInPlace { oldAttributes[$0].type == newAttributes[$0].type }
        return matching.pairs
    }

    private func at(_ attribute: Attribute) -> Subject {
        var member = subject
        member.location = attribute.location
        member.member = attribute.name
        return member
    }

    /// An annotation's value as the parser reads it back: bare, or quoted with `\"` and `\\`.
    private static func annotationValue(_ text: String) -> String {
        let bare = !text.isEmpty && text.allSatisfy { !$0.isWhitespace && $0 != "\"" && $0 != "#" && $0 != "\\" }
        guard !bare else { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func key(of name: String, style: String?) -> String {
        style.flatMap(CodingKeyStyle.init(rawValue:))?.key(for: name) ?? name
    }

    // MARK: - Added, removed, reordered

    private func reportAdded(_ matches: [(old: Int, new: Int)], pins: [Int: BinaryPin], into findings: inout FindingList) {
        let matchedNew = Set(matches.map(\.new))
        let lastMatched = matches.map(\.new).max() ?? -1
        let oldNumbers = oldFieldNumbers
        for (index, attribute) in newAttributes.enumerated() where !matchedNew.contains(index) {
            let member = at(attribute)
            if attribute.initializerDefault == nil {
                findings.report(.requiredAttributeAdded, member, "required attribute '\(attribute.name)' without a default is added to '\(subject.owner)'")
            } else {
                let appended = index > lastMatched || attribute.annotation("binaryField") != nil
                findings.report(appended ? .attributeAppended : .attributeInserted, member, "attribute '\(attribute.name)' is \(appended ? "appended to" : "inserted into") '\(subject.owner)'")
            }
            if !attribute.isTransient, let number = attribute.binaryFieldNumber(position: index), let previous = oldNumbers[number] {
                findings.report(.fieldNumberReused, member, "new attribute '\(attribute.name)' takes Binary field \(number), which was '\(previous.name)' (\(previous.type.swift))", pin: pins[index])
            }
        }
    }

    private func reportRemoved(_ matches: [(old: Int, new: Int)], into findings: inout FindingList) {
        let matchedOld = Set(matches.map(\.old))
        for (index, attribute) in oldAttributes.enumerated() where !matchedOld.contains(index) {
            let place = comparison.oldPlace(subject.oldPath, attribute.location)
            let change: SchemaChange = attribute.initializerDefault == nil ? .requiredAttributeRemoved : .attributeRemoved
            findings.report(change, subject, "attribute '\(attribute.name)' (\(place)) is removed from '\(subject.owner)'", oldPlace: place, leavingOut: attribute.isTransient ? [.binaryWire, .jsonWire] : [])
        }
    }

    /// The memberwise initializer takes the attributes in declaration order: a reordering of
    /// the attributes both versions have changes its signature.
    private func reportInitializerOrder(_ matches: [(old: Int, new: Int)], into findings: inout FindingList) {
        let oldOrder = matches.map(\.old)
        guard oldOrder != oldOrder.sorted() else { return }
        let names = matches.map { newAttributes[$0.new].name }
        findings.report(.initializerOrderChanged, subject, "the attributes of '\(subject.owner)' are in another order (\(names.joined(separator: ", ")))")
    }

    /// The old schema's field numbers and their attributes.
    private var oldFieldNumbers: [Int: Attribute] {
        var numbers: [Int: Attribute] = [:]
        for (index, attribute) in oldAttributes.enumerated() {
            if let number = attribute.binaryFieldNumber(position: index) {
                numbers[number] = attribute
            }
        }
        return numbers
    }

    // MARK: - Pins

    /// The `%binaryField number=` each new attribute needs so that data written before reads
    /// right: an attribute that was there keeps its old number; a new one whose number an old
    /// attribute had gets a number neither version uses. Keyed by new index.
    private func binaryPins(_ matches: [(old: Int, new: Int)]) -> [Int: BinaryPin] {
        var final: [Int: Int] = [:]
        var current: [Int: Int] = [:]
        for (index, attribute) in newAttributes.enumerated() {
            current[index] = attribute.binaryFieldNumber(position: index)
        }
        let oldNumbers = oldFieldNumbers
        for (oldIndex, newIndex) in matches {
            final[newIndex] = oldAttributes[oldIndex].binaryFieldNumber(position: oldIndex)
        }
        // New attributes keep their numbers unless an old attribute had it; the others get
        // numbers after every number the old version and the pinned new one have.
        let matchedNew = Set(matches.map(\.new))
        var reusing: [Int] = []
        for index in newAttributes.indices where !matchedNew.contains(index) {
            guard let number = current[index] else { continue }
            if oldNumbers[number] != nil || final.values.contains(number) {
                reusing.append(index)
            } else {
                final[index] = number
            }
        }
        var next = (Set(oldNumbers.keys).union(final.values).max() ?? 0) + 1
        for index in reusing {
            final[index] = next
            next += 1
        }
        var pins: [Int: BinaryPin] = [:]
        // An attribute a protocol declares is written in the protocol, not in this type.
        for (index, number) in final where number != current[index] && newAttributes[index].protocolName == nil {
            let attribute = newAttributes[index]
            let existing = attribute.annotation("binaryField")?.arguments.first { $0.key == "number" }?.valueLocation
            pins[index] = BinaryPin(path: subject.path, typeName: subject.newType.name, subtypeName: subject.subtypeName, attributeName: attribute.name, number: number, location: attribute.location, existingValue: existing)
        }
        return pins
    }
}
