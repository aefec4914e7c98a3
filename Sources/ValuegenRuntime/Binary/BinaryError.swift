/// Why binary data could not be read: what went wrong, at which byte of the data (the header
/// included), and where in the value: the field numbers and element indices from the root.
public struct BinaryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What went wrong, e.g. `300 is out of the range of Int8`.
    public var message: String
    /// The byte offset in the data (counted from its first byte, the header's) where it went wrong.
    public var offset: Int
    /// From the root to the value, innermost last: a message contributes the number of the
    /// field the value is in, an array, a set or a dictionary the index of the element or entry.
    public var path: [Int]

    /// An error at `offset`; readers add the path as it passes through fields and elements.
    public init(message: String, offset: Int, path: [Int] = []) {
        self.message = message
        self.offset = offset
        self.path = path
    }

    /// `$` for the root, `$.4.2.1` for field 1 of the message that is element 2 of field 4.
    public var pathDescription: String {
        var text = "$"
        for component in path {
            text += ".\(component)"
        }
        return text
    }

    /// `300 is out of the range of Int8 at byte 12 ($.4.2.1)`.
    public var description: String {
        "\(message) at byte \(offset) (\(pathDescription))"
    }

    /// The same error one level further out: thrown through a field or an element, its number
    /// or index is added in front. Costs nothing until something fails.
    @usableFromInline
    func inside(_ component: Int) -> BinaryError {
        var error = self
        error.path.insert(component, at: 0)
        return error
    }
}
