#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import CValuegenPlugin
import ValuegenPluginSDK

/// What a plugin worker process (`valuegen __plugin-worker LIBRARY`) and its parent say to
/// each other over pipes: frames of a 4-byte little-endian length and that many bytes of JSON.
///
/// 1. The worker loads the library and sends `{"descriptor": {...}}` or `{"error": "..."}`.
/// 2. Then, for each request the parent sends (the request JSON itself), the worker sends
///    `{"status": 0, "emissions": [...], "diagnostics": [...], "refusals": [...]}`; an emission's
///    kind is `import`, `declaration`, `file`, `moduleDeclaration` (with its `key`) or
///    `moduleImport`.
/// 3. The parent closes the worker's input to end it.
///
/// For a plugin that takes the module once (ABI 1.3), the parent sends `{"beginModule":MODULE}`
/// before the first request of a run that this worker serves; the worker calls
/// `begin_module` with MODULE's bytes and answers as it does a request. A request never starts
/// so: its first member is `schemaVersion`.
///
/// For a plugin with a module pass (ABI 1.4), the parent sends `{"generateModule":REQUEST}`
/// once per run; the worker calls `generate_module` with REQUEST's bytes and answers as it
/// does a request, each diagnostic of `diagnose_in` with its `path`.
enum WorkerProtocol {
    /// What a frame that hands a worker the module starts with; the module's JSON and `}` follow.
    static let beginModulePrefix = Array(#"{"beginModule":"#.utf8)

    /// The frame that hands a worker the module.
    static func beginModuleFrame(_ module: [UInt8]) -> [UInt8] {
        var frame = beginModulePrefix
        frame.reserveCapacity(beginModulePrefix.count + module.count + 1)
        frame.append(contentsOf: module)
        frame.append(UInt8(ascii: "}"))
        return frame
    }

    /// The module's bytes when the frame hands a worker the module; nil for a request.
    static func moduleOfBeginFrame(_ frame: [UInt8]) -> ArraySlice<UInt8>? {
        guard frame.count > beginModulePrefix.count, frame.last == UInt8(ascii: "}"), frame.starts(with: beginModulePrefix) else { return nil }
        return frame[beginModulePrefix.count..<(frame.count - 1)]
    }

    /// What a frame that runs a plugin's module pass starts with; the module request and `}` follow.
    static let generateModulePrefix = Array(#"{"generateModule":"#.utf8)

    /// The frame that runs a worker's module pass.
    static func generateModuleFrame(_ request: [UInt8]) -> [UInt8] {
        generateModulePrefix + request + [UInt8(ascii: "}")]
    }

    /// The module request's bytes when the frame runs the module pass; nil otherwise.
    static func requestOfGenerateModuleFrame(_ frame: [UInt8]) -> ArraySlice<UInt8>? {
        guard frame.count > generateModulePrefix.count, frame.last == UInt8(ascii: "}"), frame.starts(with: generateModulePrefix) else { return nil }
        return frame[generateModulePrefix.count..<(frame.count - 1)]
    }

    /// Writes one frame; false when the other side is gone.
    static func writeFrame(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var length = UInt32(bytes.count).littleEndian
        let header = withUnsafeBytes(of: &length) { Array($0) }
        return writeAll(header, to: descriptor) && writeAll(bytes, to: descriptor)
    }

    /// Reads one frame; nil at the end of the input or when the other side is gone.
    static func readFrame(from descriptor: Int32) -> [UInt8]? {
        guard case .frame(let bytes) = readFrame(from: descriptor, deadline: nil) else { return nil }
        return bytes
    }

    /// What waiting for a frame gave.
    enum FrameRead {
        case frame([UInt8])
        /// The end of the input, or the other side is gone.
        case ended
        /// The deadline passed before the whole frame arrived.
        case timedOut
    }

    /// Reads one frame, waiting no later than the deadline (`DispatchTime`'s uptime in
    /// nanoseconds) when there is one.
    static func readFrame(from descriptor: Int32, deadline: UInt64?) -> FrameRead {
        let header: [UInt8]
        switch readExactly(4, from: descriptor, deadline: deadline) {
        case .frame(let bytes): header = bytes
        case let other: return other
        }
        let length = header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }.littleEndian
        // A length no request or output comes near means the stream is not ours any more.
        guard length <= maximumFrameLength else { return .ended }
        return readExactly(Int(length), from: descriptor, deadline: deadline)
    }

    /// 256 MiB: far above any generated file, far below what would exhaust memory.
    static let maximumFrameLength: UInt32 = 256 << 20

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += count
        }
        return true
    }

    private static func readExactly(_ count: Int, from descriptor: Int32, deadline: UInt64?) -> FrameRead {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            if let deadline, !waitForInput(on: descriptor, until: deadline) {
                return .timedOut
            }
            let read = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, count - filled) }
            if read < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if read == 0 { return .ended }
            filled += read
        }
        return .frame(bytes)
    }

    /// Whether the descriptor has something to read (or has ended) before the deadline.
    private static func waitForInput(on descriptor: Int32, until deadline: UInt64) -> Bool {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            let milliseconds = Int32(clamping: (deadline - now + 999_999) / 1_000_000)
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }
        }
    }

    // MARK: - The messages

    static func encode(_ library: PluginLibrary) -> [UInt8] {
        let descriptor = library.descriptor
        return JSONSerializer.serialize(.object([
            JSONMember(key: "descriptor", value: .object([
                JSONMember(key: "id", value: .string(descriptor.id)),
                JSONMember(key: "version", value: .string(descriptor.version)),
                JSONMember(key: "includeNames", value: .array(descriptor.includeNames.map { .string($0) })),
                JSONMember(key: "defaultKinds", value: .number(Double(descriptor.defaultKinds.reduce(0) { $0 | $1.abiBit }))),
                JSONMember(key: "supportedKinds", value: .number(Double(descriptor.supportedKinds.reduce(0) { $0 | $1.abiBit }))),
                JSONMember(key: "abiMajor", value: .number(Double(library.abiMajor))),
                JSONMember(key: "abiMinor", value: .number(Double(library.abiMinor))),
                JSONMember(key: "features", value: .number(Double(library.featureBits))),
                JSONMember(key: "takesModuleOnce", value: .bool(library.takesModuleOnce)),
                JSONMember(key: "hasModulePass", value: .bool(descriptor.hasModulePass)),
                JSONMember(key: "generatedMemberNames", value: .array(descriptor.generatedMemberNames.map { .string($0) })),
                JSONMember(key: "annotationNames", value: descriptor.annotationNames.map { .array($0.map { .string($0) }) } ?? .null),
                JSONMember(key: "warnings", value: .array(library.warnings.map { .string($0) })),
            ])),
        ]))
    }

    static func encode(error: PluginError) -> [UInt8] {
        JSONSerializer.serialize(.object([JSONMember(key: "error", value: .string(error.description))]))
    }

    /// The descriptor a worker sent, or the load error it reported.
    static func decodeHandshake(_ bytes: [UInt8]) -> Result<WorkerDescriptor, PluginError> {
        guard let message = try? JSONParser.parse(bytes) else {
            return .failure(PluginError("the plugin worker sent an unreadable handshake"))
        }
        if let error = message["error"]?.stringValue {
            return .failure(PluginError(error))
        }
        guard let descriptor = message["descriptor"],
              let id = descriptor["id"]?.stringValue, let version = descriptor["version"]?.stringValue,
              case .array(let names)? = descriptor["includeNames"],
              case .number(let defaults)? = descriptor["defaultKinds"], case .number(let supported)? = descriptor["supportedKinds"],
              case .number(let major)? = descriptor["abiMajor"], case .number(let minor)? = descriptor["abiMinor"],
              case .number(let features)? = descriptor["features"] else {
            return .failure(PluginError("the plugin worker sent an incomplete handshake"))
        }
        var memberNames: [String] = []
        if case .array(let members)? = descriptor["generatedMemberNames"] {
            memberNames = members.compactMap(\.stringValue)
        }
        var annotationNames: [String]?
        if case .array(let annotations)? = descriptor["annotationNames"] {
            annotationNames = annotations.compactMap(\.stringValue)
        }
        var warnings: [String] = []
        if case .array(let sentences)? = descriptor["warnings"] {
            warnings = sentences.compactMap(\.stringValue)
        }
        return .success(WorkerDescriptor(
            descriptor: FeatureDescriptor(
                id: id, version: version, includeNames: names.compactMap(\.stringValue),
                defaultKinds: ModelKind.kinds(fromBits: UInt32(defaults)), supportedKinds: ModelKind.kinds(fromBits: UInt32(supported)),
                generatedMemberNames: memberNames,
                readsModule: UInt32(features) & UInt32(VALUEGEN_FEATURE_MODULE) != 0,
                annotationNames: annotationNames,
                hasModulePass: descriptor["hasModulePass"] == .bool(true)
            ),
            abiMajor: UInt32(major), abiMinor: UInt32(minor), featureBits: UInt32(features), warnings: warnings,
            takesModuleOnce: descriptor["takesModuleOnce"] == .bool(true)
        ))
    }

    static func encode(_ output: PluginOutput) -> [UInt8] {
        let emissions: [JSONValue] = output.emissions.map { emission in
            switch emission {
            case .importModule(let module):
                return .object([JSONMember(key: "kind", value: .string("import")), JSONMember(key: "text", value: .string(module))])
            case .declaration(let typeName, let code):
                return .object([JSONMember(key: "kind", value: .string("declaration")), JSONMember(key: "typeName", value: .string(typeName)), JSONMember(key: "text", value: .string(code))])
            case .file(let path, let contents):
                return .object([JSONMember(key: "kind", value: .string("file")), JSONMember(key: "path", value: .string(path)), JSONMember(key: "text", value: .string(contents))])
            case .moduleDeclaration(let key, let code):
                return .object([JSONMember(key: "kind", value: .string("moduleDeclaration")), JSONMember(key: "key", value: .string(key)), JSONMember(key: "text", value: .string(code))])
            case .moduleImport(let module):
                return .object([JSONMember(key: "kind", value: .string("moduleImport")), JSONMember(key: "text", value: .string(module))])
            case .moduleFile(let path, let contents):
                return .object([JSONMember(key: "kind", value: .string("moduleFile")), JSONMember(key: "path", value: .string(path)), JSONMember(key: "text", value: .string(contents))])
            }
        }
        let diagnostics: [JSONValue] = output.diagnostics.map { diagnostic in
            var members = [
                JSONMember(key: "severity", value: .string(diagnostic.severity.rawValue)),
                JSONMember(key: "message", value: .string(diagnostic.message)),
                JSONMember(key: "line", value: .number(Double(diagnostic.line))),
                JSONMember(key: "column", value: .number(Double(diagnostic.column))),
            ]
            if let path = diagnostic.path {
                members.append(JSONMember(key: "path", value: .string(path)))
            }
            return .object(members)
        }
        return JSONSerializer.serialize(.object([
            JSONMember(key: "status", value: .number(Double(output.status))),
            JSONMember(key: "emissions", value: .array(emissions)),
            JSONMember(key: "diagnostics", value: .array(diagnostics)),
            JSONMember(key: "refusals", value: .array(output.refusals.map { .string($0) })),
        ]))
    }

    static func decodeOutput(_ bytes: [UInt8]) -> PluginOutput? {
        guard let message = try? JSONParser.parse(bytes), case .number(let status)? = message["status"],
              case .array(let emissions)? = message["emissions"], case .array(let diagnostics)? = message["diagnostics"],
              case .array(let refusals)? = message["refusals"] else { return nil }
        var output = PluginOutput(status: Int32(status))
        for emission in emissions {
            let text = emission["text"]?.stringValue ?? ""
            switch emission["kind"]?.stringValue {
            case "import": output.emissions.append(.importModule(text))
            case "declaration": output.emissions.append(.declaration(typeName: emission["typeName"]?.stringValue ?? "", code: text))
            case "file": output.emissions.append(.file(path: emission["path"]?.stringValue ?? "", contents: text))
            case "moduleDeclaration":
                guard let key = emission["key"]?.stringValue else { return nil }
                output.emissions.append(.moduleDeclaration(key: key, code: text))
            case "moduleImport": output.emissions.append(.moduleImport(text))
            case "moduleFile": output.emissions.append(.moduleFile(path: emission["path"]?.stringValue ?? "", contents: text))
            default: return nil
            }
        }
        for diagnostic in diagnostics {
            guard let severity = diagnostic["severity"]?.stringValue.flatMap(DiagnosticSeverity.init(rawValue:)),
                  let message = diagnostic["message"]?.stringValue,
                  case .number(let line)? = diagnostic["line"], case .number(let column)? = diagnostic["column"] else { return nil }
            output.diagnostics.append(PluginOutput.Diagnostic(severity: severity, message: message, line: Int(line), column: Int(column), path: diagnostic["path"]?.stringValue))
        }
        output.refusals = refusals.compactMap(\.stringValue)
        return output
    }
}

/// What a worker reported of the plugin it loaded.
struct WorkerDescriptor: Sendable {
    var descriptor: FeatureDescriptor
    var abiMajor: UInt32
    var abiMinor: UInt32
    var featureBits: UInt32
    var warnings: [String] = []
    /// Whether the worker hands the module to the plugin's `begin_module` (ABI 1.3).
    var takesModuleOnce = false
}

#if canImport(Glibc)
let systemRead = Glibc.read
#elseif canImport(Darwin)
let systemRead = Darwin.read
#endif
