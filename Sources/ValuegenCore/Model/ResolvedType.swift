/// A Swift type resolved from its schema spelling, with what later stages need to know of it.
struct ResolvedType: Sendable, Equatable {
    /// The Swift spelling, e.g. `[String: Double]?`.
    var swift: String
    /// The spelling without the outermost `?`.
    var wrapped: String
    var isOptional: Bool
    /// Whether the outermost (non-optional) type is an existential `any P`.
    var isExistential: Bool
    /// Whether an existential appears anywhere in the type.
    var containsExistential: Bool
    /// Whether it mentions a Foundation type.
    var needsFoundation: Bool

    static func named(_ name: String, arguments: [ResolvedType]) -> ResolvedType {
        let spelling = arguments.isEmpty ? name : "\(name)<\(arguments.map(\.swift).joined(separator: ", "))>"
        return ResolvedType(
            swift: spelling, wrapped: spelling, isOptional: false, isExistential: false,
            containsExistential: arguments.contains { $0.containsExistential },
            needsFoundation: KnownTypes.isFoundation(name) || arguments.contains { $0.needsFoundation }
        )
    }

    static func array(_ element: ResolvedType) -> ResolvedType {
        element.wrapping("[\(element.swift)]")
    }

    static func set(_ element: ResolvedType) -> ResolvedType {
        element.wrapping("Set<\(element.swift)>")
    }

    static func dictionary(_ key: ResolvedType, _ value: ResolvedType) -> ResolvedType {
        var result = value.wrapping("[\(key.swift): \(value.swift)]")
        result.containsExistential = result.containsExistential || key.containsExistential
        result.needsFoundation = result.needsFoundation || key.needsFoundation
        return result
    }

    /// A block's Swift function type, in parentheses so that `?` and `@escaping` apply to the
    /// whole of it: `((Bool) -> Void)`. It can be neither compared, hashed, coded nor known to
    /// be `Sendable`, so it counts as an existential does.
    static func function(_ parameters: [ResolvedType], returning result: ResolvedType) -> ResolvedType {
        let spelling = "((\(parameters.map(\.swift).joined(separator: ", "))) -> \(result.swift))"
        return ResolvedType(
            swift: spelling, wrapped: spelling, isOptional: false, isExistential: false, containsExistential: true,
            needsFoundation: result.needsFoundation || parameters.contains { $0.needsFoundation }
        )
    }

    static func existential(_ constraint: ResolvedType) -> ResolvedType {
        var result = constraint.wrapping("any \(constraint.swift)")
        result.isExistential = true
        result.containsExistential = true
        return result
    }

    /// The optional of this type; already optional types stay as they are.
    var optional: ResolvedType {
        guard !isOptional else { return self }
        var result = self
        result.swift = isExistential ? "(\(swift))?" : "\(swift)?"
        result.isOptional = true
        return result
    }

    /// This type without the outermost optional.
    var nonOptional: ResolvedType {
        guard isOptional else { return self }
        var result = self
        result.swift = wrapped
        result.isOptional = false
        return result
    }

    /// A new non-optional type spelled as given that contains this one.
    private func wrapping(_ spelling: String) -> ResolvedType {
        var result = self
        result.swift = spelling
        result.wrapped = spelling
        result.isOptional = false
        result.isExistential = false
        return result
    }
}
