import ValuegenPluginSDK

/// `valuegen compat`'s answer: the findings, what `--fix` wrote, and what stopped it.
public struct CompatibilityReport: Sendable {
    public var allowed: Set<CompatibilityKind>
    /// The readers the check is for: a breaking finding about the others does not fail it.
    public var direction: ReadingDirection
    public var oldVersion = ""
    public var newVersion = ""
    public var findings: [CompatibilityFinding] = []
    /// Files `--fix` pinned fields in, with how many.
    public var fixed: [(path: String, pins: Int)] = []
    /// Usage, configuration, git and schema errors: the versions could not be compared.
    public var errors: [String] = []

    public init(allowed: Set<CompatibilityKind>, direction: ReadingDirection = .both) {
        self.allowed = allowed
        self.direction = direction
    }

    /// The findings that fail the check.
    public var breaking: [CompatibilityFinding] {
        findings.filter(fails)
    }

    /// Whether the finding fails the check: a breaking category not allowed, about the readers
    /// the check is for.
    public func fails(_ finding: CompatibilityFinding) -> Bool {
        finding.severity(allowed: allowed, direction: direction) == .error
    }

    /// 0 when nothing breaks (or only allowed categories do), 1 for breaking changes, 2 when
    /// the versions could not be compared.
    public var exitCode: Int32 {
        if !errors.isEmpty { return 2 }
        return breaking.isEmpty ? 0 : 1
    }

    /// One line per finding, as compilers print diagnostics, then a summary.
    public var text: String {
        var lines = errors
        guard errors.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        for (path, count) in fixed {
            lines.append("\(path): pinned \(count) Binary field\(count == 1 ? "" : "s") with %binaryField")
        }
        lines += findings.map { $0.description(allowed: allowed, direction: direction) }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `2 breaking changes (binary-wire 1, swift-source 1); allowed: json-wire 1; also persistence-safe 1, additive 2`
    /// (allowed: breaking findings `--allow` or `--direction` accept).
    public var summary: String {
        func counts(_ findings: [CompatibilityFinding]) -> String {
            CompatibilityKind.allCases.compactMap { kind in
                let count = findings.filter { $0.kind == kind }.count
                return count == 0 ? nil : "\(kind.rawValue) \(count)"
            }.joined(separator: ", ")
        }
        let breaking = self.breaking
        var text = breaking.isEmpty ? "compatible" : "\(breaking.count) breaking finding\(breaking.count == 1 ? "" : "s") (\(counts(breaking)))"
        let allowedFindings = findings.filter { $0.kind.isBreaking && !fails($0) }
        if !allowedFindings.isEmpty {
            text += "; allowed: \(counts(allowedFindings))"
        }
        let others = findings.filter { !$0.kind.isBreaking }
        if !others.isEmpty {
            text += "; also \(counts(others))"
        }
        return text
    }

    /// The report for machines (docs/Compatibility.md, "JSON output").
    public var json: String {
        let findingValues: [JSONValue] = findings.map { finding in
            var members: [JSONMember] = [
                JSONMember(key: "kind", value: .string(finding.kind.rawValue)),
                JSONMember(key: "breaking", value: .bool(fails(finding))),
                JSONMember(key: "change", value: .string(finding.change.rawValue)),
                JSONMember(key: "direction", value: finding.direction.map { .string($0.rawValue) } ?? .null),
                JSONMember(key: "formats", value: .array(finding.formats.map { .string($0.rawValue) })),
                JSONMember(key: "path", value: .string(finding.path)),
                JSONMember(key: "line", value: finding.location.map { .number(Double($0.line)) } ?? .null),
                JSONMember(key: "column", value: finding.location.map { .number(Double($0.column)) } ?? .null),
                JSONMember(key: "type", value: .string(finding.owner)),
                JSONMember(key: "member", value: finding.member.map(JSONValue.string) ?? .null),
                JSONMember(key: "message", value: .string(finding.message)),
                JSONMember(key: "old", value: finding.oldPlace.map(JSONValue.string) ?? .null),
            ]
            if let pin = finding.pin {
                members.append(JSONMember(key: "fix", value: .object([
                    JSONMember(key: "path", value: .string(pin.path)),
                    JSONMember(key: "line", value: .number(Double(pin.location.line))),
                    JSONMember(key: "text", value: .string(pin.line)),
                ])))
            }
            return .object(members)
        }
        let value = JSONValue.object([
            JSONMember(key: "old", value: .string(oldVersion)),
            JSONMember(key: "new", value: .string(newVersion)),
            JSONMember(key: "breaking", value: .bool(!breaking.isEmpty)),
            JSONMember(key: "allowed", value: .array(allowed.sorted().map { .string($0.rawValue) })),
            JSONMember(key: "direction", value: .string(direction.rawValue)),
            JSONMember(key: "errors", value: .array(errors.map(JSONValue.string))),
            JSONMember(key: "fixed", value: .array(fixed.map { .object([JSONMember(key: "path", value: .string($0.path)), JSONMember(key: "pins", value: .number(Double($0.pins)))]) })),
            JSONMember(key: "findings", value: .array(findingValues)),
        ])
        return String(decoding: JSONSerializer.serialize(value), as: UTF8.self) + "\n"
    }
}
