import Foundation

// The stamp a Persistence JSON or property list file carries (docs/Runtime.md, "The stamp of a
// saved file"): a member `$valuegen` of its root object (or of an object wrapped around it)
// holding the format, the layout of the types the file was saved with, and a CRC-32C. The
// layout lets a later version refuse a changed type that would read the saved data as
// something else (SavedTypeCheck.swift); the checksum makes a damaged file fail to load
// instead of loading other values. A binary file has both already (docs/BinaryFormat.md).

/// A saved file's stamp.
struct SaveStamp: Equatable {
    /// The member of the root object that holds the stamp.
    static let memberName = "$valuegen"
    /// The member that holds the value when the stamp wraps it: a value whose JSON or property
    /// list is no object (an ADT's), which cannot have a member of its own.
    static let valueMemberName = "$value"
    /// The format this version writes. Files without a stamp (saved before 2026-12) are
    /// format 1, and read unchecked.
    static let currentFormat = 2

    var format: Int = SaveStamp.currentFormat
    /// The lines of every model type of the file (BinaryModel.swift's `documentLayout`); nil
    /// when the stamp has none (removed by hand: the types are then not checked).
    var layout: String?
    /// The CRC-32C of the file (JSON) or of its values (a property list,
    /// PropertyListDigest.swift); nil when the stamp has none (removed by hand, to load a
    /// file edited on purpose).
    var checksum: UInt32?
    /// Whether the value is the member `$value` of an object around it, rather than the
    /// root object, whose member the stamp is.
    var wraps = false

    /// The stamp of a file of `Model` about to be saved, whose checksum is filled in last.
    init<Model: BinaryModel>(for model: Model.Type, wraps: Bool) {
        layout = String(decoding: Model.documentLayout, as: UTF8.self)
        self.wraps = wraps
    }

    /// An empty stamp, filled in as a file's is read.
    init() {}

    /// The checksum as the stamp spells it: eight lowercase hexadecimal digits.
    static func spelled(_ checksum: UInt32) -> String {
        let digits = String(checksum, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The checksum eight hexadecimal digits spell; nil for anything else.
    static func checksum(spelled text: some StringProtocol) -> UInt32? {
        guard text.utf8.count == 8, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return UInt32(text, radix: 16)
    }

    /// Whether the root type's values are objects (values and objects are; an ADT's may not be),
    /// which can carry the stamp as a member.
    static func rootIsObject<Model: BinaryModel>(_ model: Model.Type) -> Bool {
        let line = Model.binaryLayout.line
        guard let equals = line.range(of: " = ") else { return false }
        let rest = line[equals.upperBound...]
        return !rest.hasPrefix("enum ") && !rest.hasPrefix("adt ") && rest != "enum" && rest != "adt"
    }

    // MARK: - Checks

    /// The refusal of a stamp of a format this version does not read, or nil.
    func formatRefusal() -> String? {
        guard format != Self.currentFormat else { return nil }
        if format > Self.currentFormat {
            return "the file was saved by a newer version of Valuegen (saved file format \(format); this version reads formats 1 and \(Self.currentFormat)); load it with that version or a later one"
        }
        return "the file's \(Self.memberName) stamp names format \(format), which no version of Valuegen writes: the file is damaged"
    }

    /// The refusal of a checksum that is not the one the file's bytes (or values) have.
    static func checksumRefusal(found: UInt32, saved: UInt32) -> String {
        "the file was changed after it was saved: its CRC-32C is \(spelled(found)), but its \(memberName) stamp says \(spelled(saved)). A damaged file is refused rather than loaded with other values; to load a file you edited on purpose, remove \"crc32c\" from its \"\(memberName)\" member"
    }

    /// The refusal of the stamp's layout when a type saved in it would not read exactly as
    /// this version of `Model` declares it; nil when they read, or when the stamp has no
    /// layout. Compared once per type and saved layout.
    func layoutRefusal<Model: BinaryModel>(for model: Model.Type) -> String? {
        guard let layout else { return nil }
        return SavedTypeCheckCache.shared.refusal(of: layout, for: model)
    }
}

/// What `SaveStamp.layoutRefusal(for:)` found for each model type and saved layout so far.
final class SavedTypeCheckCache: @unchecked Sendable {
    static let shared = SavedTypeCheckCache()
    private let lock = NSLock()
    private var refusals: [Key: String?] = [:]

    private struct Key: Hashable {
        var type: ObjectIdentifier
        var layout: String
    }

    func refusal<Model: BinaryModel>(of layout: String, for model: Model.Type) -> String? {
        let own = Model.documentLayout
        if layout.utf8.elementsEqual(own) {
            return nil
        }
        let key = Key(type: ObjectIdentifier(model), layout: layout)
        lock.lock()
        defer { lock.unlock() }
        if let refusal = refusals[key] {
            return refusal
        }
        let refusal: String?
        do {
            let saved = try BinaryLayout(parsing: layout, subject: "the layout in the file's \(SaveStamp.memberName) stamp is damaged")
            let current = try BinaryLayout(parsing: String(decoding: own, as: UTF8.self), subject: "the layout of \(Model.self) is not as Valuegen writes it")
            try SavedTypeCheck.check(saved: saved, current: current)
            refusal = nil
        } catch let error as BinaryError {
            refusal = error.message
        } catch let error as SavedTypeCheck.Refusal {
            refusal = error.message
        } catch {
            refusal = "\(error)"
        }
        if refusals.count >= 64 {
            refusals.removeAll()
        }
        refusals[key] = refusal
        return refusal
    }
}
