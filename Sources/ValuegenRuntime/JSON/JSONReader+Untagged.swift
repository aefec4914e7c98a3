// Untagged ADT values (`%coding representation=untagged`): no tag names the case, so generated
// code tries each case in turn, from the value's start, and the first whose payload reads wins.

/// The cases an untagged ADT value has tried, and why each did not fit: what
/// ``noCaseFits(_:at:)`` says when none did.
public struct UntaggedAttempts {
    @usableFromInline var failures: [(caseName: StaticString, error: JSONError)] = []

    /// No case tried yet.
    @inlinable
    public init() {}

    /// The error once every case failed, at the value: `no case of Source fits the value;
    /// tried id (expected a string, found '{'), customer (at .email: missing member "email")`.
    public func noCaseFits(_ typeName: StaticString, at reader: JSONReader) -> JSONError {
        reader.error(UntaggedCases.noCaseFits(typeName.description, tried: failures.map { ($0.caseName.description, $0.error.path, $0.error.message) }))
    }
}

extension JSONReader {
    /// Reads the value at the reader as the case `caseName` of an untagged ADT: `read`'s
    /// value, or nil when `read` throws. Then the reader is back at the value's start, as if
    /// nothing had been read, and the failure is kept in `attempts` for the error that no case
    /// fits. A failure that must pass on throws instead:
    ///
    /// - the look-ahead budget spent, here or inside (see ``peekDiscriminator(_:)``): each
    ///   failed case counts the bytes it read against the same budget, so that untagged values
    ///   nested in one another, whose failing cases read everything inside them again, cannot
    ///   make a document cost exponential time;
    /// - an ADT value read in one pass that has to be read again in two: the outermost one
    ///   reads everything again, this value's cases included.
    @inlinable
    public mutating func attemptCase<Value>(_ caseName: StaticString, _ attempts: inout UntaggedAttempts, _ read: (inout JSONReader) throws(JSONError) -> Value) throws(JSONError) -> Value? {
        skipWhitespace()
        let start = self
        do {
            return try read(&self)
        } catch {
            try rewindFailedCase(to: start, error)
            attempts.failures.append((caseName, error))
            return nil
        }
    }

    /// Back to `start` after a case did not fit, its bytes counted against the look-ahead
    /// budget; throws what must pass on (see ``attemptCase(_:_:_:)``).
    @usableFromInline
    mutating func rewindFailedCase(to start: JSONReader, _ error: JSONError) throws(JSONError) {
        if variantNeedsTwoPasses && variantsInOnePass > 0 || bytesReadAhead > lookaheadBudget {
            throw error
        }
        let read = position - start.position
        rewind(to: start)
        bytesReadAhead += read
        guard bytesReadAhead <= lookaheadBudget else {
            throw fail("untagged values nested in one another whose cases fail deep inside: trying them would read the document too many times over")
        }
    }
}

/// The words of the error that no case of an untagged ADT fits, through JSON and Coding alike.
enum UntaggedCases {
    /// `no case of Source fits the value; tried id (expected a string, found '{'), customer
    /// (at .email: missing member "email")`: each case, where in the value it failed and why.
    static func noCaseFits(_ typeName: String, tried: [(caseName: String, path: [JSONPathComponent], message: String)]) -> String {
        let reasons = tried.map { attempt in
            let place = attempt.path.isEmpty ? "" : "at " + JSONError(message: "", offset: 0, path: attempt.path).pathDescription.dropFirst() + ": "
            return "\(attempt.caseName) (\(place)\(attempt.message))"
        }
        return "no case of \(typeName) fits the value; tried " + reasons.joined(separator: ", ")
    }
}
