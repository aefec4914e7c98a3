import Foundation

/// The formats a model can be saved in.
public enum PersistenceFormat: String, Sendable, CaseIterable {
    /// JSON, through the generated `JSON` coding.
    case json
    /// The compact binary format (docs/BinaryFormat.md), through the generated `Binary` coding,
    /// as a self-describing document: the layout of the model types in it comes first, so that
    /// a later version of the schema reads it by name.
    case binary
    /// A binary property list, through `Codable` (the generated `Coding`).
    case propertyList
}

/// A model that saves itself to a file and loads itself from one: what the generated
/// `Persistence` feature adds (it includes JSON, Binary and Coding for the three formats).
public protocol PersistableModel: JSONCodable, BinaryModel, Codable {}

extension PersistableModel {
    /// Writes the model to the file atomically: a temporary file in the same folder, flushed,
    /// then renamed over the destination. A crash or a full disk leaves the old file (or no
    /// file) in place, never a half-written one.
    public func save(to url: URL, format: PersistenceFormat = .json) throws {
        let bytes: [UInt8]
        do {
            bytes = try encoded(as: format)
        } catch let error as PersistenceSaveError {
            // Nothing is written: the old file (if any) stays.
            throw PersistenceError(message: error.message, url: url)
        }
        try AtomicFile.write(bytes, to: url)
    }

    /// Reads a model saved in any of the formats; the format is recognized from the bytes.
    public static func load(from url: URL) throws -> Self {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersistenceError(message: "cannot read: \(error.localizedDescription)", url: url)
        }
        do {
            return try PersistenceStack.withRoom {
                switch PersistenceFormat.detect(in: data) {
                case .binary: return try Self(binaryData: data)
                case .propertyList: return try Self(savedPropertyList: data)
                case .json: return try Self(savedJSON: data)
                }
            }
        } catch {
            throw PersistenceError(message: "cannot load \(Self.self): \(error)", url: url)
        }
    }

    /// The bytes `save(to:format:)` writes; an error, and no bytes, for a value that
    /// `load(from:)` could not read back (PersistableModel+Limits.swift): one nested deeper
    /// than 512 levels, or in JSON a Double or Float that is infinite or NaN.
    public func encoded(as format: PersistenceFormat) throws -> [UInt8] {
        try PersistenceStack.withRoom {
            switch format {
            case .json:
                return try savedJSONBytes()
            case .binary:
                return try savedBinaryBytes()
            case .propertyList:
                return try savedPropertyListBytes()
            }
        }
    }
}

extension PersistenceFormat {
    /// The format of saved bytes: the binary format's header, a property list's
    /// (`bplist00` or XML), otherwise JSON.
    public static func detect(in data: Data) -> PersistenceFormat {
        let prefix = Array(data.prefix(8))
        if prefix.starts(with: BinaryFormat.magic) {
            return .binary
        }
        if prefix.starts(with: Array("bplist".utf8)) || prefix.starts(with: Array("<?xml".utf8)) {
            return .propertyList
        }
        return .json
    }
}
