/// Remodel's Objective-C types and the Swift types they become (DESIGN.md's mapping table).
enum ObjectiveCTypeMapping {
    /// C and Objective-C scalar types, written without `*`.
    static let scalars: [String: String] = [
        "NSInteger": "Int", "NSUInteger": "UInt", "BOOL": "Bool", "bool": "Bool", "_Bool": "Bool",
        "CGFloat": "CGFloat", "double": "Double", "float": "Float", "NSTimeInterval": "TimeInterval",
        "int": "Int32", "unsigned": "UInt32", "unsigned int": "UInt32", "signed int": "Int32",
        "short": "Int16", "unsigned short": "UInt16", "long": "Int", "unsigned long": "UInt",
        "long long": "Int64", "unsigned long long": "UInt64", "char": "Int8", "unsigned char": "UInt8",
        "int8_t": "Int8", "int16_t": "Int16", "int32_t": "Int32", "int64_t": "Int64",
        "uint8_t": "UInt8", "uint16_t": "UInt16", "uint32_t": "UInt32", "uint64_t": "UInt64",
        "size_t": "Int",
        "CGPoint": "CGPoint", "CGSize": "CGSize", "CGRect": "CGRect",
    ]

    /// Objective-C classes written with `*` that map to a Swift value type.
    static let objects: [String: String] = [
        "NSString": "String", "NSMutableString": "String", "NSNumber": "Double",
        "NSURL": "URL", "NSDate": "Date", "NSData": "Data", "NSMutableData": "Data", "NSUUID": "UUID",
        "NSDecimalNumber": "Decimal", "NSLocale": "Locale", "NSTimeZone": "TimeZone",
        "NSDateComponents": "DateComponents", "NSIndexPath": "IndexPath",
    ]

    /// Collection classes and how many type arguments each takes.
    enum Collection {
        case array, set, dictionary
    }

    static let collections: [String: Collection] = [
        "NSArray": .array, "NSMutableArray": .array, "NSOrderedSet": .array, "NSMutableOrderedSet": .array,
        "NSSet": .set, "NSMutableSet": .set, "NSCountedSet": .set,
        "NSDictionary": .dictionary, "NSMutableDictionary": .dictionary,
    ]

    /// Prefixes of Apple frameworks' Objective-C names: such a name that is not in the table
    /// and not declared with `%type` is an error rather than a guess.
    static let frameworkPrefixes = ["NS", "UI", "CG", "CF", "CA", "CI", "AV", "MK", "CL"]

    static func isFrameworkName(_ name: String) -> Bool {
        frameworkPrefixes.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
    }
}
