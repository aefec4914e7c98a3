#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CValuegenPlugin
import ValuegenPluginSDK

/// A plugin library loaded with dlopen and negotiated: what it says about itself and its
/// `generate` function. Libraries are never unloaded (unloading a Swift library crashes the
/// process later), so the descriptor's pointers stay valid for the life of the process.
public struct PluginLibrary: @unchecked Sendable {
    /// The path the library was loaded from.
    public let path: String
    /// The plugin's id, version and include names, as a feature descriptor.
    public let descriptor: FeatureDescriptor
    /// The ABI version the plugin was built with.
    public let abiMajor: UInt32
    public let abiMinor: UInt32
    /// VALUEGEN_FEATURE_* bits.
    public let featureBits: UInt32
    /// What the descriptor says that the host cannot use (a minor claimed without its fields),
    /// each one sentence naming the library; reported as warnings.
    public let warnings: [String]
    let generate: valuegen_generate_fn
    /// The plugin's `begin_module` when it takes the module once per run (ABI 1.3:
    /// VALUEGEN_FEATURE_MODULE and VALUEGEN_FEATURE_MODULE_ONCE); nil when every request
    /// carries the module.
    let beginModule: valuegen_begin_module_fn?
    /// The plugin's module pass (ABI 1.4), called once per run with every schema file; nil
    /// when it has none.
    let generateModule: valuegen_generate_module_fn?
    /// Which module this process last gave `beginModule`. One per library, as `serialCalls`.
    let moduleHandOver = ModuleHandOver()
    /// Held around `generate` when the plugin is not thread-safe. One per library, not per
    /// feature: two configurations may use the same library with different options.
    let serialCalls = Mutex()

    /// Whether `generate` may run on several threads at once.
    public var isThreadSafe: Bool { featureBits & UInt32(VALUEGEN_FEATURE_THREAD_SAFE) != 0 }
    /// Whether the plugin says it may emit extra files.
    public var emitsExtraFiles: Bool { featureBits & UInt32(VALUEGEN_FEATURE_EXTRA_FILES) != 0 }
    /// Whether the plugin reads the request's module and type structures (ABI 1.1).
    public var readsModule: Bool { featureBits & UInt32(VALUEGEN_FEATURE_MODULE) != 0 }
    /// Whether the plugin takes the module once per run through `begin_module` (ABI 1.3)
    /// rather than in every request.
    public var takesModuleOnce: Bool { beginModule != nil }

    /// Loads and negotiates the library at the path; the same path loads once per process.
    public static func load(_ path: String) throws(PluginError) -> PluginLibrary {
        try LoadedLibraries.shared.library(at: path)
    }

    /// The size of valuegen_plugin in ABI 1.0: every field up to and including `generate`.
    /// Fixed at 1.0's layout rather than this host's `sizeof`, so that a host built against a
    /// later minor (a longer struct) still accepts plugins built against 1.0.
    static let minimumDescriptorSize = MemoryLayout<valuegen_plugin>.offset(of: \valuegen_plugin.generate)! + MemoryLayout<valuegen_generate_fn?>.size

    fileprivate static func open(_ path: String) throws(PluginError) -> PluginLibrary {
        guard access(path, F_OK) == 0 else {
            throw .missing(path)
        }
        // dlopen looks a name without a slash up in the library search path, not in the
        // current folder, and could load another library of that name.
        let loadPath = path.contains("/") ? path : "./" + path
        guard let handle = dlopen(loadPath, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .notLoadable(path, reason: reason)
        }
        guard let symbol = dlsym(handle, VALUEGEN_NEGOTIATE_SYMBOL) else {
            throw .noEntryPoint(path)
        }
        let negotiate = unsafeBitCast(symbol, to: valuegen_negotiate_fn.self)
        var io = valuegen_negotiation()
        io.struct_size = UInt32(MemoryLayout<valuegen_negotiation>.size)
        io.host_abi_major = HostABI.major
        io.host_abi_minor = HostABI.minor
        let status = negotiate(&io)
        let message = io.message.map { String(cString: $0) }
        guard status == VALUEGEN_STATUS_OK else {
            throw .refused(path, pluginMajor: io.plugin_abi_major, pluginMinor: io.plugin_abi_minor, message: message)
        }
        guard let plugin = io.plugin else {
            throw .invalidDescriptor(path, "negotiation succeeded but returned no descriptor")
        }
        // Another major may lay the descriptor out differently, so its major is checked (in
        // the host's own struct) before anything else of the descriptor is trusted.
        guard io.plugin_abi_major == HostABI.major else {
            throw .wrongMajor(path, pluginMajor: io.plugin_abi_major, pluginMinor: io.plugin_abi_minor)
        }
        let size = plugin.pointee.struct_size
        guard Int(size) >= minimumDescriptorSize else {
            throw .descriptorTooSmall(path, size: size, required: minimumDescriptorSize)
        }
        let descriptor = HostABI.coveredFields(of: plugin, size: size, empty: valuegen_plugin())
        guard descriptor.abi_major == HostABI.major else {
            throw .wrongMajor(path, pluginMajor: descriptor.abi_major, pluginMinor: descriptor.abi_minor)
        }
        guard let generate = descriptor.generate else {
            throw .invalidDescriptor(path, "generate is NULL")
        }
        guard let id = descriptor.id.flatMap(String.init(validatingCString:)), !id.isEmpty else {
            throw .invalidDescriptor(path, "id is NULL, empty or not UTF-8")
        }
        guard let version = descriptor.version.flatMap(String.init(validatingCString:)), !version.isEmpty else {
            throw .invalidDescriptor(path, "version is NULL, empty or not UTF-8")
        }
        guard descriptor.include_name_count > 0, let names = descriptor.include_names else {
            throw .invalidDescriptor(path, "it answers to no include name")
        }
        let includeNames = try identifiers(names, count: descriptor.include_name_count, called: "include name", path: path)
        let memberNames = try generatedMemberNames(of: descriptor, size: size, path: path)
        let annotationNames = try declaredAnnotationNames(of: descriptor, size: size, path: path)
        let generateModule = modulePass(of: descriptor, size: size)
        let supported = ModelKind.kinds(fromBits: descriptor.supported_kinds)
        guard !supported.isEmpty else {
            throw .invalidDescriptor(path, "supported_kinds names no kind of model")
        }
        return PluginLibrary(
            path: path,
            descriptor: FeatureDescriptor(
                id: id,
                version: version,
                includeNames: includeNames,
                defaultKinds: ModelKind.kinds(fromBits: descriptor.default_kinds).intersection(supported),
                supportedKinds: supported,
                generatedMemberNames: memberNames,
                readsModule: descriptor.features & UInt32(VALUEGEN_FEATURE_MODULE) != 0,
                annotationNames: annotationNames,
                hasModulePass: generateModule != nil
            ),
            abiMajor: descriptor.abi_major,
            abiMinor: descriptor.abi_minor,
            featureBits: descriptor.features,
            warnings: missingFields(of: descriptor, size: size, path: path) + moduleOnceWarnings(of: descriptor, size: size, path: path),
            generate: generate,
            beginModule: moduleOnceEntry(of: descriptor, size: size),
            generateModule: generateModule
        )
    }
}

extension PluginLibrary {
    /// The size of valuegen_plugin in ABI 1.1, which added `member_names` and
    /// `member_name_count`; a smaller (1.0) descriptor declares no member names.
    static let memberNamesDescriptorSize = MemoryLayout<valuegen_plugin>.offset(of: \valuegen_plugin.member_name_count)! + MemoryLayout<UInt32>.size

    /// The member names an ABI 1.1 descriptor declares: each a Swift identifier.
    fileprivate static func generatedMemberNames(of descriptor: valuegen_plugin, size: UInt32, path: String) throws(PluginError) -> [String] {
        guard Int(size) >= memberNamesDescriptorSize, descriptor.member_name_count > 0 else { return [] }
        guard let names = descriptor.member_names else {
            throw .invalidDescriptor(path, "member_name_count is \(descriptor.member_name_count) but member_names is NULL")
        }
        var found: [String] = []
        for name in try identifiers(names, count: descriptor.member_name_count, called: "member name", path: path) where !found.contains(name) {
            found.append(name)
        }
        return found
    }

    /// The size of valuegen_plugin in ABI 1.2, which added `annotation_names` and
    /// `annotation_name_count`.
    static let annotationNamesDescriptorSize = MemoryLayout<valuegen_plugin>.offset(of: \valuegen_plugin.annotation_name_count)! + MemoryLayout<UInt32>.size

    /// The annotations an ABI 1.2 descriptor declares it reads; nil for an older descriptor,
    /// which declares nothing.
    fileprivate static func declaredAnnotationNames(of descriptor: valuegen_plugin, size: UInt32, path: String) throws(PluginError) -> [String]? {
        guard Int(size) >= annotationNamesDescriptorSize, descriptor.abi_minor >= 2 else { return nil }
        guard descriptor.annotation_name_count > 0 else { return [] }
        guard let names = descriptor.annotation_names else {
            throw .invalidDescriptor(path, "annotation_name_count is \(descriptor.annotation_name_count) but annotation_names is NULL")
        }
        var found: [String] = []
        for name in try identifiers(names, count: descriptor.annotation_name_count, called: "annotation name", path: path) where !found.contains(name) {
            found.append(name)
        }
        return found
    }

    /// The size of valuegen_plugin in ABI 1.3, which added `begin_module`.
    static let beginModuleDescriptorSize = MemoryLayout<valuegen_plugin>.offset(of: \valuegen_plugin.begin_module)! + MemoryLayout<valuegen_begin_module_fn?>.size

    private static let moduleOnceBits = UInt32(VALUEGEN_FEATURE_MODULE) | UInt32(VALUEGEN_FEATURE_MODULE_ONCE)

    /// Whether an ABI 1.3 descriptor, large enough to hold `begin_module`, asks for the module
    /// once (both module bits).
    private static func asksForModuleOnce(_ descriptor: valuegen_plugin, size: UInt32) -> Bool {
        descriptor.features & moduleOnceBits == moduleOnceBits && Int(size) >= beginModuleDescriptorSize && descriptor.abi_minor >= 3
    }

    /// `begin_module` of a descriptor that asks for the module once; nil otherwise, and the
    /// module goes in every request.
    fileprivate static func moduleOnceEntry(of descriptor: valuegen_plugin, size: UInt32) -> valuegen_begin_module_fn? {
        asksForModuleOnce(descriptor, size: size) ? descriptor.begin_module : nil
    }

    /// The size of valuegen_plugin in ABI 1.4, which added `generate_module`.
    static let generateModuleDescriptorSize = MemoryLayout<valuegen_plugin>.offset(of: \valuegen_plugin.generate_module)! + MemoryLayout<valuegen_generate_module_fn?>.size

    /// `generate_module` of an ABI 1.4 descriptor large enough to hold it; nil otherwise.
    fileprivate static func modulePass(of descriptor: valuegen_plugin, size: UInt32) -> valuegen_generate_module_fn? {
        Int(size) >= generateModuleDescriptorSize && descriptor.abi_minor >= 4 ? descriptor.generate_module : nil
    }

    /// A descriptor that asks for the module once but gives no `begin_module` to take it.
    fileprivate static func moduleOnceWarnings(of descriptor: valuegen_plugin, size: UInt32, path: String) -> [String] {
        guard asksForModuleOnce(descriptor, size: size), descriptor.begin_module == nil else { return [] }
        return ["plugin library '\(path)' sets VALUEGEN_FEATURE_MODULE_ONCE but its begin_module is NULL, so it gets the module in every request; set begin_module to the function that takes the module, or leave the bit out"]
    }

    /// A descriptor that claims a minor its `struct_size` does not reach: the fields that minor
    /// added are not read, which its author should hear of.
    fileprivate static func missingFields(of descriptor: valuegen_plugin, size: UInt32, path: String) -> [String] {
        let minors: [(minor: UInt32, size: Int, fields: String)] = [
            (1, memberNamesDescriptorSize, "member_names"),
            (2, annotationNamesDescriptorSize, "annotation_names"),
            (3, beginModuleDescriptorSize, "begin_module"),
            (4, generateModuleDescriptorSize, "generate_module"),
        ]
        guard let missing = minors.first(where: { descriptor.abi_minor >= $0.minor && Int(size) < $0.size }) else { return [] }
        let unread = minors.filter { $0.minor >= missing.minor && $0.minor <= min(descriptor.abi_minor, HostABI.minor) }.map(\.fields)
        let fields = unread.count > 1 ? unread.dropLast().joined(separator: ", ") + " and " + unread[unread.count - 1] : unread[0]
        return ["plugin library '\(path)' says it was built for plugin ABI \(descriptor.abi_major).\(descriptor.abi_minor), but its valuegen_plugin's struct_size, \(size), is too small to hold what ABI \(descriptor.abi_major).\(missing.minor) added, so its \(fields) \(fields.contains(" and ") ? "are" : "is") not read; set struct_size to sizeof(valuegen_plugin) (MemoryLayout<valuegen_plugin>.size in Swift)"]
    }

    /// A descriptor's list of C strings that must each be a Swift identifier (include names,
    /// member names); `what` names one in messages, counted from 1.
    fileprivate static func identifiers(_ names: UnsafePointer<UnsafePointer<CChar>?>, count: UInt32, called what: String, path: String) throws(PluginError) -> [String] {
        var found: [String] = []
        for index in 0..<Int(count) {
            guard let pointer = names[index] else {
                throw .invalidDescriptor(path, "\(what) \(index + 1) is NULL")
            }
            guard let name = String(validatingCString: pointer) else {
                throw .invalidDescriptor(path, "\(what) \(index + 1) is not UTF-8")
            }
            guard SwiftLanguage.isIdentifier(name) else {
                throw .invalidDescriptor(path, "\(what) \(index + 1), \(SwiftLanguage.stringLiteral(name)), is not an identifier (letters, digits and '_', not starting with a digit)")
            }
            found.append(name)
        }
        return found
    }
}

extension ModelKind {
    static func kinds(fromBits bits: UInt32) -> Set<ModelKind> {
        Set(allCases.filter { bits & $0.abiBit != 0 })
    }
}

/// Every library this process has loaded, by path: dlopen once, never dlclose.
private final class LoadedLibraries: @unchecked Sendable {
    static let shared = LoadedLibraries()
    private var libraries: [String: Result<PluginLibrary, PluginError>] = [:]
    private let lock = Mutex()

    func library(at path: String) throws(PluginError) -> PluginLibrary {
        // `lib.so`, `./lib.so` and a symlink to it are one library, negotiated once.
        let key = realpath(path, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? path
        let result = lock.withLock { () -> Result<PluginLibrary, PluginError> in
            if let known = libraries[key] {
                return known
            }
            let result = Result { () throws(PluginError) in try PluginLibrary.open(path) }
            libraries[key] = result
            return result
        }
        return try result.get()
    }
}
