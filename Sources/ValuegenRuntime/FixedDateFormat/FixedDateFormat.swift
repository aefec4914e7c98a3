import Foundation

/// A `DateFormatter` pattern made of numbers, English month and weekday names and literals
/// (`yyyy-MM-dd'T'HH:mm:ss.SSSXXX`, `EEE, dd MMM yyyy HH:mm:ss Z`),
/// compiled once into fields and literals, which ``DateCodingStyle/format(_:)`` reads and writes
/// without a formatter, giving what the formatter gives (en_US_POSIX, UTC, the Gregorian
/// calendar, not lenient).
///
/// It is a fast path, not a second implementation: what it does not read (another width, a year
/// outside 1583...9999, a day that does not exist, an offset written another way) and what it
/// does not write (a date outside those years) goes to the formatter, which decides as before.
/// So the strings accepted and refused, and the errors, stay the formatter's.
/// FixedDateFormatTests compare both on millions of random dates and strings.
struct FixedDateFormat: Sendable {
    /// A field: what it holds and how many digits it is written with.
    enum Field: Sendable, Equatable {
        /// `y`, `yyy`, `yyyy` (`digits` 1, 3, 4): the year, four digits in the years handled.
        case year(digits: Int)
        /// `M`, `d`, `H`, `m`, `s` (`padded` false: one or two digits) and `MM`, `dd`, `HH`,
        /// `mm`, `ss` (two).
        case month(padded: Bool), day(padded: Bool), hour(padded: Bool), minute(padded: Bool), second(padded: Bool)
        /// `S`…: the first `digits` digits of the milliseconds, then zeros (ICU keeps
        /// milliseconds only).
        case fraction(digits: Int)
        /// `Z`, `ZZ`, `ZZZ`: `+0000` when writing; `ZZZZZ`, `X`, `XX`, `XXX`: `Z`. Reading takes
        /// `Z`, `±hhmm` and `±hh:mm` for each (the formatter takes those and more).
        case zone(rfc822: Bool)
        /// `z`, `zz`, `zzz`: the zone's short name, `GMT` when writing (the formatter's zone is
        /// UTC, which en_US_POSIX calls GMT); reading takes `GMT` and `UTC`.
        case zoneName
        /// `h`, `hh` (`padded`): the hour on a 12-hour clock, 1 to 12, with `a`.
        case hour12(padded: Bool)
        /// `a`: `AM` or `PM`, with `h` or `hh`.
        case dayPeriod
        /// `MMM` (`full` false: `Jan`…`Dec`) and `MMMM` (`January`…): the month by its
        /// en_US_POSIX name.
        case monthName(full: Bool)
        /// `E`, `EE`, `EEE` (`full` false: `Sun`…`Sat`) and `EEEE` (`Sunday`…): the day of the
        /// week, which reading checks against the date (a string whose weekday is not its
        /// date's is the formatter's).
        case weekday(full: Bool)
    }

    enum Element: Sendable, Equatable {
        case field(Field)
        /// Printable ASCII, none of it a digit at the start, a quote or a backslash, so that
        /// it is written into JSON as it is.
        case literal([UInt8])
    }

    var elements: [Element] { parts.elements }
    /// The most bytes a date takes written in this format.
    let maximumLength: Int
    /// The length of the strings the layout reads by its template (``Layout/readsByTemplate``),
    /// -1 when it reads none: held inline, so that a string of another length does not reach
    /// into the layout (an element-by-element read of `yyyy-MM-dd` took 7 ns more a date when
    /// it asked the layout first).
    let templateLength: Int
    /// The elements as a template, when each has one width (``Layout``).
    var layout: Layout? { parts.layout }

    /// The date of `bytes` read by the layout's template (``Layout/date(_:readable:)``), nil
    /// when the format has no layout or it does not read them. The layout is read where the
    /// parts hold it, not copied out first.
    @inline(__always)
    func dateByTemplate(_ bytes: UnsafeBufferPointer<UInt8>, readable: Int) -> Date? {
        bytes.count == templateLength ? parts.layout?.date(bytes, readable: readable) : nil
    }

    /// The elements and the layout, behind one reference: a format is copied out of the cache
    /// for every date read, and a layout held inline made that copy four times as wide (a
    /// fixed-format date read 10 ns slower when measured).
    private let parts: Parts

    private final class Parts: Sendable {
        let elements: [Element]
        let layout: Layout?

        init(elements: [Element], layout: Layout?) {
            self.elements = elements
            self.layout = layout
        }
    }

    init(elements: [Element], maximumLength: Int, layout: Layout?) {
        parts = Parts(elements: elements, layout: layout)
        self.maximumLength = maximumLength
        templateLength = layout.map { $0.readsByTemplate ? $0.length : -1 } ?? -1
    }

    /// The room ``write(_:to:)`` needs: ``maximumLength``, or a layout's ``Layout/writeRoom``.
    var writeRoom: Int {
        layout == nil ? maximumLength : Layout.writeRoom
    }

    /// The years read and written here: ICU counts days before 1582-10-15 in the Julian
    /// calendar, and a year after 9999 takes five digits; the formatter has those.
    static let years: ClosedRange<Int64> = 1583...9999

    static let powersOfTen: [Int64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
}

extension FixedDateFormat.Field {
    /// Written with a fixed number of digits, so that it may abut another number.
    var isFixedWidth: Bool {
        switch self {
        // ICU reads a run of abutting numbers with each field's width first: `yMMdd` reads one
        // digit of year, and never a date.
        case .year(let digits): digits == 4
        case .fraction: true
        case .month(let padded), .day(let padded), .hour(let padded), .minute(let padded), .second(let padded), .hour12(let padded): padded
        case .zone, .zoneName, .monthName, .weekday, .dayPeriod: false
        }
    }

    /// Written in letters: a name, `AM` or `PM`, a zone's name.
    var isText: Bool {
        switch self {
        case .monthName, .weekday, .dayPeriod, .zoneName: true
        default: false
        }
    }

    var isZone: Bool {
        switch self {
        case .zone, .zoneName: true
        default: false
        }
    }

    /// Written in digits: every field but the zones and those written in letters.
    var isNumber: Bool {
        !isText && !isZone
    }

    /// What a zone writes: the formatter's zone is UTC. Only for `.zone` and `.zoneName`.
    var utcText: StaticString {
        switch self {
        case .zone(let rfc822): rfc822 ? "+0000" : "Z"
        default: "GMT"
        }
    }

    var maximumLength: Int {
        switch self {
        case .year: 4
        case .month, .day, .hour, .minute, .second, .hour12, .dayPeriod: 2
        case .fraction(let digits): digits
        case .zone(let rfc822): rfc822 ? 5 : 1
        case .zoneName: 3
        case .monthName(let full), .weekday(let full): full ? 9 : 3
        }
    }
}
