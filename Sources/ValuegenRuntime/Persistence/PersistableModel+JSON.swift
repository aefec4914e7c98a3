import Foundation

// Persistence's JSON: the generated JSON coding, with every `Date` to the last bit of its
// Double whatever its style (ISO8601+Exact.swift), so that a saved file reads back exactly.
// API JSON (`jsonBytes()`) keeps the milliseconds and styles servers expect.

extension PersistableModel {
    /// The JSON `save(to:format: .json)` writes, stamped (SaveStamp+JSON.swift); an error, and
    /// nothing to write, when a value cannot be written so that it reads back exactly.
    func savedJSONBytes() throws -> [UInt8] {
        var writer = JSONWriter()
        writer.writesExactDates = true
        writer.stopsPastMaximumDepth = true
        encode(to: &writer)
        if let refusal = SaveRefusal.refusal(ofJSON: writer, of: Self.self) {
            throw refusal
        }
        return SaveStamp.stampedJSON(writer.bytes, of: Self.self)
    }

    /// Reads a saved JSON file: its dates as `savedJSONBytes()` writes them, or as the
    /// attributes' styles do (files saved before exact dates); a member named twice in an
    /// object is an error. A stamped file is checked first: its checksum, and the types it
    /// was saved with against this version's (SavedTypeCheck.swift). A file without a stamp
    /// (saved before 2026-12) is read as it is.
    init(savedJSON data: Data) throws(JSONError) {
        let result: Result<Self, JSONError> = data.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in
                var check = JSONReader(bytes: buffer)
                let stamp = try check.skipSavedFile()
                try check.finish()
                try stamp?.verify(buffer, as: Self.self)
                var reader = JSONReader(bytes: buffer)
                reader.readsExactDates = true
                if let valueOffset = stamp?.valueOffset, stamp?.stamp.wraps == true {
                    // The value is the member `$value`; the rest was read by the check.
                    reader.offset = valueOffset
                    return try Self(from: &reader)
                }
                // The stamp, a member the model does not have, is skipped.
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
