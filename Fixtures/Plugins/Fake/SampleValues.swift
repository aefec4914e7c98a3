import ValuegenPluginSDK

/// A place in a type that needs a sample value: an attribute (of a value, an object or an ADT
/// subtype) or the single unlabelled payload of an ADT subtype.
struct FakeSlot {
    /// How messages name it: `attribute 'presence'`, `the payload of subtype 'ContactCard'`.
    var description: String
    /// What a `%fake` for it is written before: `the attribute`, `the subtype`.
    var annotatedItem: String
    /// Whether the schema can give it a default value or make it optional (an attribute can;
    /// a subtype's single payload cannot).
    var isAttribute: Bool
    /// The name its strings, URLs and UUIDs are made from.
    var name: String
    var type: TypeReference
    var defaultValue: String?
    var annotations: [Annotation]
    var location: SourceLocation

    init(_ attribute: Attribute) {
        description = "attribute '\(attribute.name)'"
        annotatedItem = "the attribute"
        isAttribute = true
        name = attribute.name
        type = attribute.type
        defaultValue = attribute.defaultValue
        annotations = attribute.annotations
        location = attribute.location
    }

    init(payloadOf adtCase: ADTCase, type: TypeReference) {
        description = "the payload of subtype '\(adtCase.subtypeName)'"
        annotatedItem = "the subtype"
        isAttribute = false
        name = adtCase.name
        self.type = type
        defaultValue = nil
        annotations = adtCase.annotations
        location = adtCase.location
    }
}

extension ModelType {
    /// Every slot of the type, in declaration order.
    var fakeSlots: [FakeSlot] {
        attributes.map(FakeSlot.init) + cases.flatMap(\.fakeSlots)
    }
}

extension ADTCase {
    /// The slots of the subtype's payload: its attributes, or its single unlabelled value.
    var fakeSlots: [FakeSlot] {
        if let single = singleValueType {
            return [FakeSlot(payloadOf: self, type: single)]
        }
        return attributes.map(FakeSlot.init)
    }
}

/// A Swift expression that makes a sample value, and what it needs from the generated file.
struct SampleValue: Equatable {
    var code: String
    /// It names a Foundation type (URL, Date, UUID, Data, Decimal).
    var usesFoundation = false
    /// It calls the `fakeUUID(seed:salt:)` helper printed into the type's extension.
    var usesUUIDHelper = false
}

/// Why a slot has no sample value: a message for the schema's line and column.
struct SampleProblem: Error, Equatable {
    var message: String
    var location: SourceLocation
}

/// Decides the sample value of every slot of one schema file. Everything is decided from the
/// request alone, so the generated code compiles whenever the rules below give a value:
///
/// 1. `%fake value="<expression>"` before the slot: that expression (`seed` is in scope).
/// 2. An optional: `nil`. An array, set or dictionary: empty.
/// 3. A standard library or Foundation type: a value made from the seed and the slot's name.
/// 4. A type of this file that includes Fake: `Type.fake(seed: seed)`, unless that call
///    would lead back to the type it is made for.
/// 5. The slot's default value, when the schema gives one.
/// 6. Otherwise an error telling the user what to write.
struct SampleValues {
    /// The canonical include name, for messages.
    let featureName: String
    /// The types of the file that include Fake: their `fake(seed:)` exists.
    private let fakeTypes: Set<String>
    /// Every type the file declares, whether or not it includes Fake.
    private let declaredTypes: Set<String>
    /// For each type, the types whose `fake(seed:)` it must not call: the call would lead back.
    private let cyclicCalls: [String: Set<String>]

    init(request: GenerationRequest, featureName: String) {
        self.featureName = featureName
        self.declaredTypes = Set(request.types.map(\.name))
        let fakeTypes = Set(request.types(including: featureName).map(\.name))
        self.fakeTypes = fakeTypes
        self.cyclicCalls = Self.cyclicCalls(in: request.types(including: featureName), fakeTypes: fakeTypes)
    }

    /// The annotation name this feature reads.
    static let annotationName = "fake"

    /// The slot's sample value for a type, or why there is none.
    func sample(for slot: FakeSlot, in type: ModelType) -> Result<SampleValue, SampleProblem> {
        if let annotation = slot.annotations.first(where: { $0.name == Self.annotationName }) {
            guard let value = annotation["value"], !value.allSatisfy(\.isWhitespace) else {
                return .failure(SampleProblem(message: "annotation '%\(Self.annotationName)' needs a 'value=' argument: the Swift expression to use, e.g. %\(Self.annotationName) value=\"seed * 10\"", location: annotation.location))
            }
            return .success(SampleValue(code: value))
        }
        if let value = Self.generalSample(of: slot.type, name: slot.name) {
            return .success(value)
        }
        let typeName = slot.type.swift
        let annotate = "write %\(Self.annotationName) value=\"<Swift expression>\" before \(slot.annotatedItem)"
        if fakeTypes.contains(typeName) {
            if cyclicCalls[type.name]?.contains(typeName) != true {
                return .success(SampleValue(code: "\(typeName).fake(seed: seed)"))
            }
            if let defaultValue = slot.defaultValue {
                return .success(SampleValue(code: defaultValue))
            }
            let remedies = (slot.isAttribute ? ["make it optional", "give it a default value"] : []) + [annotate]
            return .failure(SampleProblem(message: "\(featureName) cannot make a value of type '\(typeName)' for \(slot.description): \(typeName).fake(seed:) would call itself forever; \(Self.alternatives(remedies))", location: slot.location))
        }
        if let defaultValue = slot.defaultValue {
            return .success(SampleValue(code: defaultValue))
        }
        let remedies = (declaredTypes.contains(typeName) ? ["include \(featureName) in '\(typeName)'"] : [])
            + (slot.isAttribute ? ["give it a default value"] : []) + [annotate]
        return .failure(SampleProblem(message: "\(featureName) does not know how to make a value of type '\(typeName)' for \(slot.description); \(Self.alternatives(remedies))", location: slot.location))
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func alternatives(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    // MARK: - Values made without the schema's help

    /// Rules 2 and 3: optionals, collections, and the standard types.
    private static func generalSample(of type: TypeReference, name: String) -> SampleValue? {
        if type.isOptional {
            return SampleValue(code: "nil")
        }
        if let empty = emptyCollection(type.swift) {
            return SampleValue(code: empty)
        }
        return standardSample(of: type.swift, name: name)
    }

    /// `[]` or `[:]` when the type is an array, a set or a dictionary.
    private static func emptyCollection(_ type: String) -> String? {
        if type.hasPrefix("Dictionary<") {
            return "[:]"
        }
        if type.hasPrefix("Array<") || type.hasPrefix("Set<") || type.hasPrefix("ContiguousArray<") {
            return "[]"
        }
        guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
        // `[K: V]` has a colon outside any nested brackets; `[[K: V]]` does not.
        var depth = 0
        for character in type.dropFirst().dropLast() {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0: return "[:]"
            default: break
            }
        }
        return "[]"
    }

    private static func standardSample(of type: String, name: String) -> SampleValue? {
        switch type {
        case "Int":
            return SampleValue(code: "seed")
        case "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
            return SampleValue(code: "\(type)(truncatingIfNeeded: seed)")
        case "Double", "Float":
            return SampleValue(code: "\(type)(seed)")
        case "CGFloat", "TimeInterval":
            return SampleValue(code: "\(type)(seed)", usesFoundation: true)
        case "Bool":
            return SampleValue(code: "seed % 2 != 0")
        case "String":
            return SampleValue(code: seededString(name))
        case "Data":
            return SampleValue(code: "Data(\(seededString(name)).utf8)", usesFoundation: true)
        case "Decimal":
            return SampleValue(code: "Decimal(seed)", usesFoundation: true)
        case "URL":
            return SampleValue(code: "URL(string: \"https://example.com/\(urlPathComponent(name))/\\(seed)\")!", usesFoundation: true)
        case "Date":
            // 2023-11-14 plus a day per seed: a plausible date that every seed moves.
            return SampleValue(code: "Date(timeIntervalSince1970: 1_700_000_000 + 86_400 * Double(seed))", usesFoundation: true)
        case "UUID":
            return SampleValue(code: "fakeUUID(seed: seed, salt: \(hexLiteral(nameHash(name))))", usesFoundation: true, usesUUIDHelper: true)
        default:
            return nil
        }
    }

    /// `"nickname-\(seed)"`: a string literal of the name, a hyphen and the seed.
    private static func seededString(_ name: String) -> String {
        SwiftLanguage.stringLiteral(name + "-").dropLast() + "\\(seed)\""
    }

    /// The name with every byte but unreserved URL characters percent-encoded, so that
    /// `URL(string:)` accepts it on every platform.
    private static func urlPathComponent(_ name: String) -> String {
        var result = ""
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + hexDigits(UInt32(byte), count: 2)
            }
        }
        return result
    }

    /// FNV-1a of the name's UTF-8 bytes: the same number on every machine and every run,
    /// which tells the UUIDs of different attributes apart.
    private static func nameHash(_ name: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }

    private static func hexLiteral(_ value: UInt32) -> String {
        "0x" + hexDigits(value, count: 8)
    }

    private static func hexDigits(_ value: UInt32, count: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, count - digits.count)) + digits
    }

    // MARK: - The file's types

    /// The calls `A.fake → B.fake` that lead back to A, found on the graph of every call the
    /// rules would make before looking at defaults.
    private static func cyclicCalls(in types: [ModelType], fakeTypes: Set<String>) -> [String: Set<String>] {
        var calls: [String: Set<String>] = [:]
        for type in types {
            for slot in type.fakeSlots where calledFake(for: slot, fakeTypes: fakeTypes) {
                calls[type.name, default: []].insert(slot.type.swift)
            }
        }
        func reaches(_ start: String, _ goal: String) -> Bool {
            var seen: Set<String> = []
            var pending = [start]
            while let next = pending.popLast() {
                if next == goal { return true }
                guard seen.insert(next).inserted else { continue }
                pending += calls[next] ?? []
            }
            return false
        }
        var cyclic: [String: Set<String>] = [:]
        for (caller, callees) in calls {
            for callee in callees where reaches(callee, caller) {
                cyclic[caller, default: []].insert(callee)
            }
        }
        return cyclic
    }

    /// Whether rule 4 applies to the slot (a call of another type's `fake(seed:)`).
    private static func calledFake(for slot: FakeSlot, fakeTypes: Set<String>) -> Bool {
        !slot.annotations.contains { $0.name == annotationName }
            && generalSample(of: slot.type, name: slot.name) == nil
            && fakeTypes.contains(slot.type.swift)
    }
}
