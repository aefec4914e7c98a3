import ValuegenPluginSDK

/// `valuegen compat`'s comparison: every type of the new snapshot against the type of the same
/// name in the old one, each change classified by `CompatibilityTable`. A pure function of the
/// two snapshots.
public struct SchemaComparison: Sendable {
    let old: SchemaSnapshot
    let new: SchemaSnapshot
    /// How a place in the old version is named in messages: `HEAD~1:Models/User.value:4:3`.
    let oldPlace: @Sendable (String, SourceLocation?) -> String
    /// Where an old schema file is in the new version (the same file, in the working tree).
    let newPath: @Sendable (String) -> String

    public init(
        old: SchemaSnapshot, new: SchemaSnapshot,
        oldPlace: @escaping @Sendable (String, SourceLocation?) -> String = { path, location in location.map { "\(path):\($0.line):\($0.column)" } ?? path },
        newPath: @escaping @Sendable (String) -> String = { $0 }
    ) {
        self.old = old
        self.new = new
        self.oldPlace = oldPlace
        self.newPath = newPath
    }

    /// Every finding, in the order of the new schemas (removed types last).
    public func findings() -> [CompatibilityFinding] {
        var findings = FindingList(persistedTypes: new.persistedTypes)
        for entry in new.entries {
            guard let before = old.entry(named: entry.type.name) else {
                findings.report(.typeAdded, Subject(entry: entry, type: entry.type), "type '\(entry.type.name)' is added")
                continue
            }
            compare(before, entry, into: &findings)
        }
        for entry in old.entries where new.entry(named: entry.type.name) == nil {
            var subject = Subject(entry: entry, type: entry.type)
            subject.path = newPath(entry.path)
            subject.location = nil
            findings.report(.typeRemoved, subject, "type '\(entry.type.name)' (\(oldPlace(entry.path, entry.type.location))) is removed")
        }
        // In the order of the files and their lines; a removed type after the file's others.
        let indexed = findings.findings.enumerated().map { ($0.offset, $0.element) }
        return indexed.sorted { a, b in
            let (left, right) = (a.1, b.1)
            if left.path != right.path { return left.path < right.path }
            let leftLine = left.location?.line ?? Int.max, rightLine = right.location?.line ?? Int.max
            return leftLine != rightLine ? leftLine < rightLine : a.0 < b.0
        }.map(\.1)
    }

    private func compare(_ before: SchemaSnapshot.Entry, _ after: SchemaSnapshot.Entry, into findings: inout FindingList) {
        let (oldType, newType) = (before.type, after.type)
        var subject = Subject(entry: after, type: oldType, newType: newType)
        subject.oldPath = before.path
        if oldType.kind != newType.kind {
            let swapped = oldType.kind != .adtValue && newType.kind != .adtValue
            findings.report(swapped ? .valueObjectSwapped : .kindChanged, subject, "'\(newType.name)' was \(oldType.kind.article) and is \(newType.kind.article)")
            if !swapped { return }
        }
        // The declaration of each kind is a feature too (`Value`, `Object`): the kind says it.
        let declares = { (feature: String) in
            if case .feature(let found) = FeatureRegistry.builtIn.lookup(feature) { return !found.descriptor.canBeExcluded }
            return false
        }
        for feature in oldType.includes where !newType.includes.contains(feature) && !declares(feature) {
            findings.report(.featureRemoved, subject, "'\(newType.name)' no longer includes \(feature)")
        }
        for feature in newType.includes where !oldType.includes.contains(feature) && !declares(feature) {
            findings.report(.featureAdded, subject, "'\(newType.name)' now includes \(feature)")
        }
        if newType.kind == .adtValue {
            compareCases(subject, into: &findings)
        } else {
            var attributes = AttributeComparison(subject: subject, oldAttributes: oldType.attributes, newAttributes: newType.attributes, comparison: self)
            attributes.keyStyles = (before.keyStyle, after.keyStyle)
            attributes.compare(into: &findings)
        }
    }

    // MARK: - ADTs

    private func compareCases(_ subject: Subject, into findings: inout FindingList) {
        let oldType = subject.oldType, newType = subject.newType
        let (oldCoding, newCoding) = (oldType.codingOfCases, newType.codingOfCases)
        if oldCoding.form != newCoding.form || oldCoding.discriminator != newCoding.discriminator || oldCoding.contentKey != newCoding.contentKey
            || oldCoding.flattensSingleValues != newCoding.flattensSingleValues {
            findings.report(.representationChanged, subject, "'\(newType.name)' is coded \(oldCoding.summary) before and \(newCoding.summary) now")
        }
        if oldType.isPlainEnumeration != newType.isPlainEnumeration {
            let form = { (type: ModelType) in type.isPlainEnumeration ? "a varint (a plain enumeration)" : "a message" }
            findings.report(.enumerationWireTypeChanged, subject, "'\(newType.name)' is written as \(form(newType)), was \(form(oldType))")
        }

        // By name, then a case renamed in its place (the same payload at the same position).
        var matches = MemberMatching(oldCount: oldType.cases.count, newCount: newType.cases.count)
        matches.pair { newIndex, free in free.first { oldType.cases[$0].name == newType.cases[newIndex].name } }
        matches.pairInPlace { oldType.cases[$0].payloadSummary == newType.cases[$0].payloadSummary }
        for (oldIndex, newIndex) in matches.pairs {
            let (oldCase, newCase) = (oldType.cases[oldIndex], newType.cases[newIndex])
            var caseSubject = subject
            caseSubject.location = newCase.location
            caseSubject.member = newCase.name
            if oldCase.name != newCase.name {
                findings.report(.caseRenamed, caseSubject, "case '\(oldCase.name)' of '\(newType.name)' is renamed '\(newCase.name)'")
            }
            if oldCase.tag != newCase.tag {
                findings.report(.caseTagChanged, caseSubject, "the tag of case '\(newCase.name)' is \"\(newCase.tag)\", was \"\(oldCase.tag)\"")
            }
            if oldIndex != newIndex {
                findings.report(.caseRenumbered, caseSubject, "case '\(newCase.name)' moves from case number \(oldIndex + 1) to \(newIndex + 1) (cases are numbered by position; keep the old order and add cases at the end)")
            }
            comparePayload(oldCase, newCase, caseSubject, into: &findings)
        }
        let lastMatched = matches.pairs.map(\.new).max() ?? -1
        for index in matches.added {
            var caseSubject = subject
            caseSubject.location = newType.cases[index].location
            caseSubject.member = newType.cases[index].name
            let appended = index > lastMatched
            findings.report(appended ? .caseAppended : .caseInserted, caseSubject, "case '\(newType.cases[index].name)' is \(appended ? "appended to" : "inserted into") '\(newType.name)'")
        }
        for index in matches.removed {
            let oldCase = oldType.cases[index]
            var caseSubject = subject
            caseSubject.member = oldCase.name
            findings.report(.caseRemoved, caseSubject, "case '\(oldCase.name)' (\(oldPlace(subject.oldPath, oldCase.location))) is removed from '\(newType.name)'", oldPlace: oldPlace(subject.oldPath, oldCase.location))
        }
    }

    private func comparePayload(_ oldCase: ADTCase, _ newCase: ADTCase, _ subject: Subject, into findings: inout FindingList) {
        if let oldValue = oldCase.singleValueType, let newValue = newCase.singleValueType {
            AttributeComparison.compareTypes(oldValue, newValue, attributes: nil, what: "the payload of case '\(newCase.name)'", subject: subject, comparison: self, into: &findings)
            return
        }
        if (oldCase.singleValueType == nil) != (newCase.singleValueType == nil) {
            findings.report(.wireTypeChanged, subject, "the payload of case '\(newCase.name)' is \(newCase.payloadSummary), was \(oldCase.payloadSummary)")
            return
        }
        var caseSubject = subject
        caseSubject.owner = "\(subject.newType.name).\(newCase.name)"
        caseSubject.subtypeName = newCase.subtypeName
        AttributeComparison(subject: caseSubject, oldAttributes: oldCase.attributes, newAttributes: newCase.attributes, comparison: self).compare(into: &findings)
    }
}

// MARK: - Types that read alike

extension SchemaComparison {
    /// A plain enumeration (no `%unknownCase`) coded as the string of its case's tag.
    func isStringEnumeration(_ name: String, in snapshot: SchemaSnapshot) -> Bool {
        guard let type = snapshot.entry(named: name)?.type else { return false }
        return type.isPlainEnumeration && type.codingOfCases.form == .string
    }

    /// Whether the old version's type `old` is the new version's `new` renamed: the old name
    /// is gone, the new one is new, and they are coded alike (the same attributes, keys, field
    /// numbers and cases, with the types they hold equal or renamed alike in turn).
    func isRename(of old: String, to new: String, assuming renamed: Set<String> = []) -> Bool {
        if renamed.contains("\(old) \(new)") { return true }
        guard self.new.entry(named: old) == nil, self.old.entry(named: new) == nil,
              let before = self.old.entry(named: old)?.type, let after = self.new.entry(named: new)?.type else { return false }
        let assuming = renamed.union(["\(old) \(new)"])
        func same(_ a: TypeReference?, _ b: TypeReference?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.swift == b.swift || WireShape.onlyChanges(from: a.swift, to: b.swift) { isRename(of: $0, to: $1, assuming: assuming) }
        }
        func sameAttributes(_ a: [Attribute], _ b: [Attribute]) -> Bool {
            a.count == b.count && zip(a.indices, b.indices).allSatisfy { index, _ in
                let (x, y) = (a[index], b[index])
                return x.name == y.name && x.codingKey == y.codingKey && x.isTransient == y.isTransient && x.writesExplicitNil == y.writesExplicitNil
                    && x.binaryFieldNumber(position: index) == y.binaryFieldNumber(position: index) && same(x.type, y.type)
            }
        }
        guard (before.kind == .adtValue) == (after.kind == .adtValue), sameAttributes(before.attributes, after.attributes) else { return false }
        guard before.kind == .adtValue else { return true }
        return before.codingOfCases == after.codingOfCases && before.cases.count == after.cases.count
            && zip(before.cases, after.cases).allSatisfy { x, y in
                x.name == y.name && x.tag == y.tag && same(x.singleValueType, y.singleValueType) && sameAttributes(x.attributes, y.attributes)
            }
    }
}

/// What a finding is about: the type (old and new), the member, where to point.
struct Subject {
    var path: String
    var oldPath: String
    var location: SourceLocation?
    var owner: String
    var member: String?
    var subtypeName: String?
    var oldType: ModelType
    var newType: ModelType

    init(entry: SchemaSnapshot.Entry, type oldType: ModelType, newType: ModelType? = nil) {
        path = entry.path
        oldPath = entry.path
        location = (newType ?? oldType).location
        owner = (newType ?? oldType).name
        self.oldType = oldType
        self.newType = newType ?? oldType
    }
}

private extension ModelKind {
    var article: String {
        switch self {
        case .value: return "a value"
        case .object: return "an object"
        case .adtValue: return "an ADT"
        }
    }
}

private extension ADTCoding {
    var summary: String {
        var text = "'\(form.rawValue)'"
        if form == .internallyTagged || form == .adjacentlyTagged {
            text += " (discriminator \"\(discriminator)\""
            text += form == .adjacentlyTagged ? ", content \"\(contentKey)\")" : flattensSingleValues ? ", payloads flattened)" : ")"
        }
        return text
    }
}

private extension ADTCase {
    var payloadSummary: String {
        if let singleValueType { return singleValueType.swift }
        return "(" + attributes.map { "\($0.name): \($0.type.swift)" }.joined(separator: ", ") + ")"
    }
}
