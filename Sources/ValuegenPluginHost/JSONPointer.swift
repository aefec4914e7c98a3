import ValuegenPluginSDK

/// RFC 6901 JSON pointers: `""` is the whole document, `/types/0/name` a member of an element.
///
/// Plugins written in C query the request this way for every attribute they read, so a
/// pointer is resolved on its UTF-8 bytes, without building strings.
enum JSONPointer {
    static func resolve(_ pointer: String, in document: JSONValue) -> JSONValue? {
        var pointer = pointer
        return pointer.withUTF8 { resolve($0, in: document) }
    }

    static func resolve(_ pointer: UnsafeBufferPointer<UInt8>, in document: JSONValue) -> JSONValue? {
        guard !pointer.isEmpty else { return document }
        guard pointer[0] == UInt8(ascii: "/") else { return nil }
        var current = document
        var start = 1
        while true {
            var end = start
            while end < pointer.count, pointer[end] != UInt8(ascii: "/") {
                end += 1
            }
            let token = UnsafeBufferPointer(rebasing: pointer[start..<end])
            switch current {
            case .object(let members):
                guard let member = members.first(where: { matches($0.key, token) }) else { return nil }
                current = member.value
            case .array(let elements):
                guard let index = arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
            guard end < pointer.count else { return current }
            start = end + 1
        }
    }

    /// RFC 6901: "0" or digits without a leading zero; no sign, no spaces.
    private static func arrayIndex(_ token: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !token.isEmpty, token.count <= 18, token.count == 1 || token[0] != UInt8(ascii: "0") else { return nil }
        var index = 0
        for byte in token {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            index = index * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return index
    }

    /// Whether the member key equals the token once `~1` → `/` and `~0` → `~` are undone.
    private static func matches(_ key: String, _ token: UnsafeBufferPointer<UInt8>) -> Bool {
        var keyBytes = key.utf8.makeIterator()
        var index = 0
        while index < token.count {
            var byte = token[index]
            if byte == UInt8(ascii: "~"), index + 1 < token.count {
                switch token[index + 1] {
                case UInt8(ascii: "1"): byte = UInt8(ascii: "/"); index += 1
                case UInt8(ascii: "0"): byte = UInt8(ascii: "~"); index += 1
                default: break
                }
            }
            guard keyBytes.next() == byte else { return false }
            index += 1
        }
        return keyBytes.next() == nil
    }
}
