import Foundation
import ValuegenPluginSDK

// Invariants (docs/Language.md, "Invariants"): `%range`, `%length`, `%nonEmpty` and `%pattern`
// on attributes of values and objects and on the payload attributes of ADT cases, `%check with=`
// on the type. Each is checked here against the attribute's type and its arguments, so that the
// generated `validate()` always compiles.

extension ModelResolver {
    /// Each integer type and the bounds its literals may take (`x > 300` does not compile for a `UInt8`).
    static let integerLimits: [String: ClosedRange<Double>] = [
        "Int": -9.223372036854775808e18...9.223372036854775807e18, "Int64": -9.223372036854775808e18...9.223372036854775807e18,
        "Int32": -2147483648...2147483647, "Int16": -32768...32767, "Int8": -128...127,
        "UInt": 0...1.8446744073709551615e19, "UInt64": 0...1.8446744073709551615e19,
        "UInt32": 0...4294967295, "UInt16": 0...65535, "UInt8": 0...255,
    ]
    static var rangeIntegerTypes: Set<String> { Set(integerLimits.keys) }
    static let floatingTypes: Set<String> = ["Double", "Float"]

    /// Whether a Swift type spelling is a collection `count` works on: `[T]`, `[K: V]`, `Set<T>`.
    static func isCollection(_ swift: String) -> Bool {
        swift.hasPrefix("[") || swift.hasPrefix("Set<")
    }

    /// Checks `%check with=` on the type: a Swift identifier; an attribute's rule written
    /// before the type has nothing to apply to.
    mutating func checkTypeInvariants(_ annotations: [Annotation], typeName: String) {
        guard !invariantsBelongToPlugin else { return }
        for annotation in annotations where Invariant.attributeAnnotations.contains(annotation.name) {
            diagnostics.error("'%\(annotation.name)' applies to an attribute, not to type '\(typeName)'; write it before the attribute, or check the whole value with '%check with='", at: annotation.location)
        }
        guard let annotation = annotations.first(where: { $0.name == "check" }) else { return }
        guard let function = requiredArgument("with", of: annotation) else { return }
        guard SwiftLanguage.isIdentifier(function) else {
            diagnostics.error("'\(function)' in '%check with=' is not a Swift function name; write the name of 'static func \u{2026}(_ value: \(typeName)) throws'", at: annotation.arguments.first?.valueLocation ?? annotation.location)
            return
        }
    }

    /// Rules written before an ADT's subtype: they apply to its attributes, `%check` to the ADT.
    mutating func checkSubtypeInvariants(_ annotations: [Annotation], subtypeName: String, typeName: String) {
        guard !invariantsBelongToPlugin else { return }
        for annotation in annotations where Invariant.attributeAnnotations.contains(annotation.name) || annotation.name == "check" {
            let fix = annotation.name == "check" ? "write it before '\(typeName)', where it checks every case" : "write it before an attribute of the subtype (a '%singleAttributeSubtype' value takes no rules: declare it as an attribute)"
            diagnostics.error("'%\(annotation.name)' does not apply to subtype '\(subtypeName)'; \(fix)", at: annotation.location)
        }
    }

    /// Checks the rules on one attribute against its resolved type.
    mutating func checkAttributeInvariants(_ annotations: [Annotation], type: ResolvedType, attributeName: String) {
        guard !invariantsBelongToPlugin else { return }
        if let check = annotations.first(where: { $0.name == "check" }) {
            diagnostics.error("'%check' applies to a type, not to attribute '\(attributeName)'; write it before the type", at: check.location)
        }
        // `Swift.Int` is `Int`, written where the module declares a type named `Int`.
        let wrapped = type.wrapped.hasPrefix("Swift.") ? String(type.wrapped.dropFirst(6)) : type.wrapped
        let isString = wrapped == "String"
        let isCollection = Self.isCollection(wrapped)
        for annotation in annotations where Invariant.attributeAnnotations.contains(annotation.name) {
            let name = "'%\(annotation.name)'"
            switch annotation.name {
            case "range":
                guard Self.rangeIntegerTypes.contains(wrapped) || Self.floatingTypes.contains(wrapped) else {
                    let fix = isString || isCollection ? "; use '%length min= max=' for a length" : "; remove it"
                    diagnostics.error("\(name) applies to numbers (Int, UInt and their sized kinds, Double, Float), and '\(attributeName)' is '\(wrapped)'\(fix)", at: annotation.location)
                    continue
                }
                if let limits = Self.integerLimits[wrapped] {
                    let parse = { (text: String) in (Int64(text).map(Double.init) ?? UInt64(text).map(Double.init)).flatMap { limits.contains($0) ? $0 : nil } }
                    checkBounds(annotation, parse: parse, kind: "an integer a '\(wrapped)' can hold")
                } else {
                    // A Swift literal: digits, sign, point and exponent ('inf' and 'nan' are not).
                    let parse = { (text: String) in text.allSatisfy({ "0123456789.-+eE".contains($0) }) ? Double(text).flatMap { $0.isFinite ? $0 : nil } : nil }
                    checkBounds(annotation, parse: parse, kind: "a number")
                }
            case "length":
                guard isString || isCollection else {
                    let fix = Self.rangeIntegerTypes.contains(wrapped) || Self.floatingTypes.contains(wrapped) ? "; use '%range min= max=' for a number" : "; remove it"
                    diagnostics.error("\(name) applies to strings and collections, and '\(attributeName)' is '\(wrapped)'\(fix)", at: annotation.location)
                    continue
                }
                checkBounds(annotation, parse: { Int($0).flatMap { $0 >= 0 ? Double($0) : nil } }, kind: "a whole number 0 or more")
            case "nonEmpty":
                guard isString || isCollection else {
                    diagnostics.error("\(name) applies to strings and collections, and '\(attributeName)' is '\(wrapped)'; remove it", at: annotation.location)
                    continue
                }
                if !annotation.arguments.isEmpty {
                    diagnostics.error("\(name) takes no arguments; write '%nonEmpty'", at: annotation.location)
                }
            default:
                guard isString else {
                    diagnostics.error("\(name) applies to strings, and '\(attributeName)' is '\(wrapped)'; remove it", at: annotation.location)
                    continue
                }
                guard let regex = requiredArgument("regex", of: annotation) else { continue }
                do {
                    _ = try NSRegularExpression(pattern: regex)
                } catch {
                    let location = annotation.arguments.first { $0.key == "regex" }?.valueLocation ?? annotation.location
                    diagnostics.error("'\(regex)' in '%pattern regex=' is not a valid regular expression (ICU syntax, as NSRegularExpression reads it); fix the expression", at: location)
                }
            }
        }
    }

    /// Checks `min=` and `max=`: at least one, each parsed by `parse`, and min ≤ max.
    private mutating func checkBounds(_ annotation: Annotation, parse: (String) -> Double?, kind: String) {
        let name = "'%\(annotation.name)'"
        for argument in annotation.arguments where argument.key != "min" && argument.key != "max" {
            diagnostics.error("unknown argument '\(argument.key)' in \(name); write 'min=' and/or 'max='", at: argument.location ?? annotation.location)
        }
        guard annotation["min"] != nil || annotation["max"] != nil else {
            diagnostics.error("\(name) needs 'min=', 'max=' or both, e.g. \(name) min=0 max=120", at: annotation.location)
            return
        }
        var bounds: [String: Double] = [:]
        for key in ["min", "max"] {
            guard let argument = annotation.arguments.first(where: { $0.key == key }) else { continue }
            guard let bound = parse(argument.value) else {
                diagnostics.error("'\(argument.value)' in \(name) \(key)= is not \(kind); write \(kind), e.g. \(key)=0", at: argument.valueLocation ?? annotation.location)
                continue
            }
            bounds[key] = bound
        }
        if let min = bounds["min"], let max = bounds["max"], min > max {
            diagnostics.error("\(name) min=\(annotation["min"] ?? "") is above max=\(annotation["max"] ?? ""); swap them", at: annotation.location)
        }
    }
}
