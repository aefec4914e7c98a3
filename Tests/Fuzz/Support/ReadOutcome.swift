// What the JSON fuzzers compare: what reading some bytes gives. Compiled into a fuzzer that
// names this file on a `// fuzz-support:` line (see run-fuzzers.sh).

/// What reading gives: the value and where the reader stopped, or the error.
enum Outcome<T: Equatable>: Equatable {
    case value(T, end: Int)
    case error(JSONError)
}

/// Reads `input` from its start with `body`.
func outcome<T: Equatable>(_ input: UnsafeRawBufferPointer, _ body: (inout JSONReader) throws(JSONError) -> T) -> Outcome<T> {
    var reader = JSONReader(bytes: input)
    do throws(JSONError) {
        let value = try body(&reader)
        return .value(value, end: reader.offset)
    } catch {
        return .error(error)
    }
}
