#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CValuegenPlugin

/// Turns a ``Feature`` into a plugin library. A Swift plugin's whole entry point is:
///
///     @_cdecl("valuegen_plugin_negotiate")
///     public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
///         PluginExport.negotiate(io, feature: FakeFeature())
///     }
///
/// (`@c(valuegen_plugin_negotiate)` works the same where the compiler supports it.) The
/// feature's descriptor becomes the static `valuegen_plugin` the host reads; each `generate`
/// call decodes the request and hands the feature an ``Emitter`` that forwards to the host.
/// A feature that conforms to ``ModuleFeature`` gets its module pass exported too
/// (`generate_module`, ABI 1.4).
public enum PluginExport {
    /// Answers the host's negotiation (valuegen_plugin.h) for the feature. Call it only from
    /// the exported `valuegen_plugin_negotiate`; the first feature given is the one exported.
    ///
    /// - Parameters:
    ///   - io: the host's `valuegen_negotiation *`.
    ///   - feature: the feature to export; evaluated once.
    ///   - isThreadSafe: whether `generate` may run on several threads at once
    ///     (VALUEGEN_FEATURE_THREAD_SAFE). Features written as pure functions of the request are.
    ///   - emitsExtraFiles: whether the feature may emit extra files (VALUEGEN_FEATURE_EXTRA_FILES).
    ///   - readsModule: whether the feature reads the request's module and type structures
    ///     (VALUEGEN_FEATURE_MODULE, ABI 1.1); the feature's descriptor may say so too. Such a
    ///     plugin takes the module once per run (VALUEGEN_FEATURE_MODULE_ONCE and
    ///     `begin_module`, ABI 1.3): it is decoded once, and every request the feature gets
    ///     carries that same ``ModuleDescription``. On an older host, which sends the module
    ///     in every request, the request's own module is used. Nothing changes for the feature.
    /// - Returns: a `valuegen_status`.
    public static func negotiate(
        _ io: UnsafeMutableRawPointer?,
        feature: @autoclosure () -> any Feature,
        isThreadSafe: Bool = true,
        emitsExtraFiles: Bool = false,
        readsModule: Bool = false
    ) -> Int32 {
        guard let io else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        let negotiation = io.assumingMemoryBound(to: valuegen_negotiation.self)
        guard Int(negotiation.pointee.struct_size) >= MemoryLayout<valuegen_negotiation>.size else {
            return VALUEGEN_STATUS_INCOMPATIBLE
        }
        negotiation.pointee.plugin_abi_major = UInt32(VALUEGEN_ABI_MAJOR)
        negotiation.pointee.plugin_abi_minor = UInt32(VALUEGEN_ABI_MINOR)
        guard negotiation.pointee.host_abi_major == UInt32(VALUEGEN_ABI_MAJOR) else {
            negotiation.pointee.plugin = nil
            negotiation.pointee.message = ExportedPlugin.incompatibleMessage
            return VALUEGEN_STATUS_INCOMPATIBLE
        }
        var features: UInt32 = 0
        if isThreadSafe { features |= UInt32(VALUEGEN_FEATURE_THREAD_SAFE) }
        if emitsExtraFiles { features |= UInt32(VALUEGEN_FEATURE_EXTRA_FILES) }
        if readsModule { features |= UInt32(VALUEGEN_FEATURE_MODULE) }
        negotiation.pointee.plugin = ExportedPlugin.register(feature, features: features)
        negotiation.pointee.message = nil
        return VALUEGEN_STATUS_OK
    }
}

/// The one feature this library exports and its static descriptor. Lives until exit: the
/// host never unloads a plugin library.
private enum ExportedPlugin {
    nonisolated(unsafe) static var feature: (any Feature)?
    nonisolated(unsafe) static var descriptor: UnsafeMutablePointer<valuegen_plugin>?
    /// The module `begin_module` decoded last (ABI 1.3), which requests without one get;
    /// guarded by `lock`.
    nonisolated(unsafe) static var module: ModuleDescription?
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) static let incompatibleMessage: UnsafePointer<CChar> = UnsafePointer(strdup("this plugin speaks valuegen plugin ABI \(VALUEGEN_ABI_MAJOR).\(VALUEGEN_ABI_MINOR)")!)

    static func register(_ make: () -> any Feature, features: UInt32) -> UnsafePointer<valuegen_plugin> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let descriptor {
            return UnsafePointer(descriptor)
        }
        let feature = make()
        let description = feature.descriptor
        let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: description.includeNames.count)
        for (index, name) in description.includeNames.enumerated() {
            names[index] = UnsafePointer(strdup(name))
        }
        var plugin = valuegen_plugin()
        plugin.struct_size = UInt32(MemoryLayout<valuegen_plugin>.size)
        plugin.abi_major = UInt32(VALUEGEN_ABI_MAJOR)
        plugin.abi_minor = UInt32(VALUEGEN_ABI_MINOR)
        plugin.id = UnsafePointer(strdup(description.id))
        plugin.version = UnsafePointer(strdup(description.version))
        plugin.include_names = UnsafePointer(names)
        plugin.include_name_count = UInt32(description.includeNames.count)
        plugin.default_kinds = description.defaultKinds.reduce(0) { $0 | $1.abiBit }
        plugin.supported_kinds = description.supportedKinds.reduce(0) { $0 | $1.abiBit }
        plugin.features = features | (description.readsModule ? UInt32(VALUEGEN_FEATURE_MODULE) : 0)
        plugin.generate = exportedGenerate
        if plugin.features & UInt32(VALUEGEN_FEATURE_MODULE) != 0 {
            plugin.features |= UInt32(VALUEGEN_FEATURE_MODULE_ONCE)
            plugin.begin_module = exportedBeginModule
        }
        let members = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(description.generatedMemberNames.count, 1))
        for (index, name) in description.generatedMemberNames.enumerated() {
            members[index] = UnsafePointer(strdup(name))
        }
        plugin.member_names = UnsafePointer(members)
        plugin.member_name_count = UInt32(description.generatedMemberNames.count)
        let annotationNames = description.annotationNames ?? []
        let annotations = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(annotationNames.count, 1))
        for (index, name) in annotationNames.enumerated() {
            annotations[index] = UnsafePointer(strdup(name))
        }
        plugin.annotation_names = UnsafePointer(annotations)
        plugin.annotation_name_count = UInt32(annotationNames.count)
        if feature is any ModuleFeature {
            plugin.generate_module = exportedGenerateModule
        }
        let pointer = UnsafeMutablePointer<valuegen_plugin>.allocate(capacity: 1)
        pointer.initialize(to: plugin)
        self.feature = feature
        self.descriptor = pointer
        return UnsafePointer(pointer)
    }

    static func keep(_ module: ModuleDescription) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        self.module = module
    }

    static var keptModule: ModuleDescription? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return module
    }
}

/// Decodes the run's module once (ABI 1.3); the requests that follow leave it out.
private let exportedBeginModule: @convention(c) (UnsafePointer<valuegen_host>?, UnsafePointer<CChar>?, Int) -> valuegen_status = { host, json, length in
    guard let host, let feature = ExportedPlugin.feature else { return VALUEGEN_STATUS_INTERNAL_ERROR }
    do {
        let tree = try JSONParser.parse(UnsafeRawBufferPointer(start: json, count: json == nil ? 0 : length))
        ExportedPlugin.keep(try ModuleDescription(json: tree))
        return VALUEGEN_STATUS_OK
    } catch {
        HostEmitter(host: host).diagnose(.error, "\(feature.descriptor.id) could not read the module: \(error)", at: nil)
        return VALUEGEN_STATUS_INTERNAL_ERROR
    }
}

private let exportedGenerate: @convention(c) (UnsafePointer<valuegen_host>?, UnsafePointer<CChar>?, Int) -> valuegen_status = { host, json, length in
    guard let host, let feature = ExportedPlugin.feature else { return VALUEGEN_STATUS_INTERNAL_ERROR }
    let emitter = HostEmitter(host: host)
    var request: GenerationRequest
    do {
        request = try GenerationRequest(jsonBytes: UnsafeRawBufferPointer(start: json, count: json == nil ? 0 : length))
    } catch {
        emitter.diagnose(.error, "\(feature.descriptor.id) could not read the request: \(error)", at: nil)
        return VALUEGEN_STATUS_INTERNAL_ERROR
    }
    if request.module == nil {
        request.module = ExportedPlugin.keptModule
    }
    do {
        try feature.generate(request, into: emitter)
    } catch {
        emitter.diagnose(.error, "\(feature.descriptor.id) failed: \(error)", at: nil)
        return VALUEGEN_STATUS_INTERNAL_ERROR
    }
    return emitter.reportedError ? VALUEGEN_STATUS_FAILED : VALUEGEN_STATUS_OK
}

/// The module pass (ABI 1.4): decodes the module request and hands it to the feature.
private let exportedGenerateModule: @convention(c) (UnsafePointer<valuegen_host>?, UnsafePointer<CChar>?, Int) -> valuegen_status = { host, json, length in
    guard let host, let feature = ExportedPlugin.feature as? any ModuleFeature else { return VALUEGEN_STATUS_INTERNAL_ERROR }
    let emitter = HostEmitter(host: host)
    let request: ModuleRequest
    do {
        request = try ModuleRequest(json: JSONParser.parse(UnsafeRawBufferPointer(start: json, count: json == nil ? 0 : length)))
    } catch {
        emitter.diagnose(.error, "\(feature.descriptor.id) could not read the module request: \(error)", at: nil)
        return VALUEGEN_STATUS_INTERNAL_ERROR
    }
    do {
        try feature.generateModule(request, into: emitter)
    } catch {
        emitter.diagnose(.error, "\(feature.descriptor.id) failed: \(error)", at: nil)
        return VALUEGEN_STATUS_INTERNAL_ERROR
    }
    return emitter.reportedError ? VALUEGEN_STATUS_FAILED : VALUEGEN_STATUS_OK
}

/// The emitter a Swift plugin's feature writes into: each call goes straight to the host's
/// callbacks, which copy during the call.
private final class HostEmitter: Emitter, ModuleEmitter {
    private let host: UnsafePointer<valuegen_host>
    private(set) var reportedError = false

    init(host: UnsafePointer<valuegen_host>) {
        self.host = host
    }

    func emitImport(_ module: String) {
        emit(kind: VALUEGEN_EMIT_IMPORT, text: module, typeName: nil, path: nil)
    }

    func emitDeclaration(_ code: String, attachedTo typeName: String) {
        emit(kind: VALUEGEN_EMIT_DECLARATION, text: code, typeName: typeName, path: nil)
    }

    func emitFile(path: String, contents: String) {
        emit(kind: VALUEGEN_EMIT_FILE, text: contents, typeName: nil, path: path)
    }

    func emitModuleDeclaration(_ code: String, key: String) {
        emit(kind: VALUEGEN_EMIT_MODULE_DECLARATION, text: code, typeName: nil, path: nil, key: key)
    }

    func emitModuleImport(_ module: String) {
        emit(kind: VALUEGEN_EMIT_MODULE_IMPORT, text: module, typeName: nil, path: nil)
    }

    func emitModuleFile(path: String, contents: String) {
        emit(kind: VALUEGEN_EMIT_MODULE_FILE, text: contents, typeName: nil, path: path)
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, at location: SourceLocation?) {
        if severity == .error {
            reportedError = true
        }
        message.withCString { text in
            host.pointee.diagnose?(host, Self.level(severity), text, Int32(location?.line ?? 0), Int32(location?.column ?? 0))
        }
    }

    func diagnose(_ severity: DiagnosticSeverity, _ message: String, in path: String?, at location: SourceLocation?) {
        // diagnose_in (ABI 1.4) exists only on a host whose struct covers it.
        guard let path, Int(host.pointee.struct_size) >= Self.hostSizeWithDiagnoseIn, let diagnoseIn = host.pointee.diagnose_in else {
            diagnose(severity, message, at: path == nil ? nil : location)
            return
        }
        if severity == .error {
            reportedError = true
        }
        message.withCString { text in
            path.withCString { path in
                diagnoseIn(host, Self.level(severity), text, path, Int32(location?.line ?? 0), Int32(location?.column ?? 0))
            }
        }
    }

    private static let hostSizeWithDiagnoseIn = MemoryLayout<valuegen_host>.offset(of: \valuegen_host.diagnose_in)! + MemoryLayout<UnsafeRawPointer?>.size

    private static func level(_ severity: DiagnosticSeverity) -> Int32 {
        switch severity {
        case .note: return VALUEGEN_SEVERITY_NOTE
        case .warning: return VALUEGEN_SEVERITY_WARNING
        case .error: return VALUEGEN_SEVERITY_ERROR
        }
    }

    private func emit(kind: Int32, text: String, typeName: String?, path: String?, key: String? = nil) {
        var text = text
        text.withUTF8 { bytes in
            withOptionalCString(typeName) { typeName in
                withOptionalCString(path) { path in
                    withOptionalCString(key) { key in
                        var emission = valuegen_emission()
                        emission.struct_size = UInt32(MemoryLayout<valuegen_emission>.size)
                        emission.kind = kind
                        emission.text = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
                        emission.text_length = bytes.count
                        emission.type_name = typeName
                        emission.path = path
                        emission.key = key
                        _ = host.pointee.emit?(host, &emission)
                    }
                }
            }
        }
    }
}

private func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString(body)
}

extension ModelKind {
    /// The kind's VALUEGEN_KIND_* bit in valuegen_plugin.h.
    public var abiBit: UInt32 {
        switch self {
        case .value: return UInt32(VALUEGEN_KIND_VALUE)
        case .adtValue: return UInt32(VALUEGEN_KIND_ADT)
        case .object: return UInt32(VALUEGEN_KIND_OBJECT)
        }
    }
}
