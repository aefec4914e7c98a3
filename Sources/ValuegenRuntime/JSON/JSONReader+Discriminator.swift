// ADT values: an object whose member "type" (the discriminator) names the case, and whose
// other members are the case's. Generated code reads them with `readVariant`.

extension JSONReader {
    /// The string value of the member with the given name in the object at the reader's
    /// position, found without moving the reader (it reads a copy), or nil when the object
    /// has no such member. ``readVariant(_:ifMissing:_:)`` reads the discriminator this way
    /// when it does not come first, wherever it stands in the object, and then the object
    /// again for the case's members.
    ///
    /// Each look-ahead reads the whole object, nested values included, so ADT values nested
    /// one in the other with their discriminators last are read once per level: a hostile
    /// document 500 levels deep would be read 500 times over. The look-aheads of one document
    /// may read at most ``lookaheadBudget`` bytes in all; past it, this throws.
    public mutating func peekDiscriminator(_ name: StaticString) throws(JSONError) -> String? {
        guard bytesReadAhead <= lookaheadBudget else { throw lookaheadBudgetSpent(name) }
        var lookahead = self
        var found: String?
        try lookahead.readObject { reader, key throws(JSONError) in
            if key.matches(name) {
                // A value has one case: two would name it twice, and the last must not win
                // silently.
                guard found == nil else {
                    throw reader.fail("the member \"\(name)\" appears twice in an ADT value; it names the value's one case")
                }
                found = try reader.readString()
            }
        }
        bytesReadAhead += lookahead.position - position
        guard bytesReadAhead <= lookaheadBudget else { throw lookaheadBudgetSpent(name) }
        return found
    }

    private func lookaheadBudgetSpent(_ name: StaticString) -> JSONError {
        fail("ADT values nested with their \"\(name)\" members after their other members: finding them would read the document too many times over (write \"\(name)\" first)")
    }

    /// The bytes the look-aheads for discriminators may read in all: 16 times the document,
    /// enough for ADT values with their discriminators last nested 16 deep however large they
    /// are, and 16 MB more, enough for such values nested to the depth limit in a document of
    /// a few hundred kilobytes. Reading that much takes milliseconds.
    @usableFromInline
    var lookaheadBudget: Int {
        16 * byteCount + (16 << 20)
    }

    /// Back to `start`, keeping what the look-aheads have read since.
    @usableFromInline
    mutating func rewind(to start: JSONReader) {
        let bytesReadAhead = bytesReadAhead
        self = start
        self.bytesReadAhead = bytesReadAhead
    }

    /// Reads an ADT value's object: `body` gets the case name, the string value of the
    /// member `discriminator`, reads the case's members with ``readCaseMembers(_:)`` and
    /// makes the value.
    ///
    /// The value and the errors are those of two passes: the whole object read for the
    /// discriminator (``peekDiscriminator(_:)``; a missing one is an error with the message
    /// `ifMissing`), then the object again for the case's members. So a malformed member after a
    /// wrong one is the error, and a repeated discriminator is an error. But when
    /// the discriminator is the first member, as generated code writes it, the object is read
    /// in one pass:
    ///
    /// - the members read, the value is that of two passes (nothing was malformed, and no
    ///   member named the case again);
    /// - an error while the members are read is that of two passes when the first pass finds
    ///   the object well-formed and the same case name: the second pass would read the same
    ///   members the same way. The first pass decides, and nothing is read a third time;
    /// - an unknown case name is found before any member is read: the two passes follow;
    /// - a repeated discriminator (or a case name the error came before) makes the outermost
    ///   variant read in one pass read everything again in two passes, once.
    ///
    /// So no document costs more than its two-pass reading and one more.
    // Its own body, not a call of the guessing variant below: code generated before issue 38
    // (and hand-written readers) reads nested ADT values through it, and a call more a level
    // took the tests' 512 levels of `Shape` past a debug build's 8 MB stack.
    @inlinable
    public mutating func readVariant<Value>(
        _ discriminator: StaticString,
        ifMissing message: @autoclosure () -> String,
        _ body: (inout JSONReader, String) throws(JSONError) -> Value
    ) throws(JSONError) -> Value {
        let start = self
        if !variantsInTwoPasses, let caseName = openVariantInOnePass(discriminator) {
            variantsInOnePass += 1
            var value: Value?
            var failure: JSONError?
            do {
                value = try body(&self, caseName)
            } catch {
                failure = error
            }
            variantsInOnePass -= 1
            let membersWereRead = variantIsClosed
            if let value, membersWereRead, !variantNeedsTwoPasses {
                return value
            }
            if !variantNeedsTwoPasses {
                rewind(to: start)
                let found: String?
                do {
                    found = try peekDiscriminator(discriminator)
                } catch {
                    // Past the look-ahead budget, the error one pass found stands.
                    throw bytesReadAhead > lookaheadBudget ? failure ?? error : error
                }
                guard let found else {
                    throw error(message())
                }
                guard let failure, membersWereRead else {
                    // No member was read (an unknown case name): the second pass is all to do.
                    return try body(&self, found)
                }
                if found == caseName {
                    throw failure
                }
                variantNeedsTwoPasses = true
            }
            // Read again in two passes, from the outermost variant read in one pass.
            guard variantsInOnePass == 0 else {
                throw fail("a variant to read again in two passes")
            }
            rewind(to: start)
            variantsInTwoPasses = true
            let result = Result { () throws(JSONError) in try readVariantInTwoPasses(discriminator, ifMissing: message(), body) }
            variantsInTwoPasses = false
            return try result.get()
        }
        return try readVariantInTwoPasses(discriminator, ifMissing: message(), body)
    }

    /// ``readVariant(_:ifMissing:_:)``, which also reads in one pass an object whose first
    /// member is not the discriminator but one that only one case has: `guess` gives that
    /// case's tag for such a member's name (nil for any other). The case's members are read as
    /// that case's, and the discriminator, when it comes, must name it; when it names another
    /// case, or none comes, or it comes twice, the object is read in two passes as
    /// ``readVariant(_:ifMissing:_:)`` reads it (from the outermost variant read in one pass),
    /// with the same value and errors.
    @inlinable
    public mutating func readVariant<Value>(
        _ discriminator: StaticString,
        ifMissing message: @autoclosure () -> String,
        guessingFrom guess: (JSONKey) -> StaticString?,
        _ body: (inout JSONReader, String) throws(JSONError) -> Value
    ) throws(JSONError) -> Value {
        let start = self
        if !variantsInTwoPasses, let caseName = openVariantInOnePass(discriminator) ?? openVariantByGuess(discriminator, guess) {
            variantsInOnePass += 1
            var value: Value?
            var failure: JSONError?
            do {
                value = try body(&self, caseName)
            } catch {
                failure = error
            }
            variantsInOnePass -= 1
            let membersWereRead = variantIsClosed
            if let value, membersWereRead, !variantNeedsTwoPasses {
                return value
            }
            if !variantNeedsTwoPasses {
                rewind(to: start)
                let found: String?
                do {
                    found = try peekDiscriminator(discriminator)
                } catch {
                    // Past the look-ahead budget, the error one pass found stands.
                    throw bytesReadAhead > lookaheadBudget ? failure ?? error : error
                }
                guard let found else {
                    throw error(message())
                }
                guard let failure, membersWereRead else {
                    // No member was read (an unknown case name): the second pass is all to do.
                    return try body(&self, found)
                }
                if found == caseName {
                    throw failure
                }
                variantNeedsTwoPasses = true
            }
            // Read again in two passes, from the outermost variant read in one pass.
            guard variantsInOnePass == 0 else {
                throw fail("a variant to read again in two passes")
            }
            rewind(to: start)
            variantsInTwoPasses = true
            let result = Result { () throws(JSONError) in try readVariantInTwoPasses(discriminator, ifMissing: message(), body) }
            variantsInTwoPasses = false
            return try result.get()
        }
        return try readVariantInTwoPasses(discriminator, ifMissing: message(), body)
    }

    /// The two passes of ``readVariant(_:ifMissing:_:)``.
    @inlinable
    mutating func readVariantInTwoPasses<Value>(
        _ discriminator: StaticString,
        ifMissing message: @autoclosure () -> String,
        _ body: (inout JSONReader, String) throws(JSONError) -> Value
    ) throws(JSONError) -> Value {
        guard let caseName = try peekDiscriminator(discriminator) else {
            throw error(message())
        }
        return try body(&self, caseName)
    }

    /// The case's members of the object that ``readVariant(_:ifMissing:_:)`` opened, as
    /// ``readObject(_:)`` reads them: the discriminator is one of them (generated code skips
    /// it).
    @inlinable
    public mutating func readCaseMembers(_ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void) throws(JSONError) {
        guard let variant = openVariant else {
            try readObject(body)
            return
        }
        openVariant = nil
        if let guessed = variant.guessedTag {
            try readGuessedCaseMembers(guessed, discriminator: variant.discriminator, body)
            return
        }
        // One pass: the `{` and the discriminator member have been read. The discriminator
        // is the first member `body` gets, as from `readObject`.
        let key = JSONKey(bytes: UnsafeRawBufferPointer(rebasing: bytes[variant.keyStart..<(variant.keyStart + variant.discriminator.utf8CodeUnitCount)]), unescaped: nil)
        position = variant.valueStart
        do {
            try body(&self, key)
        } catch {
            throw error.inside(.key(key.string))
        }
        if position == variant.valueStart {
            // Checked as `skipValue()` would when it was read.
            position = variant.valueEnd
        }
        skipWhitespace()
        guard position < byteCount else { throw fail("unexpected end of the document in an object") }
        if byte(at: position) == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return
        }
        guard byte(at: position) == UInt8(ascii: ",") else {
            throw fail("expected ',' or '}' in an object, found \(describeNext())")
        }
        position += 1
        // A second discriminator would name the case in two passes: read it so.
        try readMembers(body, refusing: variant.discriminator)
    }

    /// When the object at the offset starts with the member `discriminator` and a string
    /// value: reads them (and the `{`) and returns the string; otherwise nil, and the reader
    /// has not moved.
    @inlinable
    mutating func openVariantInOnePass(_ discriminator: StaticString) -> String? {
        let name = discriminator.utf8CodeUnitCount
        let objectStart = nonWhitespace(from: position)
        // Too deep a level is refused by the two passes' `enter()`, with its error.
        guard objectStart < byteCount, byte(at: objectStart) == UInt8(ascii: "{"), depth < ThreadStack.shallowDepth || canEnterDeepLevel() else { return nil }
        var index = nonWhitespace(from: objectStart + 1)
        // The name without escapes, between quotes.
        let keyStart = index + 1
        guard keyStart + name < byteCount, byte(at: index) == UInt8(ascii: "\""), byte(at: keyStart + name) == UInt8(ascii: "\""),
              JSONKey(bytes: UnsafeRawBufferPointer(start: baseAddress + keyStart, count: name), unescaped: nil).matches(discriminator) else {
            return nil
        }
        index = nonWhitespace(from: keyStart + name + 1)
        guard index < byteCount, byte(at: index) == UInt8(ascii: ":") else { return nil }
        let valueStart = nonWhitespace(from: index + 1)
        guard valueStart < byteCount, byte(at: valueStart) == UInt8(ascii: "\"") else { return nil }
        let start = position
        position = valueStart
        guard let caseName = try? readString() else {
            position = start
            return nil
        }
        depth += 1
        openVariant = OpenVariant(discriminator: discriminator, objectStart: objectStart, keyStart: keyStart, valueStart: valueStart, valueEnd: position)
        return caseName
    }

    /// When the object at the offset has, before any member whose name has escapes, a member
    /// whose name `guess` gives a case's tag for, or the discriminator with a string value:
    /// reads the `{` and returns that tag, for the case's members to be read in one pass;
    /// otherwise nil, and the reader has not moved. The members before it are looked at
    /// without being read (their bytes count as read ahead, as ``peekDiscriminator(_:)``'s do).
    @inlinable
    mutating func openVariantByGuess(_ discriminator: StaticString, _ guess: (JSONKey) -> StaticString?) -> String? {
        let objectStart = nonWhitespace(from: position)
        guard objectStart < byteCount, byte(at: objectStart) == UInt8(ascii: "{"), depth < ThreadStack.shallowDepth || canEnterDeepLevel() else { return nil }
        var scan = self
        scan.position = objectStart + 1
        var tag: String?
        while tag == nil {
            let quote = nonWhitespace(from: scan.position)
            guard quote < byteCount, byte(at: quote) == UInt8(ascii: "\"") else { return nil }
            var end = quote + 1
            while end < byteCount, byte(at: end) != UInt8(ascii: "\""), byte(at: end) != UInt8(ascii: "\\") {
                end += 1
            }
            let colon = nonWhitespace(from: end + 1)
            guard end < byteCount, byte(at: end) == UInt8(ascii: "\""), colon < byteCount, byte(at: colon) == UInt8(ascii: ":") else { return nil }
            let key = JSONKey(bytes: UnsafeRawBufferPointer(start: baseAddress + quote + 1, count: end - quote - 1), unescaped: nil)
            scan.position = nonWhitespace(from: colon + 1)
            if key.matches(discriminator) {
                guard scan.nextIs(UInt8(ascii: "\"")), let named = try? scan.readString() else { return nil }
                tag = named
            } else if let guessed = guess(key) {
                tag = guessed.description
            } else {
                guard (try? scan.skipValue()) != nil else { return nil }
                let next = nonWhitespace(from: scan.position)
                guard next < byteCount, byte(at: next) == UInt8(ascii: ",") else { return nil }
                scan.position = next + 1
            }
        }
        bytesReadAhead += scan.position - objectStart
        guard bytesReadAhead <= lookaheadBudget, let tag else { return nil }
        position = objectStart + 1
        depth += 1
        openVariant = OpenVariant(discriminator: discriminator, objectStart: objectStart, guessedTag: tag)
        return tag
    }

    /// The members of an object opened by ``openVariantByGuess(_:_:)``, read as case
    /// `guessed`'s; the discriminator among them must name that case, once. Otherwise the
    /// variant is read again in two passes.
    @inlinable
    mutating func readGuessedCaseMembers(
        _ guessed: String, discriminator: StaticString, _ body: (inout JSONReader, JSONKey) throws(JSONError) -> Void
    ) throws(JSONError) {
        var confirmed = false
        try readMembers({ reader, key throws(JSONError) in
            guard key.matches(discriminator) else {
                try body(&reader, key)
                return
            }
            reader.skipWhitespace()
            let valueStart = reader.position
            if !confirmed, reader.nextIs(UInt8(ascii: "\"")), let tag = try? reader.readString(), tag == guessed {
                confirmed = true
                return
            }
            reader.position = valueStart
            reader.variantNeedsTwoPasses = true
            throw reader.fail("a variant whose case was guessed otherwise")
        }, refusing: nil)
        guard confirmed else {
            variantNeedsTwoPasses = true
            throw fail("a variant whose case was guessed without its \(discriminator)")
        }
    }

    /// The first index from `index` on that is not white space (or the end).
    @inlinable @inline(__always)
    func nonWhitespace(from index: Int) -> Int {
        var index = index
        while index < byteCount {
            switch byte(at: index) {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return index
            }
        }
        return index
    }

    /// Whether the case's members were read (always, in generated code).
    @inlinable
    var variantIsClosed: Bool {
        openVariant == nil
    }
}

/// Where the first member of an object opened by `readVariant` is.
@usableFromInline
struct OpenVariant {
    @usableFromInline var discriminator: StaticString
    /// Where the object's `{` is: the start of what ``JSONReader/readUnknownVariant()`` returns.
    @usableFromInline var objectStart: Int
    /// Where the discriminator's name starts (after its quote).
    @usableFromInline var keyStart: Int
    /// Where its value starts and ends.
    @usableFromInline var valueStart: Int
    @usableFromInline var valueEnd: Int

    /// The tag of the case a member only it has made `readVariant` guess (or the discriminator
    /// found after other members), when the object does not start with the discriminator (nil
    /// when it does): its `{` has been read, and none of its members.
    @usableFromInline var guessedTag: String?

    @usableFromInline
    init(discriminator: StaticString, objectStart: Int, keyStart: Int, valueStart: Int, valueEnd: Int) {
        self.discriminator = discriminator
        self.objectStart = objectStart
        self.keyStart = keyStart
        self.valueStart = valueStart
        self.valueEnd = valueEnd
    }

    @usableFromInline
    init(discriminator: StaticString, objectStart: Int, guessedTag: String) {
        self.init(discriminator: discriminator, objectStart: objectStart, keyStart: objectStart, valueStart: objectStart, valueEnd: objectStart)
        self.guessedTag = guessedTag
    }
}
