import Foundation

// Each pattern compiled once for the whole process, and the last few a thread used at hand.

extension FixedDateFormat {
    /// `pattern` compiled, or nil when it needs the formatter; made the first time a pattern is
    /// asked for and kept.
    ///
    /// Every date asks. The thread's last patterns are compared first: generated code passes
    /// the same string literal every time, which compares equal by its storage at once, where
    /// the shared table costs a lock and a hash (10 to 20 ns of a date's 60 to 110 when measured).
    static func compiled(_ pattern: String) -> FixedDateFormat? {
        let recent = recentPatterns.value
        for index in recent.patterns.indices where recent.patterns[index] == pattern {
            return recent.formats[index]
        }
        let format = compiledPatterns.withLock { compiled in
            if let known = compiled[pattern] {
                return known
            }
            let format = FixedDateFormat(pattern: pattern)
            compiled[pattern] = .some(format)
            return format
        }
        recent.remember(pattern, format)
        return format
    }

    private static let compiledPatterns = LockedPatterns()
    private static let recentPatterns = PerThread { RecentPatterns() }

    /// The date `text` stands for, when it is in the shape this format writes (see
    /// ``date(_:)``).
    func date(fromString text: String) -> Date? {
        var text = text
        return text.withUTF8 { date($0) }
    }
}

/// The compiled patterns, behind a lock: patterns come from schemas, so there are few, and
/// every date looks its pattern up.
private final class LockedPatterns: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`; nil for a pattern that needs the formatter.
    private var compiled: [String: FixedDateFormat?] = [:]

    func withLock<Result>(_ body: (inout [String: FixedDateFormat?]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&compiled)
    }
}

/// A thread's last patterns, newest first.
private final class RecentPatterns {
    static let kept = 4
    // Unchecked: one thread's, and every date reads them (the checks cost a third of the
    // lookup when measured).
    @exclusivity(unchecked) private(set) var patterns: [String] = []
    @exclusivity(unchecked) private(set) var formats: [FixedDateFormat?] = []

    func remember(_ pattern: String, _ format: FixedDateFormat?) {
        patterns.insert(pattern, at: 0)
        formats.insert(format, at: 0)
        if patterns.count > Self.kept {
            patterns.removeLast()
            formats.removeLast()
        }
    }
}
