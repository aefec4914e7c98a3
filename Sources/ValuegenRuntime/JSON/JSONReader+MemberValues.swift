import Foundation

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

// The same two readers for the types API models hold most, not generic: a generic reader finds
// `Optional<T>`'s metadata at run time on each call (a lookup in the runtime's cache), which
// doubled the time of a codeSize reader of mostly strings. The compiler picks these over the
// generic ones for a member of exactly such a type.
extension JSONReader {
    @inline(never)
    public mutating func readValue(into value: inout String?) throws(JSONError) {
        value = try String(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout String?) throws(JSONError) {
        value = try decodeNull() ? nil : String(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout Bool?) throws(JSONError) {
        value = try Bool(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout Bool?) throws(JSONError) {
        value = try decodeNull() ? nil : Bool(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout Int?) throws(JSONError) {
        value = try Int(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout Int?) throws(JSONError) {
        value = try decodeNull() ? nil : Int(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout Int32?) throws(JSONError) {
        value = try Int32(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout Int32?) throws(JSONError) {
        value = try decodeNull() ? nil : Int32(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout Int64?) throws(JSONError) {
        value = try Int64(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout Int64?) throws(JSONError) {
        value = try decodeNull() ? nil : Int64(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout Double?) throws(JSONError) {
        value = try Double(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout Double?) throws(JSONError) {
        value = try decodeNull() ? nil : Double(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout URL?) throws(JSONError) {
        value = try URL(from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout URL?) throws(JSONError) {
        value = try decodeNull() ? nil : URL(from: &self)
    }

    @inline(never)
    public mutating func readValue(into value: inout [String]?) throws(JSONError) {
        value = try [String](from: &self)
    }

    @inline(never)
    public mutating func readValueOrNull(into value: inout [String]?) throws(JSONError) {
        value = try decodeNull() ? nil : [String](from: &self)
    }
}
