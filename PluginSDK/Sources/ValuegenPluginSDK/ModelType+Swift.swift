// Swift spellings of a model's pieces that several features need.

extension Attribute {
    /// The attribute's name as a Swift identifier, in backticks when it is a reserved word.
    public var swiftName: String { SwiftLanguage.identifier(name) }
}

extension ADTCase {
    /// The case's name as a Swift identifier, in backticks when it is a reserved word.
    public var swiftName: String { SwiftLanguage.identifier(name) }
}

extension ModelType {
    /// The parameter list of the memberwise initializer:
    /// `userId: Int, nickname: String, imageUrl: URL? = nil`.
    public var initializerParameters: String {
        initializerParameterList.joined(separator: ", ")
    }

    /// The arguments of a memberwise initializer call: the given expressions for the named
    /// attributes and the attribute of the same name for the others:
    /// `["userId: userId", "nickname: nickname"]`.
    public func initializerArguments(_ arguments: [String: String] = [:]) -> [String] {
        attributes.map { attribute in
            "\(SwiftLanguage.argumentLabel(attribute.name)): \(arguments[attribute.name] ?? attribute.swiftName)"
        }
    }
}

extension ModelType {
    /// The parameters of the memberwise initializer, one string each.
    public var initializerParameterList: [String] {
        attributes.map { attribute in
            var parameter = "\(attribute.swiftName): \(attribute.type.parameterType)"
            if let value = attribute.initializerDefault {
                parameter += " = \(value)"
            }
            return parameter
        }
    }
}

extension CodePrinter {
    /// Prints `opening` + items + `closing` on one line when there are at most three items,
    /// otherwise one item per line, indented, as Xcode formats long signatures.
    public mutating func parameterList(opening: String, _ items: [String], closing: String) {
        if items.count <= 3 {
            line(opening + items.joined(separator: ", ") + closing)
            return
        }
        line(opening)
        indented { list in
            for (index, item) in items.enumerated() {
                list.line(item + (index < items.count - 1 ? "," : ""))
            }
        }
        line(closing)
    }
}

/// One value a type stores: an attribute of a value or an object, a labelled payload value
/// of an ADT case, or an ADT case's single unlabelled payload. Features that must check
/// every stored type (can it be compared, coded, sent?) walk these.
public struct StoredValue: Sendable, Equatable {
    /// The value's Swift type.
    public var type: TypeReference
    /// Whether `%skipEquality` leaves it out of equality and hashing.
    public var skipsEquality: Bool
    /// Whether `%skipEquality` can be written for it (not for a single unlabelled payload).
    public var canSkipEquality: Bool
    /// Where the attribute's or the subtype's name is written: where a diagnostic about the
    /// value points.
    public var location: SourceLocation
    /// The attribute's name; nil for a subtype's single unlabelled payload.
    public let attributeName: String?
    /// The subtype whose single unlabelled payload this is.
    private let subtypeName: String?

    /// How diagnostics name it: `attribute 'email'` or `the payload of subtype 'Sticker'`.
    /// Made when asked: the module's checks walk every value, and few need a message.
    public var description: String {
        attributeName.map { "attribute '\($0)'" } ?? "the payload of subtype '\(subtypeName ?? "")'"
    }

    init(type: TypeReference, skipsEquality: Bool, canSkipEquality: Bool, location: SourceLocation, attributeName: String?, subtypeName: String?) {
        self.type = type
        self.skipsEquality = skipsEquality
        self.canSkipEquality = canSkipEquality
        self.location = location
        self.attributeName = attributeName
        self.subtypeName = subtypeName
    }
}

extension ModelType {
    /// Every stored value of the type, in declaration order.
    public var storedValues: [StoredValue] {
        var values = attributes.map(StoredValue.init(attribute:))
        for adtCase in cases {
            values += adtCase.attributes.map(StoredValue.init(attribute:))
            if let single = adtCase.singleValueType {
                values.append(StoredValue(type: single, skipsEquality: false, canSkipEquality: false, location: adtCase.location, attributeName: nil, subtypeName: adtCase.subtypeName))
            }
        }
        return values
    }
}

extension StoredValue {
    init(attribute: Attribute) {
        self.init(type: attribute.type, skipsEquality: attribute.skipsEquality, canSkipEquality: true, location: attribute.location, attributeName: attribute.name, subtypeName: nil)
    }
}
