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
            if recent.lastBits != RecentPatterns.bits(of: pattern) {
                recent.rememberLast(pattern, recent.formats[index])
            }
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
        recent.rememberLast(pattern, format)
        return format
    }

    /// The layout of `pattern` when it is the pattern this thread last compiled (asked for
    /// through ``compiled(_:)``) and has one; nil otherwise, and then ``compiled(_:)`` answers.
    ///
    /// The same string as the last one, not only an equal one: generated code passes the same
    /// literal for every date of an attribute, and the thread's last pattern is kept, so no
    /// other string can have its storage. Nothing is retained or released, and no exclusivity
    /// is checked: looking the pattern up through ``compiled(_:)`` for every date cost more than
    /// writing it (issue 38, the recorded Mastodon payloads).
    @inline(__always)
    static func lastLayout(_ pattern: String) -> Layout? {
        ifLast(pattern) { $0.lastLayout }
    }

    /// `pattern` compiled when it is the pattern this thread last compiled, found as
    /// ``lastLayout(_:)`` finds it; nil otherwise (also when the last pattern needs the
    /// formatter), and then ``compiled(_:)`` answers. Reading a date in a fixed format asks for
    /// it first: looking the pattern up through ``compiled(_:)`` was a third of the time of
    /// reading a date (issue 38).
    @inline(__always)
    static func lastCompiled(_ pattern: String) -> FixedDateFormat? {
        ifLast(pattern) { $0.lastFormat }
    }

    /// What `last` reads of the thread's recent patterns when `pattern` is the same string as
    /// the last one compiled; nil otherwise. The recent patterns are read through a reference
    /// that is not retained: the thread keeps them.
    @inline(__always)
    private static func ifLast<Value>(_ pattern: String, _ last: (RecentPatterns) -> Value?) -> Value? {
        let bits = RecentPatterns.bits(of: pattern)
        return Unmanaged.passUnretained(recentPatterns.value)._withUnsafeGuaranteedRef { recent in
            recent.lastBits == bits ? last(recent) : nil
        }
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

    /// The last pattern compiled, kept so that its storage stays its own, with its bits, its
    /// format and the format's layout (held here as well, inline: writing a date reads it
    /// without going through the format's reference).
    @exclusivity(unchecked) private(set) var lastPattern = ""
    @exclusivity(unchecked) private(set) var lastBits = RecentPatterns.bits(of: "")
    @exclusivity(unchecked) private(set) var lastFormat: FixedDateFormat?
    @exclusivity(unchecked) private(set) var lastLayout: FixedDateFormat.Layout?

    func rememberLast(_ pattern: String, _ format: FixedDateFormat?) {
        lastPattern = pattern
        lastBits = Self.bits(of: pattern)
        lastFormat = format
        lastLayout = format?.layout
    }

    /// A string's representation, its two words: equal for two copies of one string (a
    /// literal's, a stored one's, or a small string's inline bytes).
    @inline(__always)
    static func bits(of string: String) -> (UInt64, UInt64) {
        withUnsafeBytes(of: string) { raw in
            (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: raw.count &- 8, as: UInt64.self))
        }
    }

    func remember(_ pattern: String, _ format: FixedDateFormat?) {
        patterns.insert(pattern, at: 0)
        formats.insert(format, at: 0)
        if patterns.count > Self.kept {
            patterns.removeLast()
            formats.removeLast()
        }
    }
}
