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
            // A %transient attribute is not coded: only its Swift API changes.
            let uncoded: Set<CompatibilityKind> = before.isTransient || after.isTransient ? CompatibilityKind.dataKinds : []
            if before.name != after.name {
                // Persistence binary files name attributes, with the legacy keys that are
                // Swift names as former names.
                let keptName = after.legacyCodingKeys.contains(before.name) || before.legacyCodingKeys.contains(after.name)
                findings.report(.attributeRenamed, member, "attribute '\(before.name)' of '\(subject.owner)' is renamed '\(after.name)'", hint: "keep reading it with '%codingLegacyKey name=\(before.name)' before it", leavingOut: keptName ? uncoded.union([.persistence]) : uncoded)
            }
            Self.compareTypes(before.type, after.type, attributes: (before, after), what: "attribute '\(after.name)'", subject: member, comparison: comparison, leavingOut: uncoded, into: &findings)
            if before.initializerDefault != nil, after.initializerDefault == nil, before.type.isOptional == after.type.isOptional {
                findings.report(.defaultRemoved, member, "attribute '\(after.name)' has no default any more")
            }
            if before.type.isOptional, after.type.isOptional, before.writesExplicitNil != after.writesExplicitNil {
                // A missing value takes the default; nil is written as a missing value only
                // where the default is nil.
                if after.writesExplicitNil {
                    findings.report(.optionalDefaultAdded, member, "optional attribute '\(after.name)' has the default \(after.defaultValue ?? ""), had none", leavingOut: uncoded)
                } else {
                    findings.report(.optionalDefaultRemoved, member, "optional attribute '\(after.name)' has no default any more (was \(before.defaultValue ?? ""))", leavingOut: uncoded)
                }
            }
            guard !before.isTransient, !after.isTransient else { continue }
            if before.codingKey != after.codingKey {
                if after.legacyCodingKeys.contains(before.codingKey) {
                    findings.report(.keyRenamedWithLegacyKey, member, "the key of '\(after.name)' is \"\(after.codingKey)\", was \"\(before.codingKey)\"")
                } else if keyStyles.old != keyStyles.new, Self.key(of: before.name, style: keyStyles.old) == before.codingKey, Self.key(of: after.name, style: keyStyles.new) == after.codingKey {
                    keyStyleChanged = true
                } else {
                    findings.report(.keyRenamed, member, "the key of '\(after.name)' is \"\(after.codingKey)\", was \"\(before.codingKey)\"", hint: "keep reading it with '%codingLegacyKey name=\(Self.annotationValue(before.codingKey))' before it")
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

    /// A type change: optionality, integers and floating-point numbers of another width or
    /// signedness, a string that became an enumeration, a model type renamed, or another type
    /// of the same or of another wire type. `attributes` are the attribute before and after
    /// (nil for an ADT case's single value), whose defaults say what a missing value reads as.
    static func compareTypes(_ before: TypeReference, _ after: TypeReference, attributes: (old: Attribute, new: Attribute)?, what: String, subject: Subject, comparison: SchemaComparison, leavingOut omitted: Set<CompatibilityKind> = [], into findings: inout FindingList) {
        guard before.swift != after.swift else { return }
        let change = "\(what) is \(after.swift), was \(before.swift)"
        func report(_ kind: SchemaChange, range: ReadingDirection? = nil, _ text: String = change) {
            findings.report(kind, subject, text, range: range, leavingOut: omitted)
        }
        if before.wrapped == after.wrapped {
            if after.isOptional {
                // New code leaves nil out unless its default is not nil; old code reads a
                // missing value as its default.
                let silent = attributes.map { $0.old.defaultValue != nil && !$0.new.writesExplicitNil } ?? false
                report(silent ? .madeOptionalWithDefault : .madeOptional)
            } else {
                // Old code left nil out unless its default was not nil.
                let silent = attributes.map { $0.new.defaultValue != nil && !$0.old.writesExplicitNil } ?? false
                report(silent ? .madeRequiredWithDefault : .madeRequired)
            }
            return
        }
        if let integers = WireShape.integerChange(from: before.swift, to: after.swift) {
            let range = ReadingDirection(oldFits: integers.oldFitsNew, newFits: integers.newFitsOld)
            if integers.signednessChanged {
                report(.integerSignednessChanged, range: range)
            } else {
                report(integers.oldFitsNew ? .integerWidened : .integerNarrowed, range: range)
            }
        } else if let exact = WireShape.integerToDouble(from: before.swift, to: after.swift) {
            report(exact ? .integerToDouble : .wideIntegerToDouble)
        } else if let narrowed = WireShape.floatingPointChange(from: before.swift, to: after.swift) {
            report(narrowed ? .doubleToFloat : .floatToDouble)
        } else if WireShape.onlyChanges(from: before.swift, to: after.swift, where: { comparison.isStringEnumeration($1, in: comparison.new) && $0 == "String" }) {
            report(.stringToEnumeration)
        } else if WireShape.onlyChanges(from: before.swift, to: after.swift, where: { comparison.isStringEnumeration($0, in: comparison.old) && $1 == "String" }) {
            report(.enumerationToString)
        } else if WireShape.onlyChanges(from: before.swift, to: after.swift, where: { comparison.isRename(of: $0, to: $1) }) {
            report(.typeRenamed, "\(change), a type renamed with the same attributes, keys and field numbers")
        } else {
            let oldWire = WireShape.wireTypes(of: before, enumerationTypes: comparison.old.enumerationTypes, messageTypes: comparison.old.messageTypes)
            let newWire = WireShape.wireTypes(of: after, enumerationTypes: comparison.new.enumerationTypes, messageTypes: comparison.new.messageTypes)
            if let oldWire, let newWire, Set(oldWire).isDisjoint(with: newWire) {
                let spell = { (types: [WireShape.WireType]) in types.map(\.rawValue).joined(separator: " or ") }
                findings.report(.wireTypeChanged, subject, change, binaryDetail: "\(spell(newWire)), was \(spell(oldWire))", leavingOut: omitted)
            } else {
                report(.typeChanged)
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
            findings.report(change, subject, "attribute '\(attribute.name)' (\(place)) is removed from '\(subject.owner)'", oldPlace: place, leavingOut: attribute.isTransient ? CompatibilityKind.dataKinds : [])
        }
    }

    /// The memberwise initializer takes the attributes in declaration order: a reordering of
    /// the attributes both versions have changes its signature.
    private func reportInitializerOrder(_ matches: [(old: Int, new: Int)], into findings: inout FindingList) {
        let oldOrder = matches.map(\.old)
        guard oldOrder != oldOrder.sorted() else { return }
        let oldNames = matches.sorted { $0.old < $1.old }.map { oldAttributes[$0.old].name }
        let newNames = matches.map { newAttributes[$0.new].name }
        findings.report(.initializerOrderChanged, subject, "the attributes of '\(subject.owner)' are in another order (\(newNames.joined(separator: ", ")); were \(oldNames.joined(separator: ", ")))")
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
