import Foundation
import Testing
import ValuegenRuntime

/// An error quotes at most a few dozen bytes of the input, however long the token it is about
/// (issue 37: a 1 MB number gave a 1 MB message).
@Suite struct JSONErrorLengthTests {
    static let digits = String(repeating: "9", count: 1_000_000)
    static let letters = String(repeating: "a", count: 1_000_000)

    static let documents: [String] = [
        "[" + digits + "]",
        digits,
        "{\"a\":" + digits + "}",
        "1" + String(repeating: "0", count: 1_000_000) + ".5",
        "-" + digits,
        "1e" + digits,
        "\"" + letters + "\\x\"",
        "\"" + letters + "\"",
        "[" + letters + "]",
        "{\"" + letters + "\":1}",
    ]

    @Test(arguments: documents.indices)
    func anErrorQuotesAFewDozenBytesAtMost(_ index: Int) {
        let bytes = Array(Self.documents[index].utf8)
        var messages: [String] = []
        do { _ = try [Int](jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try Int(jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try Double(jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try Bool(jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try [String: Int](jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try [Date](jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try Date(jsonBytes: bytes) } catch { messages.append("\(error)") }
        do { _ = try [Float](jsonBytes: bytes) } catch { messages.append("\(error)") }
        #expect(!messages.isEmpty)
        for message in messages {
            #expect(message.utf8.count <= 200, "\(message.utf8.count) bytes: \(message.prefix(120))…")
        }
    }
}
