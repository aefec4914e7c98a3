extension JSONReader {
    /// Reads a member's value into `value` through `T`'s conformance, in one call that is
    /// neither inlined nor specialized for `T`: how the `"optimizeFor": "codeSize"` readers read
    /// a member, so that each is a call in the generated code instead of the value's reader and
    /// the optional's copies inlined there (docs/Performance.md, issue 41). The value is read
    /// exactly as `T(from: &reader)` reads it.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public mutating func readValue<T: JSONDecodable>(into value: inout T?) throws(JSONError) {
        value = try T(from: &self)
    }

    /// ``readValue(into:)``, with `null` read as nil, as `decodeNull() ? nil : T(from: &reader)`
    /// reads an optional member.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    public mutating func readValueOrNull<T: JSONDecodable>(into value: inout T?) throws(JSONError) {
        value = try decodeNull() ? nil : T(from: &self)
    }
}
