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
        try AtomicFile.write(encoded(as: format), to: url)
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
            switch PersistenceFormat.detect(in: data) {
            case .binary: return try Self(binaryData: data)
            case .propertyList: return try PropertyListDecoder().decode(Self.self, from: data)
            case .json: return try Self(jsonData: data)
            }
        } catch {
            throw PersistenceError(message: "cannot load \(Self.self): \(error)", url: url)
        }
    }

    /// The bytes `save(to:format:)` writes.
    public func encoded(as format: PersistenceFormat) throws -> [UInt8] {
        switch format {
        case .json:
            return jsonBytes()
        case .binary:
            return selfDescribingBinaryBytes()
        case .propertyList:
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return Array(try encoder.encode(self))
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
