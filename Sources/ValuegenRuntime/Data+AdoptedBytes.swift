import Foundation

extension Data {
    /// Documents shorter than this are copied: a copy of a few hundred bytes costs less than
    /// the closure and the storage object that adopting them takes.
    @usableFromInline
    static let shortestAdoptedDocument = 512

    /// `Data` over the bytes of an array that nothing else holds, without copying them: the
    /// data keeps the array's storage, and releases it with itself. `jsonData()` and
    /// `binaryData()` hand over their writer's array this way; `Data(array)` copied every
    /// document (a 62 MB one: another 62 MB of fresh memory, which the system zeroes, and the
    /// copy, about a third of the time writing it took). Writing into the data later, or
    /// growing it, works as on any `Data`: it owns the bytes.
    @inlinable
    init(adopting bytes: consuming [UInt8]) {
        var array = bytes
        let count = array.count
        guard count >= Self.shortestAdoptedDocument else {
            self.init(array)
            return
        }
        // The array is unique (the caller gave it up), so this neither copies it nor moves its
        // storage, which stays where it is as long as the array lives and is not changed: the
        // closure below keeps it, and nothing changes it but through the data.
        let base = array.withUnsafeMutableBytes { $0.baseAddress! }
        let owner = array
        self.init(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in withExtendedLifetime(owner) {} })
    }
}
