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
            var parameter = "\(attribute.swiftName): \(attribute.type.swift)"
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
