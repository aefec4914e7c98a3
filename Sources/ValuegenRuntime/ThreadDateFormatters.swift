import Foundation

/// The `DateFormatter`s of ``DateCodingStyle/format(_:)`` for the patterns a ``FixedDateFormat``
/// does not handle (`aaaa`, `K`, `zzzz`, `yy`…), and for the strings and dates it leaves to the
/// formatter: one per pattern and thread, made the first time the thread needs it and kept
/// until the thread ends.
///
/// A `DateFormatter` must not be used by two threads at once (on Linux it is not thread-safe),
/// and making one costs tens of microseconds. A formatter of the thread's own needs no lock
/// (the pool this replaced took one twice per date).
///
/// Reading still costs what `DateFormatter.date(from:)` costs, 25 to 60 µs here, against
/// about 2 µs for writing: CFDateFormatter copies its ICU formatter and calendar on every read
/// (`udat_clone`, `ucal_clone`) to set defaults for the fields the string lacks (year 12000,
/// the two-digit-year window) without changing the formatter. No public API reads without that
/// copy, so what avoids it is not using a formatter (FixedDateFormat).
enum ThreadDateFormatters {
    /// `body`'s result with this thread's formatter for `format` (en_US_POSIX, UTC).
    static func withFormatter<Result>(_ format: String, _ body: (DateFormatter) -> Result) -> Result {
        let formatters = ofThisThread.value
        if let formatter = formatters.byFormat[format] {
            return body(formatter)
        }
        let formatter = makeFormatter(format)
        formatters.byFormat[format] = formatter
        return body(formatter)
    }

    private static func makeFormatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter
    }

    /// One thread's formatters, released with the thread.
    private final class Formatters {
        var byFormat: [String: DateFormatter] = [:]
    }

    private static let ofThisThread = PerThread { Formatters() }
}
