import ValuegenPluginSDK

/// RFC 6901 JSON pointers: `""` is the whole document, `/types/0/name` a member of an element.
enum JSONPointer {
    static func resolve(_ pointer: String, in document: JSONValue) -> JSONValue? {
        guard !pointer.isEmpty else { return document }
        guard pointer.hasPrefix("/") else { return nil }
        var current = document
        for rawToken in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = rawToken.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let members):
                guard let member = members.first(where: { $0.key == token }) else { return nil }
                current = member.value
            case .array(let elements):
                // RFC 6901: "0" or digits without a leading zero; no sign, no spaces.
                guard !token.isEmpty, token.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      token == "0" || !token.hasPrefix("0"),
                      let index = Int(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}

private extension Substring {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard contains("~") else { return String(self) }
        var result = ""
        var rest = self[...]
        while let range = rest.range(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        Substring(self).replacingOccurrences(of: target, with: replacement)
    }
}

private extension Substring {
    func range(of target: String) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                return index..<self.index(index, offsetBy: target.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
