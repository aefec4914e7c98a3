// Shared by the valuegen CLI (through ValuegenCore) and the SwiftPM plugins, the way
// swift-openapi-generator shares PluginsShared: one real file, symlinked into each target.

/// How a dynamic library product's file is named on this platform.
enum PluginLibraryNaming {
    /// `libMyPlugin.so` on Linux, `libMyPlugin.dylib` on macOS.
    static func fileName(forProduct product: String) -> String {
        #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return "lib\(product).dylib"
        #else
        return "lib\(product).so"
        #endif
    }
}
