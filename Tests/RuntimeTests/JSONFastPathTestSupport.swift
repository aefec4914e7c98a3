@testable import ValuegenRuntime

// Helpers for the tests that hold the reader's fast paths to the paths they short-cut.

/// What reading a document gives: the value and where the reader stopped, or the error.
enum ReadOutcome<T: Equatable>: Equatable {
    case value(T, end: Int)
    case error(JSONError)
}

/// Reads the bytes with `body` from their start.
func readOutcome<T: Equatable>(_ bytes: [UInt8], _ body: (inout JSONReader) throws(JSONError) -> T) -> ReadOutcome<T> {
    bytes.withUnsafeBytes { buffer in
        var reader = JSONReader(bytes: buffer)
        do throws(JSONError) {
            let value = try body(&reader)
            return .value(value, end: reader.offset)
        } catch {
            return .error(error)
        }
    }
}

/// Reads the text with `body` from its start.
func readOutcome<T: Equatable>(_ text: String, _ body: (inout JSONReader) throws(JSONError) -> T) -> ReadOutcome<T> {
    readOutcome(Array(text.utf8), body)
}
