import Foundation

// URLs. Building a `URL` is the toolchain's work and costs far more than reading its string
// (about 390 ns to parse and validate one with `URL(string:)`, 900 ns when it percent-encodes,
// about 90 ns more to free it, against 65 ns for a copy of its string: issue 38, Performance.md),
// so the reader does as little of it as it can while giving exactly what `URL(string:)` gives:
// - a URL string read again in the same document gives the same `URL` (one parse, one
//   storage, one release): REST pages repeat their repository's and users' URLs;
// - a string made only of characters RFC 3986 allows is handed to the toolchain's strict
//   parser, which skips the search for characters to percent-encode; anything else, and
//   whatever the strict parser refuses, goes to `URL(string:)` itself.

extension JSONReader {
    /// A URL string, as `URL(string:)` makes it; a string it refuses is an error at the
    /// string's first byte.
    public mutating func readURL() throws(JSONError) -> URL {
        skipWhitespace()
        let start = position
        guard start < byteCount, byte(at: start) == UInt8(ascii: "\"") else {
            return try readURLString()
        }
        if documentURLs == nil {
            documentURLs = DocumentURLs()
        }
        // Looked up and stored through a reference that is not retained: the reader holds the
        // table, and reading a string cannot let it go.
        let urls = Unmanaged.passUnretained(documentURLs.unsafelyUnwrapped)
        if urls._withUnsafeGuaranteedRef({ $0.readsNextURLAlone() }) {
            return try readURLString()
        }
        // Skipping checks the string as reading it would; an identical run of bytes read before
        // was read and converted without an error, so it needs no more.
        try skipString()
        let raw = start &+ 1 ..< position &- 1
        guard let hash = urls._withUnsafeGuaranteedRef({ $0.key(of: raw, in: baseAddress) }) else {
            position = start
            return try readURLString()
        }
        if let url = urls._withUnsafeGuaranteedRef({ $0.url(for: hash, matching: raw, in: baseAddress) }) {
            return url
        }
        position = start
        let url = try readURLString()
        urls._withUnsafeGuaranteedRef { $0.remember(url, for: hash, raw: raw, in: baseAddress) }
        return url
    }

    /// The string at the offset turned into a URL, with the error every URL read gives.
    mutating func readURLString() throws(JSONError) -> URL {
        try readString(converting: URL.init(faithfulTo:), orFail: { "expected a URL, found \"\($0)\"" })
    }
}

extension URL {
    /// The URL `URL(string:)` makes of `string`, or nil when it makes none, by a cheaper road
    /// where one gives the same value.
    ///
    /// swift-foundation's `URL(string:)` parses the string, then lists the components that
    /// hold characters to percent-encode, and encodes them; with `encodingInvalidCharacters:
    /// false` it parses and validates, which costs about 40 % less and gives the same URL
    /// whenever it gives one (nothing was to be encoded). A string with a character that RFC
    /// 3986 never allows unencoded (a space, a brace of a URI template, a byte above ASCII)
    /// would be refused by it, so it goes to `URL(string:)` at once. On Apple platforms
    /// `URL(string:)`'s behaviour depends on the SDK the app links, so it is used as it is.
    init?(faithfulTo string: String) {
        #if canImport(Darwin)
        self.init(string: string)
        #else
        if URL.hasOnlyAllowedCharacters(string), let url = URL(string: string, encodingInvalidCharacters: false) {
            self = url
            return
        }
        self.init(string: string)
        #endif
    }

    /// Whether every byte of `string` is one of RFC 3986's characters (unreserved, reserved or
    /// `%`), sixteen bytes at a time (the last block overlapping the one before). What else the
    /// strict parser checks (where `%`, `#`, `[` and `]` may stand) it checks itself.
    @inline(never)
    static func hasOnlyAllowedCharacters(_ string: String) -> Bool {
        // In place: through `withUTF8`'s copy it was a retain and a release for each URL made
        // (0.9 % of github-issues' decode). Not inlined: inlined into `URL(faithfulTo:)`, its
        // loop took 1 % more of the instructions making a URL.
        string.withUTF8InPlace(hasOnlyAllowedCharacters)
    }

    /// ``hasOnlyAllowedCharacters(_:)`` of a string's UTF-8.
    private static func hasOnlyAllowedCharacters(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return true }
        let count = utf8.count
        guard count >= 16 else {
            return utf8.allSatisfy { byte in
                var block = SIMD16<UInt8>(repeating: UInt8(ascii: "a"))
                block[0] = byte
                return refusedCharacters(block) == 0
            }
        }
        var refused: UInt32 = 0
        var index = 0
        while index &+ 16 < count {
            refused |= refusedCharacters(UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self))
            index &+= 16
        }
        refused |= refusedCharacters(UnsafeRawPointer(base + (count &- 16)).loadUnaligned(as: SIMD16<UInt8>.self))
        return refused == 0
    }

    /// The lanes that hold a character RFC 3986 never allows: controls, the space, DEL, bytes
    /// above ASCII, and `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`. Compared as signed bytes, which
    /// SSE2 compares in one instruction: bytes above ASCII are negative.
    @inline(__always)
    static func refusedCharacters(_ block: SIMD16<UInt8>) -> UInt32 {
        // Typed constants, as JSONReader+Blocks.swift writes them, so that the comparisons are
        // vectorized.
        let signed = unsafeBitCast(block, to: SIMD16<Int8>.self)
        let aboveSpace = SIMD16<Int8>(repeating: 0x20)
        let aboveGraveAccent = SIMD16<Int8>(repeating: 0x7A)
        let tildes = SIMD16<Int8>(repeating: 0x7E)
        let quotes = SIMD16<Int8>(repeating: 0x22)
        let lessThans = SIMD16<Int8>(repeating: 0x3C)
        let greaterThans = SIMD16<Int8>(repeating: 0x3E)
        let backslashes = SIMD16<Int8>(repeating: 0x5C)
        let carets = SIMD16<Int8>(repeating: 0x5E)
        let graveAccents = SIMD16<Int8>(repeating: 0x60)
        let controlsSpaceOrHigh = signed .<= aboveSpace
        let bracesBarOrDelete = (signed .> aboveGraveAccent) .& (signed .!= tildes)
        let others = (signed .== quotes) .| (signed .== lessThans) .| (signed .== greaterThans)
            .| (signed .== backslashes) .| (signed .== carets) .| (signed .== graveAccents)
        return JSONReader.bits(controlsSpaceOrHigh .| bracesBarOrDelete .| others)
    }
}
