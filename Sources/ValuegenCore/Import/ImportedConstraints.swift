import Foundation
import ValuegenPluginSDK

/// `--constraints`: a property's `minimum`/`maximum` (and their exclusive forms, a Boolean
/// beside the bound in 3.0, the bound itself in 3.1), `minLength`/`maxLength`, `pattern`,
/// `minItems`/`maxItems` and `minProperties`/`maxProperties` as the rules `%range`, `%length` and
/// `%pattern` before its attribute. What a rule cannot check is a warning naming the keyword's
/// JSON pointer, never a silent drop.
struct ImportedConstraints {
    /// The rules, as annotation lines: `%range min=1 max=10`.
    var rules: [String] = []
    var warnings: [ImportWarning] = []

    /// The keywords read here; any other constraint keyword is not checked.
    static let numberKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
    static let keywords = numberKeywords + ["minLength", "maxLength", "pattern", "minItems", "maxItems", "minProperties", "maxProperties", "multipleOf", "uniqueItems"]

    /// The constraints of a property held as `type`, read from `levels`: the property's schema
    /// and the schemas it stands for (a `$ref` to a scalar component, an `allOf: [X]`), each
    /// with its pointer. Where two levels bound the same thing, the tighter bound is kept.
    init(levels: [(schema: JSONValue, pointer: String)], type: ImportedTypeReference) {
        var lower: Bound?
        var upper: Bound?
        var length: (min: Double?, max: Double?) = (nil, nil)
        var pattern: (text: String, pointer: String)?
        let lengthKeywords: (min: String, max: String)?
        switch type {
        case .swift("String"): lengthKeywords = ("minLength", "maxLength")
        case .array: lengthKeywords = ("minItems", "maxItems")
        case .dictionary: lengthKeywords = ("minProperties", "maxProperties")
        default: lengthKeywords = nil
        }
        let isNumber = Self.integerLimits[type.spelling] != nil || ["Double", "Float"].contains(type.spelling)
        for (schema, pointer) in levels {
            guard case .object(let members) = schema else { continue }
            for member in members where Self.keywords.contains(member.key) {
                let at = pointer + "/" + member.key
                switch member.key {
                case let keyword where keyword.hasPrefix("exclusive") && (member.value == .bool(true) || member.value == .bool(false)):
                    // 3.0's Boolean belongs to the bound beside it, read (or warned about) there.
                    continue
                case let keyword where Self.numberKeywords.contains(keyword) && isNumber:
                    guard let bound = Self.bound(member.key, in: schema) else {
                        warn(at, "'\(keyword)' is not a number, so it is not checked")
                        continue
                    }
                    if member.key.hasSuffix("inimum") {
                        lower = Bound.tighter(lower, bound, lower: true)
                    } else {
                        upper = Bound.tighter(upper, bound, lower: false)
                    }
                case let keyword where keyword == lengthKeywords?.min || keyword == lengthKeywords?.max:
                    guard case .number(let value) = member.value, value >= 0 else {
                        warn(at, "'\(keyword)' is not a number 0 or more, so it is not checked")
                        continue
                    }
                    if keyword == lengthKeywords?.min {
                        length.min = max(length.min ?? 0, value.rounded(.up))
                    } else {
                        length.max = min(length.max ?? .infinity, value.rounded(.down))
                    }
                case "pattern" where type == .swift("String"):
                    guard let text = member.value.stringValue else {
                        warn(at, "the pattern is not a string, so it is not checked")
                        continue
                    }
                    if let kept = pattern, kept.text != text {
                        warn(at, "only one pattern is checked, the one at \(kept.pointer)")
                    } else if pattern == nil {
                        pattern = (text, at)
                    }
                case "uniqueItems" where member.value != .bool(true):
                    continue
                default:
                    warn(at, "'\(member.key)' is not checked: \(Self.reason(member.key, type: type))")
                }
            }
        }
        if lower != nil || upper != nil {
            addRange(lower: lower, upper: upper, type: type, pointer: levels[0].pointer)
        }
        if length.min == 0 { length.min = nil }
        if length.min != nil || length.max != nil {
            if let low = length.min, let high = length.max, low > high {
                warn(levels[0].pointer, "no length fits between \(Self.literal(low)) and \(Self.literal(high)), so the lengths are not checked")
            } else {
                rules.append("%length" + Self.arguments(length.min.map(Self.literal), length.max.map(Self.literal)))
            }
        }
        if let pattern {
            addPattern(pattern.text, pointer: pattern.pointer)
        }
    }

    private static func reason(_ keyword: String, type: ImportedTypeReference) -> String {
        switch keyword {
        case "multipleOf": return "Valuegen has no rule for it (check it in a '%check with=' function)"
        case "uniqueItems": return "Valuegen has no rule for it (check it in a '%check with=' function, or edit the attribute into a Set)"
        default: return "it does not apply to \(type.spelling)"
        }
    }

    // MARK: - Numbers

    /// A bound as the document gives it, and whether the bound itself is excluded.
    struct Bound {
        var value: Double
        var isExclusive: Bool

        /// The tighter of two bounds on the same side.
        static func tighter(_ current: Bound?, _ new: Bound, lower: Bool) -> Bound {
            guard let current else { return new }
            if current.value == new.value {
                return Bound(value: new.value, isExclusive: current.isExclusive || new.isExclusive)
            }
            return (new.value > current.value) == lower ? new : current
        }
    }

    /// `minimum: 5` → 5 included; `exclusiveMinimum: 5` (3.1) → 5 excluded; `minimum: 5,
    /// exclusiveMinimum: true` (3.0) → 5 excluded, read at `minimum`.
    static func bound(_ keyword: String, in schema: JSONValue) -> Bound? {
        let inclusive = keyword.hasSuffix("inimum") ? "minimum" : "maximum"
        let exclusive = "exclusive" + inclusive.prefix(1).uppercased() + inclusive.dropFirst()
        switch (keyword == inclusive, schema[keyword]) {
        case (true, .number(let value)?):
            return Bound(value: value, isExclusive: schema[exclusive] == .bool(true))
        case (false, .number(let value)?):
            return Bound(value: value, isExclusive: true)
        default:
            return nil
        }
    }

    /// The integer types and the values they hold.
    static let integerLimits: [String: ClosedRange<Double>] = [
        "Int": Double(Int.min)...Double(Int.max), "Int64": Double(Int64.min)...Double(Int64.max), "Int32": Double(Int32.min)...Double(Int32.max),
    ]

    /// `%range` with the bounds the type can write: an integer's next whole number inside an
    /// excluded or fractional bound, a floating-point type's next representable value inside
    /// an excluded one; a bound beyond what the type holds is left out (every value keeps it).
    private mutating func addRange(lower: Bound?, upper: Bound?, type: ImportedTypeReference, pointer: String) {
        var low: String?
        var high: String?
        if let limits = Self.integerLimits[type.spelling] {
            let minimum = lower.map { $0.isExclusive ? ($0.value + 1).rounded(.down) : $0.value.rounded(.up) }
            let maximum = upper.map { $0.isExclusive ? ($0.value - 1).rounded(.up) : $0.value.rounded(.down) }
            if let minimum, let maximum, minimum > maximum {
                warn(pointer, "no integer fits between the minimum and the maximum, so they are not checked")
                return
            }
            if (minimum ?? limits.lowerBound) > limits.upperBound || (maximum ?? limits.upperBound) < limits.lowerBound {
                warn(pointer, "no \(type.spelling) fits the bounds, so they are not checked")
                return
            }
            low = minimum.flatMap { $0 > limits.lowerBound ? Self.literal($0) : nil }
            high = maximum.flatMap { $0 < limits.upperBound ? Self.literal($0) : nil }
        } else if type.spelling == "Float" {
            // A bound beyond the largest Float keeps every Float on its side.
            let holds = { (bound: Bound) in abs(bound.value) <= Double(Float.greatestFiniteMagnitude) }
            low = lower.flatMap { bound in holds(bound) ? Self.inside(Float(bound.value), of: bound, lower: true).description : nil }
            high = upper.flatMap { bound in holds(bound) ? Self.inside(Float(bound.value), of: bound, lower: false).description : nil }
        } else {
            low = lower.map { bound in Self.inside(bound.value, of: bound, lower: true).description }
            high = upper.map { bound in Self.inside(bound.value, of: bound, lower: false).description }
        }
        if let low, let high, let a = Double(low), let b = Double(high), a > b {
            warn(pointer, "no value fits between the minimum and the maximum, so they are not checked")
            return
        }
        if low != nil || high != nil {
            rules.append("%range" + Self.arguments(low, high))
        }
    }

    /// The value of the type nearest `bound` that keeps it.
    private static func inside<F: BinaryFloatingPoint>(_ rounded: F, of bound: Bound, lower: Bool) -> F {
        let value = Double(rounded)
        if lower {
            return value < bound.value || (bound.isExclusive && value == bound.value) ? rounded.nextUp : rounded
        }
        return value > bound.value || (bound.isExclusive && value == bound.value) ? rounded.nextDown : rounded
    }

    private static func literal(_ whole: Double) -> String {
        String(Int64(whole))
    }

    private static func arguments(_ low: String?, _ high: String?) -> String {
        (low.map { " min=\($0)" } ?? "") + (high.map { " max=\($0)" } ?? "")
    }

    // MARK: - Patterns

    /// JSON Schema's `pattern` matches anywhere in the string (ECMA 262), Valuegen's `%pattern`
    /// the whole string: a pattern anchored at both ends is written as it is, another is
    /// surrounded with `.*` that also matches line breaks. One the ICU engine the generated
    /// code uses cannot compile is a warning.
    private mutating func addPattern(_ pattern: String, pointer: String) {
        let whole = Self.isAnchored(pattern) ? pattern : Self.searching(pattern)
        do {
            _ = try NSRegularExpression(pattern: whole)
        } catch {
            warn(pointer, "the pattern '\(pattern)' is not checked: the ICU regular expressions the generated code uses (NSRegularExpression) cannot read it")
            return
        }
        rules.append("%pattern regex=" + ImportedSchemaWriter.quoted(whole))
    }

    /// Whether the pattern starts with `^` and ends with an unescaped `$`, with no `|` outside
    /// brackets and parentheses (`^a|b$` is two patterns, each anchored at one end).
    static func isAnchored(_ pattern: String) -> Bool {
        guard pattern.hasPrefix("^"), pattern.hasSuffix("$") else { return false }
        var depth = 0
        var inClass = false
        var escaped = false
        var characters = Array(pattern)
        characters.removeLast()
        for character in characters {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case "(" where !inClass: depth += 1
            case ")" where !inClass: depth -= 1
            case "|" where !inClass && depth == 0: return false
            default: break
            }
        }
        return !escaped
    }

    /// `abc` → `[\s\S]*(?:abc)[\s\S]*`: found anywhere in the whole string.
    static func searching(_ pattern: String) -> String {
        #"[\s\S]*(?:"# + pattern + #")[\s\S]*"#
    }

    private mutating func warn(_ pointer: String, _ message: String) {
        warnings.append(ImportWarning(pointer: pointer, message: message))
    }
}
