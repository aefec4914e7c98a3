import CValuegenPlugin

/// The ABI version this host speaks (valuegen_plugin.h's VALUEGEN_ABI_MAJOR/MINOR).
public enum HostABI {
    public static let major = UInt32(VALUEGEN_ABI_MAJOR)
    public static let minor = UInt32(VALUEGEN_ABI_MINOR)

    /// The fields of a struct a plugin filled that its `struct_size` covers; the others keep
    /// `empty`'s values. (`pointee` of a struct from an older minor, shorter than this host's,
    /// would read past its end.)
    static func coveredFields<Struct>(of pointer: UnsafePointer<Struct>, size: UInt32, empty: Struct) -> Struct {
        var fields = empty
        withUnsafeMutableBytes(of: &fields) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(Int(size), MemoryLayout<Struct>.size)))
        }
        return fields
    }
}
