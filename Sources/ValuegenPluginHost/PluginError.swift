/// Why a plugin library cannot be used. Each message is one sentence that names the library
/// and says what to do.
public struct PluginError: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    static func missing(_ path: String) -> PluginError {
        PluginError("plugin library '\(path)' does not exist; check the path given with --plugin or in valuegen.json")
    }

    /// - Parameter reason: dlerror()'s text, which usually starts with the path again.
    static func notLoadable(_ path: String, reason: String) -> PluginError {
        var reason = reason
        for prefix in [path + ": ", "./" + path + ": "] where reason.hasPrefix(prefix) {
            reason = String(reason.dropFirst(prefix.count))
            break
        }
        return PluginError("plugin library '\(path)' could not be loaded as a shared library (\(reason)); build it as one, e.g. with `swiftc -emit-library` or `cc -shared -fPIC`")
    }

    static func noEntryPoint(_ path: String) -> PluginError {
        PluginError("plugin library '\(path)' does not export valuegen_plugin_negotiate; export it with @_cdecl(\"valuegen_plugin_negotiate\") in Swift, or as a non-static function with default visibility in C (extern \"C\" in C++)")
    }

    static func refused(_ path: String, pluginMajor: UInt32, pluginMinor: UInt32, message: String?) -> PluginError {
        let reason = message.map { " (\($0))" } ?? ""
        // A plugin that refuses before filling in its own version leaves 0.0 behind.
        let built = pluginMajor == 0 && pluginMinor == 0 ? "" : " was built for plugin ABI \(pluginMajor).\(pluginMinor) and"
        return PluginError("plugin library '\(path)'\(built) refused this valuegen's ABI \(HostABI.major).\(HostABI.minor)\(reason); \(remedy(pluginMajor: pluginMajor))")
    }

    static func wrongMajor(_ path: String, pluginMajor: UInt32, pluginMinor: UInt32) -> PluginError {
        PluginError("plugin library '\(path)' was built for plugin ABI \(pluginMajor).\(pluginMinor), but this valuegen speaks ABI \(HostABI.major).\(HostABI.minor); \(remedy(pluginMajor: pluginMajor))")
    }

    /// A plugin newer than the host cannot be rebuilt against the host's older SDK.
    private static func remedy(pluginMajor: UInt32) -> String {
        if pluginMajor > HostABI.major {
            return "use a valuegen that speaks plugin ABI \(pluginMajor), or a version of the plugin built against this valuegen's PluginSDK"
        }
        return "rebuild it against this valuegen's PluginSDK"
    }

    static func descriptorTooSmall(_ path: String, size: UInt32, required: Int) -> PluginError {
        PluginError("plugin library '\(path)' returned a valuegen_plugin of \(size) bytes, smaller than the \(required) bytes of ABI \(HostABI.major).0; rebuild it against the current valuegen_plugin.h")
    }

    static func invalidDescriptor(_ path: String, _ problem: String) -> PluginError {
        PluginError("plugin library '\(path)' returned an invalid descriptor: \(problem); fix the plugin's valuegen_plugin")
    }
}
