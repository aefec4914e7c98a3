import Foundation

/// A generated model type, which can describe how its binary coding numbers things: its
/// layout (docs/BinaryFormat.md, "Self-describing documents"). Persistence writes the layout of
/// every model type a document holds in front of it, so that a reader built from a newer
/// schema maps the writer's fields and cases to its own by name.
public protocol BinaryModel: BinaryCodable {
    /// This type's line of the layout, and the model types its attributes and cases hold.
    static var binaryLayout: BinaryModelLayout { get }
}

/// One model type's part of a document's layout: its line, e.g.
/// `Note = 1 title String; 2 pinned Bool; 3 count Int`, and the model types it holds, whose
/// lines the document's layout has too.
public struct BinaryModelLayout: @unchecked Sendable {
    /// The type's line (docs/BinaryFormat.md, "Self-describing documents").
    public let line: String
    /// The types the line names that may be models (those that are ``BinaryModel``s are).
    public let nested: [Any.Type]

    public init(_ line: String, nested: [Any.Type] = []) {
        self.line = line
        self.nested = nested
    }

    /// The name of the type the line describes: what comes before ` =`.
    var typeName: Substring {
        line.prefix { $0 != " " }
    }
}

extension BinaryModel {
    /// The value as a self-describing document (format version 3): the header, the layout of
    /// every model type it may hold, the string table, the value's payload, then a CRC-32C of
    /// all of it, so that a damaged file fails to load instead of loading other values. What
    /// Persistence saves; ``BinaryDecodable/init(binaryBytes:)`` of a model reads it whatever
    /// attributes were inserted, reordered, removed or renumbered since.
    public func selfDescribingBinaryBytes() -> [UInt8] {
        var writer = BinaryWriter(document: (), layout: Self.documentLayout)
        encode(to: &writer)
        return writer.finishDocument()
    }

    /// The lines of this type and of every model type it holds, however deep, this type's
    /// first, then in the order they are first named; made once per type.
    static var documentLayout: [UInt8] {
        DocumentLayoutCache.shared.layout(of: Self.self)
    }
}

/// The document layouts of the model types saved or loaded so far.
final class DocumentLayoutCache: @unchecked Sendable {
    static let shared = DocumentLayoutCache()
    private let lock = NSLock()
    private var layouts: [ObjectIdentifier: [UInt8]] = [:]
    private var translations: [TranslationKey: BinaryLayoutTranslation] = [:]

    private struct TranslationKey: Hashable {
        var reader: ObjectIdentifier
        var writerLayout: [UInt8]
    }

    /// How a document whose layout is `bytes[layout]` is read as `type`; nil when the layouts
    /// are the same. Made once per pair (up to 64 pairs are kept). A layout that is not as the
    /// generator writes it is refused (`the layout of the data is damaged: line 3, …`).
    func translation(to type: any BinaryModel.Type, from bytes: UnsafeRawBufferPointer, layout range: Range<Int>) throws(BinaryError) -> BinaryLayoutTranslation? {
        let writerLayout = UnsafeRawBufferPointer(rebasing: bytes[range])
        let own = layout(of: type)
        if own.count == writerLayout.count, own.withUnsafeBytes({ memcmp($0.baseAddress!, writerLayout.baseAddress!, own.count) == 0 }) {
            return nil
        }
        let key = TranslationKey(reader: ObjectIdentifier(type), writerLayout: Array(writerLayout))
        lock.lock()
        defer { lock.unlock() }
        if let translation = translations[key] {
            return translation
        }
        let writer = try BinaryLayout(parsing: writerLayout, at: range.lowerBound)
        let reader = try BinaryLayout(parsing: String(decoding: own, as: UTF8.self), subject: "the layout of \(type) is not as Valuegen writes it")
        let translation = BinaryLayoutTranslation(writer: writer, reader: reader)
        if translations.count >= 64 {
            translations.removeAll()
        }
        translations[key] = translation
        return translation
    }

    func layout(of type: any BinaryModel.Type) -> [UInt8] {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        if let layout = layouts[key] {
            return layout
        }
        var lines: [String] = []
        var seen: Set<Substring> = []
        var queue: [any BinaryModel.Type] = [type]
        var index = 0
        while index < queue.count {
            let layout = queue[index].binaryLayout
            index += 1
            guard seen.insert(layout.typeName).inserted else { continue }
            lines.append(layout.line)
            for nested in layout.nested {
                if let model = nested as? any BinaryModel.Type {
                    queue.append(model)
                }
            }
        }
        let layout = Array(lines.joined(separator: "\n").utf8)
        layouts[key] = layout
        return layout
    }
}
