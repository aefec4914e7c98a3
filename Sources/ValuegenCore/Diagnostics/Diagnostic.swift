import ValuegenPluginSDK

/// A problem found in a schema file, a configuration or a plugin, printed the way swiftc and
/// clang print theirs so that editors attach it to the line:
/// `path:line:column: error: message`.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    public var severity: DiagnosticSeverity
    public var message: String
    /// The file the diagnostic is about.
    public var path: String
    /// Where in the file; nil when the diagnostic is about the file as a whole.
    public var location: SourceLocation?

    public init(_ severity: DiagnosticSeverity, _ message: String, path: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.path = path
        self.location = location
    }

    public var description: String {
        if let location {
            return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(path): \(severity.rawValue): \(message)"
    }
}

/// Collects the diagnostics of one stage for one file. Stages report into it instead of
/// printing or stopping, so that every problem a file has is found in one run.
public struct DiagnosticCollector: Sendable {
    public let path: String
    public private(set) var diagnostics: [Diagnostic] = []

    public init(path: String) {
        self.path = path
    }

    public mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, message, path: path, at: location))
    }

    public mutating func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.warning, message, path: path, at: location))
    }

    public mutating func note(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.note, message, path: path, at: location))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}

extension Array where Element == Diagnostic {
    /// The diagnostics in the order of the lines they point at, whichever stage found them;
    /// each note stays right after the error or warning it explains, and diagnostics about
    /// the whole file come first. Ties keep the order they were found in.
    func inSourceOrder() -> [Diagnostic] {
        var groups: [[Diagnostic]] = []
        for diagnostic in self {
            if diagnostic.severity == .note, !groups.isEmpty {
                groups[groups.count - 1].append(diagnostic)
            } else {
                groups.append([diagnostic])
            }
        }
        let ordered = groups.enumerated().sorted { lhs, rhs in
            let left = lhs.element[0].location ?? SourceLocation(line: 0, column: 0)
            let right = rhs.element[0].location ?? SourceLocation(line: 0, column: 0)
            return (left.line, left.column, lhs.offset) < (right.line, right.column, rhs.offset)
        }
        return ordered.flatMap(\.element)
    }
}
