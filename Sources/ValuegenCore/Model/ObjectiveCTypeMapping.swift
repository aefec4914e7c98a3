/// Remodel's Objective-C types and the Swift types they become (docs/Language.md, "Attributes
/// in Remodel style"). Every Swift type here exists on every platform Swift builds for, so
/// what the table produces compiles on Linux as on Apple platforms.
enum ObjectiveCTypeMapping {
    /// C and Objective-C scalar types, and the structs Remodel knows, written without `*`.
    static let scalars: [String: String] = [
        "NSInteger": "Int", "NSUInteger": "UInt", "BOOL": "Bool", "bool": "Bool", "_Bool": "Bool",
        "CGFloat": "CGFloat", "double": "Double", "float": "Float",
        "NSTimeInterval": "TimeInterval", "CFTimeInterval": "TimeInterval",
        "int": "Int32", "signed": "Int32", "signed int": "Int32", "unsigned": "UInt32", "unsigned int": "UInt32",
        "short": "Int16", "short int": "Int16", "signed short": "Int16",
        "unsigned short": "UInt16", "unsigned short int": "UInt16", "unichar": "UInt16",
        "long": "Int", "long int": "Int", "signed long": "Int", "unsigned long": "UInt", "unsigned long int": "UInt",
        "long long": "Int64", "long long int": "Int64", "signed long long": "Int64",
        "unsigned long long": "UInt64", "unsigned long long int": "UInt64",
        "char": "Int8", "signed char": "Int8", "unsigned char": "UInt8",
        "int8_t": "Int8", "int16_t": "Int16", "int32_t": "Int32", "int64_t": "Int64",
        "uint8_t": "UInt8", "uint16_t": "UInt16", "uint32_t": "UInt32", "uint64_t": "UInt64",
        "size_t": "Int", "ssize_t": "Int", "ptrdiff_t": "Int", "intptr_t": "Int", "uintptr_t": "UInt",
        "CGPoint": "CGPoint", "CGSize": "CGSize", "CGRect": "CGRect", "NSRange": "NSRange",
        // `Class` holds a class object: the existential metatype `AnyObject.Type`.
        "Class": "AnyClass",
    ]

    /// Objective-C classes written with `*` that map to a Swift value type.
    static let objects: [String: String] = [
        "NSString": "String", "NSMutableString": "String", "NSNumber": "Double",
        "NSURL": "URL", "NSDate": "Date", "NSData": "Data", "NSMutableData": "Data", "NSUUID": "UUID",
        "NSDecimalNumber": "Decimal", "NSLocale": "Locale", "NSTimeZone": "TimeZone",
        "NSDateComponents": "DateComponents", "NSIndexPath": "IndexPath",
    ].merging(foundationClasses) { table, _ in table }

    /// The rest of Foundation's Objective-C classes that Linux's Foundation has too, each as
    /// Swift names it: its value type where it has one (`NSAttributedString` →
    /// `AttributedString`), else the class under its Swift name (`NSDateFormatter` →
    /// `DateFormatter`). What each can be relied on for is `KnownTypes.foundationTypeFeatures`.
    /// URL loading (`NSURLRequest`, `NSURLSession`, `NSHTTPCookie`…) and XML (`NSXMLParser`…)
    /// are in other modules on Linux (FoundationNetworking, FoundationXML) and stay unknown.
    static let foundationClasses: [String: String] = [
        // Value types.
        "NSAffineTransform": "AffineTransform", "NSAttributedString": "AttributedString",
        "NSMutableAttributedString": "AttributedString", "NSCalendar": "Calendar",
        "NSCharacterSet": "CharacterSet", "NSMutableCharacterSet": "CharacterSet",
        "NSIndexSet": "IndexSet", "NSMutableIndexSet": "IndexSet", "NSURLComponents": "URLComponents",
        "NSURLQueryItem": "URLQueryItem", "NSPersonNameComponents": "PersonNameComponents",
        "NSDateInterval": "DateInterval", "NSNotification": "Notification",
        // Classes under their Swift names.
        "NSObject": "NSObject", "NSValue": "NSValue", "NSNull": "NSNull", "NSError": "NSError",
        "NSRegularExpression": "NSRegularExpression", "NSTextCheckingResult": "NSTextCheckingResult",
        "NSOrthography": "NSOrthography", "NSPredicate": "NSPredicate",
        "NSComparisonPredicate": "NSComparisonPredicate", "NSCompoundPredicate": "NSCompoundPredicate",
        "NSExpression": "NSExpression", "NSSortDescriptor": "NSSortDescriptor",
        "NSDecimalNumberHandler": "NSDecimalNumberHandler", "NSEnumerator": "NSEnumerator",
        "NSCoder": "NSCoder", "NSKeyedArchiver": "NSKeyedArchiver", "NSKeyedUnarchiver": "NSKeyedUnarchiver",
        "NSLock": "NSLock", "NSRecursiveLock": "NSRecursiveLock", "NSCondition": "NSCondition",
        "NSConditionLock": "NSConditionLock",
        "NSFormatter": "Formatter", "NSDateFormatter": "DateFormatter", "NSNumberFormatter": "NumberFormatter",
        "NSISO8601DateFormatter": "ISO8601DateFormatter", "NSDateIntervalFormatter": "DateIntervalFormatter",
        "NSByteCountFormatter": "ByteCountFormatter", "NSPersonNameComponentsFormatter": "PersonNameComponentsFormatter",
        "NSLengthFormatter": "LengthFormatter", "NSMassFormatter": "MassFormatter", "NSEnergyFormatter": "EnergyFormatter",
        "NSUnit": "Unit", "NSDimension": "Dimension", "NSUnitConverter": "UnitConverter",
        "NSUnitConverterLinear": "UnitConverterLinear",
        "NSUnitAcceleration": "UnitAcceleration", "NSUnitAngle": "UnitAngle", "NSUnitArea": "UnitArea",
        "NSUnitConcentrationMass": "UnitConcentrationMass", "NSUnitDispersion": "UnitDispersion",
        "NSUnitDuration": "UnitDuration", "NSUnitElectricCharge": "UnitElectricCharge",
        "NSUnitElectricCurrent": "UnitElectricCurrent", "NSUnitElectricPotentialDifference": "UnitElectricPotentialDifference",
        "NSUnitElectricResistance": "UnitElectricResistance", "NSUnitEnergy": "UnitEnergy",
        "NSUnitFrequency": "UnitFrequency", "NSUnitFuelEfficiency": "UnitFuelEfficiency",
        "NSUnitIlluminance": "UnitIlluminance", "NSUnitInformationStorage": "UnitInformationStorage",
        "NSUnitLength": "UnitLength", "NSUnitMass": "UnitMass", "NSUnitPower": "UnitPower",
        "NSUnitPressure": "UnitPressure", "NSUnitSpeed": "UnitSpeed", "NSUnitTemperature": "UnitTemperature",
        "NSUnitVolume": "UnitVolume",
        "NSProgress": "Progress", "NSBundle": "Bundle", "NSFileHandle": "FileHandle", "NSPipe": "Pipe",
        "NSTask": "Process", "NSThread": "Thread", "NSOperation": "Operation", "NSBlockOperation": "BlockOperation",
        "NSOperationQueue": "OperationQueue", "NSTimer": "Timer", "NSRunLoop": "RunLoop",
        "NSNotificationQueue": "NotificationQueue", "NSUserDefaults": "UserDefaults", "NSScanner": "Scanner",
        "NSStream": "Stream", "NSInputStream": "InputStream", "NSOutputStream": "OutputStream", "NSHost": "Host",
        "NSPort": "Port", "NSSocketPort": "SocketPort", "NSPortMessage": "PortMessage",
        "NSJSONSerialization": "JSONSerialization", "NSPropertyListSerialization": "PropertyListSerialization",
        "NSFileManager": "FileManager", "NSNotificationCenter": "NotificationCenter", "NSProcessInfo": "ProcessInfo",
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

    /// Types Remodel schemas use that have no Swift equivalent on every platform, and what to
    /// write instead. A `%type` of the same name still wins, for a module built only for
    /// Apple platforms.
    static let unavailable: [String: String] = [
        "SEL": "'SEL' has no Swift equivalent on Linux (Selector needs the Objective-C runtime); store the selector's name instead ('NSString *selectorName', turned back with NSSelectorFromString), or, in a module built only for Apple platforms, declare '%type name=Selector library=ObjectiveC' and write 'selector: Selector'",
        "UIEdgeInsets": uiKitOnly("UIEdgeInsets"),
        "NSDirectionalEdgeInsets": uiKitOnly("NSDirectionalEdgeInsets"),
        "UIOffset": uiKitOnly("UIOffset"),
    ]

    private static func uiKitOnly(_ name: String) -> String {
        "'\(name)' comes from UIKit, which not every platform has; store its fields as CGFloat attributes, or, for a module built only for iOS, tvOS or visionOS, declare it with '%type name=\(name) library=UIKit sendable=true'"
    }

    /// Whether a name written without `*` names a block typedef (`RMCompletionBlock`) other
    /// than `dispatch_block_t`, whose signature a schema cannot see: Remodel schemas store
    /// blocks under such names.
    static func isBlockTypeName(_ name: String) -> Bool {
        name.hasSuffix("_block_t") || name.hasSuffix("Block") || name.hasSuffix("Handler")
    }

    /// Block typedefs whose signature every platform fixes, as the block type they stand for.
    static let blockTypedefs: [String: ObjectiveCTypeSyntax] = [
        "dispatch_block_t": ObjectiveCTypeSyntax(name: "void", blockParameters: []),
    ]

    static func blockTypeMessage(_ name: String) -> String {
        "'\(name)' names a block typedef, whose parameters valuegen cannot see (they are in an Objective-C header); write the block's type instead, as in 'void (^)(BOOL, NSError *) completion', which becomes the Swift function type '((Bool, NSError) -> Void)'"
    }

    /// Prefixes of Apple frameworks' Objective-C names: such a name that is not in the table
    /// and not declared with `%type` is an error rather than a guess.
    static let frameworkPrefixes = ["NS", "UI", "CG", "CF", "CA", "CI", "AV", "MK", "CL"]

    static func isFrameworkName(_ name: String) -> Bool {
        frameworkPrefixes.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true
        }
    }
}
