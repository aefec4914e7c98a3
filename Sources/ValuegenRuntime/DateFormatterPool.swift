import Foundation

/// `DateFormatter`s for ``DateCodingStyle/format(_:)``, made once per format and reused.
///
/// A `DateFormatter` must not be used by two threads at once (on Linux it is not thread-safe),
/// and making one costs tens of microseconds. So each format has a pool: a thread takes a
/// formatter out under a lock, uses it alone, and puts it back; threads that format at the same
/// time get one each. At most `idleLimit` formatters per format are kept.
final class DateFormatterPool: @unchecked Sendable {
    static let shared = DateFormatterPool()

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var idle: [String: [DateFormatter]] = [:]
    private let idleLimit = 8

    /// `body`'s result with a formatter for `format` (en_US_POSIX, UTC) used by no one else.
    func withFormatter<Result>(_ format: String, _ body: (DateFormatter) -> Result) -> Result {
        let formatter = take(format) ?? Self.makeFormatter(format)
        let result = body(formatter)
        giveBack(formatter, format)
        return result
    }

    private func take(_ format: String) -> DateFormatter? {
        lock.lock()
        defer { lock.unlock() }
        return idle[format]?.popLast()
    }

    private func giveBack(_ formatter: DateFormatter, _ format: String) {
        lock.lock()
        defer { lock.unlock() }
        if idle[format, default: []].count < idleLimit {
            idle[format, default: []].append(formatter)
        }
    }

    private static func makeFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }
}
