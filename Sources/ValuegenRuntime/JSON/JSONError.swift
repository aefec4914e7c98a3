/// Why a JSON document could not be read: what was expected, at which byte, and where in the
/// document (`$.users[3].nickname`).
public struct JSONError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, e.g. `expected a string, found 42`.
    public var message: String
    /// The byte offset in the document where it went wrong.
    public var offset: Int
    /// The path from the root to the value, innermost last.
    public var path: [JSONPathComponent]

    /// An error; the reader adds the path as the error passes out through members and elements.
    public init(message: String, offset: Int, path: [JSONPathComponent] = []) {
        self.message = message
        self.offset = offset
        self.path = path
    }

    /// `$.users[3].nickname`.
    public var pathDescription: String {
        var text = "$"
        for component in path {
            switch component {
            case .key(let key):
                if !key.isEmpty, key.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) {
                    text += "." + key
                } else {
                    text += "[\"" + key.replacingQuotes + "\"]"
                }
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// `expected a string, found a number at byte 97 ($.users[3].nickname)`.
    public var description: String {
        "\(message) at byte \(offset) (\(pathDescription))"
    }

    /// The same error one level further out: thrown through a member or an element, the
    /// component is added in front. Costs nothing until something fails.
    @usableFromInline
    func inside(_ component: JSONPathComponent) -> JSONError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }
}

/// One step of a path into a JSON document.
public enum JSONPathComponent: Equatable, Sendable {
    /// A member of an object, by name.
    case key(String)
    /// An element of an array, from 0.
    case index(Int)
}

private extension String {
    var replacingQuotes: String {
        var result = ""
        for character in self {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
