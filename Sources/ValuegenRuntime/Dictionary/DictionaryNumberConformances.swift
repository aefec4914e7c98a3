import Foundation

// Numbers and booleans. A number may arrive as a Swift number or as the `NSNumber` that
// `JSONSerialization` and `PropertyListSerialization` give: an integer is read from any number
// whose value is that integer exactly (`3`, `3.0`), never from a fraction, a number beyond the
// type's range or a boolean.

extension FixedWidthInteger {
    /// The integer a property-list value holds exactly; errors name what it held instead.
    static func exactly(propertyListValue value: Any) throws(DictionaryError) -> Self {
        if let integer = value as? Self, type(of: value) == Self.self {
            return integer
        }
        guard let number = PropertyListKind.number(value) else {
            throw DictionaryError.expected("an integer", found: value)
        }
        let converted: Self?
        if PropertyListKind.isFloatingPoint(number) {
            let double = number.doubleValue
            guard double.isFinite, double == double.rounded(.towardZero) else {
                throw DictionaryError.expected("an integer", found: value)
            }
            converted = Self(exactly: double)
        } else if PropertyListKind.isUnsigned(number) {
            converted = Self(exactly: number.uint64Value)
        } else {
            converted = Self(exactly: number.int64Value)
        }
        guard let converted else {
            throw DictionaryError(message: "expected an integer that fits \(Self.self), found \(number)")
        }
        return converted
    }
}

extension Int: DictionaryCodable {
    /// An integer; see the exactness rules above.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension Int8: DictionaryCodable {
    /// An integer in Int8's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension Int16: DictionaryCodable {
    /// An integer in Int16's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension Int32: DictionaryCodable {
    /// An integer in Int32's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension Int64: DictionaryCodable {
    /// An integer in Int64's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension UInt: DictionaryCodable {
    /// A non-negative integer in UInt's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension UInt8: DictionaryCodable {
    /// A non-negative integer in UInt8's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension UInt16: DictionaryCodable {
    /// A non-negative integer in UInt16's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension UInt32: DictionaryCodable {
    /// A non-negative integer in UInt32's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension UInt64: DictionaryCodable {
    /// A non-negative integer in UInt64's range.
    public init(propertyListValue: Any) throws(DictionaryError) { self = try .exactly(propertyListValue: propertyListValue) }
    /// The integer itself.
    public var propertyListValue: Any { self }
}

extension Double: DictionaryCodable {
    /// Any number, integers included (not a boolean).
    public init(propertyListValue: Any) throws(DictionaryError) {
        if let double = propertyListValue as? Double, type(of: propertyListValue) == Double.self {
            self = double
            return
        }
        guard let number = PropertyListKind.number(propertyListValue) else {
            throw DictionaryError.expected("a number", found: propertyListValue)
        }
        self = number.doubleValue
    }

    /// The number itself.
    public var propertyListValue: Any { self }
}

extension Float: DictionaryCodable {
    /// Any number, rounded to the nearest Float.
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = Float(try Double(propertyListValue: propertyListValue))
    }

    /// The number itself.
    public var propertyListValue: Any { self }
}

extension CGFloat: DictionaryCodable {
    /// Any number.
    public init(propertyListValue: Any) throws(DictionaryError) {
        self = CGFloat(try Double(propertyListValue: propertyListValue))
    }

    /// As a Double, whatever the platform's CGFloat is.
    public var propertyListValue: Any { Double(self) }
}

extension Bool: DictionaryCodable {
    /// A boolean: a Swift `Bool`, or Foundation's boolean `NSNumber`; never a number.
    public init(propertyListValue: Any) throws(DictionaryError) {
        guard PropertyListKind.isBoolean(propertyListValue), let number = propertyListValue as? NSNumber else {
            throw DictionaryError.expected("true or false", found: propertyListValue)
        }
        self = number.boolValue
    }

    /// The boolean itself.
    public var propertyListValue: Any { self }
}

extension FixedWidthInteger where Self: DictionaryDecodable {
    /// An integer, or a string holding one in decimal (`"42"`): what `%coding lenient=true`
    /// reads, as the JSON feature's `readLenientInteger` does.
    public init(lenientPropertyListValue value: Any) throws(DictionaryError) {
        guard let text = value as? String else {
            guard PropertyListKind.number(value) != nil else {
                throw DictionaryError.expected("an integer or a string holding one", found: value)
            }
            self = try .exactly(propertyListValue: value)
            return
        }
        switch DecimalInteger<Self>(parsing: text) {
        case .value(let integer):
            self = integer
        case .notAnInteger:
            throw DictionaryError(message: "expected an integer or a string holding one, found \"\(text)\"")
        case .outOfRange:
            throw DictionaryError(message: "expected an integer that fits \(Self.self), found \"\(text)\"")
        }
    }
}
