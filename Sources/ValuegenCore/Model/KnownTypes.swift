/// The Swift types Valuegen knows without a `%type` declaration: the standard library's and
/// Foundation's value types. All of them are `Sendable`, `Hashable` and `Codable`.
enum KnownTypes {
    /// Standard library types, usable without any import.
    static let standardLibrary: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String",
        "Array", "Set", "Dictionary", "Optional", "AnyClass",
        "Swift.Int", "Swift.String", "Swift.Double", "Swift.Bool",
    ]

    /// Foundation types; a file that uses one imports Foundation.
    static let foundation: Set<String> = [
        "URL", "Date", "Data", "UUID", "Decimal", "TimeInterval", "CGFloat", "CGPoint", "CGSize",
        "CGRect", "Locale", "TimeZone", "DateComponents", "IndexPath", "CharacterSet", "NSRange",
    ]

    /// Known names of existential types: a value holding one can be neither compared, hashed,
    /// coded nor known to be `Sendable`, as with `any P` (Remodel's `Class` becomes `AnyClass`).
    static let existentialAliases: Set<String> = ["AnyClass"]

    /// ValuegenRuntime's value types that generated declarations hold: an `%unknownCase`'s
    /// payload. A file that uses one imports ValuegenRuntime.
    static let runtimeValues: Set<String> = ["UnknownCase"]

    static func isKnown(_ name: String) -> Bool {
        standardLibrary.contains(name) || isFoundation(name) || runtimeValues.contains(name) || uiKitClasses.contains(name)
    }

    /// UIKit's common classes, known without a declaration as Remodel schemas use them
    /// (`UIColor *tint`, `UIViewController<P> *screen`). A file that holds one imports UIKit
    /// and is compiled only where UIKit can be imported (`FileAssembler`). Each is Hashable as
    /// an `NSObject`, neither Codable nor taken to be Sendable. Not reserved: a schema type
    /// may be named like one, and then it is that type.
    static let uiKitClasses: Set<String> = [
        "UIColor", "UIImage", "UIFont", "UIView", "UIViewController", "UIImageView", "UILabel",
        "UIButton", "UIControl", "UIScrollView", "UITableView", "UITableViewCell", "UICollectionView",
        "UICollectionViewCell", "UICollectionViewLayout", "UINavigationController", "UITabBarController",
        "UIWindow", "UIScreen", "UIResponder", "UIGestureRecognizer", "UIBezierPath", "UINib",
        "UIStoryboard", "UITextField", "UITextView", "UIStackView", "UIActivityIndicatorView",
        "UIAlertController", "UIBarButtonItem", "UINavigationItem", "UITraitCollection",
        "UIImageSymbolConfiguration", "UIFontDescriptor", "UIAccessibilityElement", "UIApplication",
    ]

    /// Whether the name is a Foundation type, written plainly or qualified (`Foundation.Locale`).
    static func isFoundation(_ name: String) -> Bool {
        foundation.contains(name) || foundationTypeFeatures[name] != nil
            || name.hasPrefix("Foundation.") && foundation.contains(String(name.dropFirst("Foundation.".count)))
    }

    /// The other Foundation types Remodel's classes become (`ObjectiveCTypeMapping.foundationClasses`)
    /// and what each is on every platform, as compiled on Linux: the value types are Hashable,
    /// Codable and Sendable unless said otherwise; a class is Hashable as an `NSObject` (except
    /// the three that are not on Linux) and is neither Codable nor taken to be Sendable. None is
    /// coded by ValuegenRuntime. They are not reserved names: a schema type may be a `Timer`.
    static let foundationTypeFeatures: [String: RequiredFeatures] = {
        let value: RequiredFeatures = [.equality, .coding, .sendable]
        var table: [String: RequiredFeatures] = [
            "AffineTransform": value, "Calendar": value, "IndexSet": value,
            "URLComponents": value, "PersonNameComponents": value, "DateInterval": value,
            "AttributedString": [.equality, .sendable], "URLQueryItem": [.equality, .sendable],
            "Notification": .equality,
            "FileManager": [], "NotificationCenter": [], "ProcessInfo": [],
        ]
        for swift in Set(ObjectiveCTypeMapping.foundationClasses.values) where table[swift] == nil {
            table[swift] = .equality
        }
        return table
    }()
}

extension KnownTypes {
    /// Standard library and Foundation types valuegen does not track the conformances of:
    /// a schema uses one through `%type`, which says the user vouches for it.
    static let untracked: Set<String> = [
        "Character", "Substring", "StaticString", "Int128", "UInt128", "Float16", "Float80",
        "Never", "Void", "AnyHashable", "Result", "Range", "ClosedRange", "ObjectIdentifier", "Duration",
        "Unicode", "Calendar", "IndexSet", "URLComponents", "URLRequest", "Measurement",
        "NSNumber", "NSObject", "NSString", "Notification", "AttributedString", "NSAttributedString",
        "PersonNameComponents", "DateInterval", "Progress", "NSError", "JSONDecoder", "JSONEncoder",
    ]

    /// Protocols a schema may name after `any` without declaring them.
    static let standardProtocols: Set<String> = [
        "Error", "Sendable", "Hashable", "Equatable", "Codable", "Encodable", "Decodable",
        "CustomStringConvertible", "CustomDebugStringConvertible", "Identifiable", "Comparable", "AnyObject",
    ]

    /// The standard names an imported schema's type avoids (`ImportNames`), so that the
    /// schemas it writes read unambiguously: the types and protocols generated code and the
    /// code around it rely on, and the modules it qualifies names with.
    static let standardNamesImportAvoids: Set<String> = standardLibrary.union(foundation).union(untracked).union(standardProtocols).union([
        "Any", "Array", "Optional", "Result", "Self", "Type", "Protocol",
        "Hasher", "Encoder", "Decoder", "CodingKey", "EncodingError", "DecodingError",
        "KeyedEncodingContainer", "KeyedDecodingContainer", "Observable", "ObservationRegistrar",
        "Swift", "Foundation", "Observation", "ValuegenRuntime", "Dispatch",
    ]).union(StandardNames.runtimeNames).union(moduleSupportTypeNames)

    /// Names a schema type may not take: the types built-in features declare in the module
    /// support file, which a second declaration would clash with. Every standard name may be
    /// taken (generated code then qualifies the standard type, `StandardNames`); Swift's
    /// keywords (`Self`, `Any`, `Type`, `Protocol`) are refused by the parser.
    static let reservedTypeNames: Set<String> = moduleSupportTypeNames

    /// The types built-in features declare once per module, in the module support file
    /// (`ValuegenModuleSupport.swift`), and what each is.
    static let moduleSupportTypes: [String: String] = [
        "ValuegenMissingAttributeError": "the builders' error type",
        "ValuegenCodingKey": "the coding key type of Codable conformances",
    ]
    static let moduleSupportTypeNames = Set(moduleSupportTypes.keys)


    /// Why a schema type or protocol (`declaredAs`) cannot take the reserved name, and the fix.
    static func reservedNameMessage(_ name: String, declaredAs declaration: String) -> String {
        "a \(declaration) cannot be named '\(name)': Valuegen declares \(moduleSupportTypes[name] ?? "a type") of that name in the module; rename the \(declaration.split(separator: " ").last ?? "type")"
    }

    /// The standard types ValuegenRuntime's JSON, binary and dictionary coders read and write
    /// (`StandardConformances.swift`, `BinaryStandardConformances.swift`, `Dictionary/`);
    /// `Decimal`, `Locale` and the Core Graphics structs are not among them.
    static let runtimeCodable: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "String", "Array", "Set", "Dictionary", "Optional",
        "URL", "Date", "Data", "UUID", "TimeInterval", "CGFloat", "UnknownCase",
    ]

    /// Whether ValuegenRuntime codes the standard type, named plainly or qualified.
    static func isRuntimeCodable(_ name: String) -> Bool {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return runtimeCodable.contains(name) }
        return runtimeCodable.contains(String(name[name.index(after: dot)...]))
    }

    /// The number of generic arguments a standard generic type takes.
    static let genericArity: [String: Int] = ["Set": 1, "Array": 1, "Optional": 1, "Dictionary": 2]
}
