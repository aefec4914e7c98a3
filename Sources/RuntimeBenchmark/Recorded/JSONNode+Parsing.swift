// Reading a recorded response into a JSONNode, its members in their order (which
// JSONSerialization's dictionaries lose), so that a varied copy prints as the server wrote it.
// The PluginSDK's parser reads it; the excerpts are well-formed, anything else stops the
// benchmark.
import ValuegenPluginSDK

extension JSONNode {
    init(parsing text: String) {
        do {
            self = JSONNode(try JSONParser.parse(text))
        } catch {
            preconditionFailure("a recorded excerpt is not JSON: \(error)")
        }
    }

    private init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        // The recordings' numbers are integers well below 2^53, or fractions.
        case .number(let number): self = number.rounded() == number ? .integer(Int(number)) : .double(number)
        // The excerpts are ASCII: what is not was written as `\u` escapes, as the fixtures write it.
        case .string(let text): self = .string(text, escapesNonASCII: !text.allSatisfy(\.isASCII))
        case .array(let elements): self = .array(elements.map(JSONNode.init))
        case .object(let members): self = .object(members.map { (key: $0.key, value: JSONNode($0.value)) })
        }
    }
}
