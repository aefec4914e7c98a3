import CValuegenPlugin

/// The ABI version this host speaks (valuegen_plugin.h's VALUEGEN_ABI_MAJOR/MINOR).
public enum HostABI {
    public static let major = UInt32(VALUEGEN_ABI_MAJOR)
    public static let minor = UInt32(VALUEGEN_ABI_MINOR)
}
