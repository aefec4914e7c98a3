import Foundation

// Persistence's JSON: the generated JSON coding, with every `Date` to the last bit of its
// Double whatever its style (ISO8601+Exact.swift), so that a saved file reads back exactly.
// API JSON (`jsonBytes()`) keeps the milliseconds and styles servers expect.

extension PersistableModel {
    /// The JSON `save(to:format: .json)` writes; an error, and nothing to write, when a value
    /// cannot be written so that it reads back exactly.
    func savedJSONBytes() throws -> [UInt8] {
        var writer = JSONWriter()
        writer.writesExactDates = true
        writer.stopsPastMaximumDepth = true
        encode(to: &writer)
        if let refusal = SaveRefusal.refusal(ofJSON: writer, of: Self.self) {
            throw refusal
        }
        return writer.bytes
    }

    /// Reads a saved JSON file: its dates as `savedJSONBytes()` writes them, or as the
    /// attributes' styles do (files saved before exact dates); a member named twice in an
    /// object is an error.
    init(savedJSON data: Data) throws(JSONError) {
        let result: Result<Self, JSONError> = data.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var check = JSONReader(bytes: buffer)
                try check.skipValueRefusingRepeatedMembers()
                var reader = JSONReader(bytes: buffer)
                reader.readsExactDates = true
                let value = try Self(from: &reader)
                try reader.finish()
                return value
            }
        }
        self = try result.get()
    }
}

/// Why a model could not be encoded for saving; `save(to:format:)` names the file.
struct PersistenceSaveError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension JSONReader {
    /// Reads the value at the reader, refusing an object that names a member twice: a saved
    /// file never does, so one that does was damaged or written by hand, and which of the two
    /// values is meant cannot be known. Run over a saved JSON file before it is decoded
    /// (API JSON keeps the last value of a repeated member, as Foundation does).
    mutating func skipValueRefusingRepeatedMembers() throws(JSONError) {
        skipWhitespace()
        if nextIs(UInt8(ascii: "{")) {
            var names = Set<String>()
            try readObject { reader, key throws(JSONError) in
                guard names.insert(key.string).inserted else {
                    throw reader.fail("the member \"\(key.string)\" appears twice in an object; a saved file names each member once")
                }
                try reader.skipValueRefusingRepeatedMembers()
            }
        } else if nextIs(UInt8(ascii: "[")) {
            try readArray { reader throws(JSONError) in
                try reader.skipValueRefusingRepeatedMembers()
            }
        } else {
            try skipValue()
        }
    }
}
