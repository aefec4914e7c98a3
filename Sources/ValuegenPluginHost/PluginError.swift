import ValuegenPluginSDK

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
        return PluginError("plugin library '\(path)' could not be loaded (\(reason)); \(loadRemedy(reason))")
    }

    /// What to do about dlerror()'s reason: a missing symbol or dependency names what the
    /// library needs; anything else is most likely not a shared library at all.
    static func loadRemedy(_ reason: String) -> String {
        if let range = reason.firstRange(of: "undefined symbol: ") {
            let symbol = String(reason[range.upperBound...].prefix { !$0.isWhitespace && $0 != "," && $0 != ")" })
            if let module = swiftModule(ofMangled: symbol) {
                let library = module == "ValuegenPluginSDK" ? "the ValuegenPluginSDK library (link it with -lValuegenPluginSDK and its folder with -L, or build the plugin as a SwiftPM product that depends on ValuegenPluginSDK)" : "the library of Swift module \(module)"
                return "it uses '\(symbol)' from Swift module \(module), which no loaded library defines; link \(library) when building the plugin"
            }
            return "it uses the symbol '\(symbol)', which no loaded library defines; link the library that defines it when building the plugin (-l<name>, with -L<folder> and an rpath), or define it in the plugin"
        }
        if reason.contains("cannot open shared object file") {
            let needed = String(reason.prefix { $0 != ":" })
            return "it needs '\(needed)', which the loader cannot find; install it, or build the plugin with an rpath to its folder (-Xlinker -rpath -Xlinker <folder>), or add the folder to LD_LIBRARY_PATH"
        }
        return "build it as a shared library, e.g. with `swiftc -emit-library` or `cc -shared -fPIC`"
    }

    /// `ValuegenPluginSDK` of `$s17ValuegenPluginSDK7EmitterP…`: a Swift symbol starts with its
    /// module's name, length first.
    static func swiftModule(ofMangled symbol: String) -> String? {
        guard symbol.hasPrefix("$s") else { return nil }
        let rest = symbol.dropFirst(2)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let name = rest.dropFirst(digits.count).prefix(length)
        guard name.count == length, SwiftLanguage.isIdentifier(String(name)) else { return nil }
        return name == "s" ? "Swift" : String(name)
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
        PluginError("plugin library '\(path)' returned a valuegen_plugin whose struct_size is \(size), smaller than the \(required) bytes of ABI \(HostABI.major).0; set struct_size to sizeof(valuegen_plugin) (MemoryLayout<valuegen_plugin>.size in Swift), and build against the current valuegen_plugin.h")
    }

    static func invalidDescriptor(_ path: String, _ problem: String) -> PluginError {
        PluginError("plugin library '\(path)' returned an invalid descriptor: \(problem); fix the plugin's valuegen_plugin")
    }
}
