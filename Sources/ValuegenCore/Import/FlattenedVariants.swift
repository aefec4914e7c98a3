/// Which components a discriminated union holds whole, as `%singleAttributeSubtype` cases of
/// an ADT with `%coding payloads=flattened`, rather than as its members copied into each case:
/// those the document uses as `$ref` variants of unions tagged by one property (and of no
/// union tagged by another), and that map to values with that property. A component used only
/// so is imported without the property (it would collide with the tag, which the union
/// writes); one also used elsewhere keeps it there, and the unions hold a copy of it without
/// the property, `ComponentVariant`, declared once.
struct FlattenedVariants {
    /// Component → the discriminator of the tagged unions that use it, and how many times.
    private var uses: [String: [String: Int]] = [:]

    /// A tagged union's `$ref` variant of `component`, tagged by `property`.
    mutating func recordVariant(_ component: String, property: String) {
        uses[component, default: [:]][property, default: 0] += 1
    }

    var isEmpty: Bool { uses.isEmpty }

    /// The components unions hold whole, each with the property to leave out: `only` those
    /// every `$ref` of the document to which (or into which) is a variant of a union tagged by
    /// that property, `alsoElsewhere` those with other references too; each a value with that
    /// property in `types` (after a first mapping).
    func holdable(in root: JSONValue, types: [ImportedType], typeNames: [String: String]) -> (only: [String: String], alsoElsewhere: [String: String]) {
        let references = Self.referenceCounts(in: root)
        // The first type of each name, as a search of `types` would find it.
        let typesByName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var only: [String: String] = [:]
        var alsoElsewhere: [String: String] = [:]
        for (component, properties) in uses {
            guard properties.count == 1, let (property, count) = properties.first,
                  let name = typeNames[component], let type = typesByName[name],
                  case .value(let attributes) = type.shape, attributes.contains(where: { $0.key == property }) else { continue }
            if references[component] == count {
                only[component] = property
            } else {
                alsoElsewhere[component] = property
            }
        }
        return (only, alsoElsewhere)
    }

    /// How many `$ref`s of the whole document point to each component or into it.
    private static func referenceCounts(in root: JSONValue) -> [String: Int] {
        var counts: [String: Int] = [:]
        var stack = [root]
        while let next = stack.popLast() {
            switch next {
            case .object(let members):
                for member in members {
                    if member.key == "$ref", let target = member.value.stringValue {
                        if let component = ImportSelection.component(containing: target) {
                            counts[component, default: 0] += 1
                        }
                    } else {
                        stack.append(member.value)
                    }
                }
            case .array(let elements):
                stack += elements
            default:
                break
            }
        }
        return counts
    }
}
