#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CValuegenPlugin
import ValuegenPluginSDK

/// One call of a plugin's `generate` (or `begin_module`, ABI 1.3, or `generate_module`, ABI
/// 1.4): the host struct the plugin sees, the callbacks that copy what it emits, and the
/// `valuegen.query/1` extension over the request.
final class PluginInvocation {
    /// Which of the plugin's functions is called: what it may emit and where it may diagnose.
    enum Call {
        /// `generate`: everything, declarations only for the file's types; `diagnose_in` at its file.
        case generate
        /// `begin_module`: nothing.
        case beginModule
        /// `generate_module`: module files, declarations and imports; `diagnose_in` at any file.
        case modulePass
    }

    private let declaredTypes: Set<String>
    private let call: Call
    /// The schema files `diagnose_in` may name.
    private let filePaths: Set<String>
    private let requestBytes: [UInt8]
    private var requestTree: JSONValue?
    private var output = PluginOutput(status: VALUEGEN_STATUS_OK)
    /// C strings handed out by queries; valid until the call ends.
    private var borrowedStrings: [UnsafeMutablePointer<CChar>] = []

    /// - Parameters:
    ///   - requestBytes: the request as UTF-8 JSON.
    ///   - requestTree: the same request as a tree, when the caller has it (saves a parse
    ///     when the plugin queries).
    init(requestBytes: [UInt8], requestTree: JSONValue?, declaredTypes: Set<String>, filePaths: Set<String> = [], call: Call = .generate) {
        self.requestBytes = requestBytes
        self.requestTree = requestTree
        self.declaredTypes = declaredTypes
        self.filePaths = filePaths
        self.call = call
    }

    deinit {
        borrowedStrings.forEach { $0.deallocate() }
    }

    /// Calls `generate` (or `begin_module`, of the same C type) and returns everything it emitted.
    func run(_ generate: valuegen_generate_fn) -> PluginOutput {
        var host = valuegen_host()
        host.struct_size = UInt32(MemoryLayout<valuegen_host>.size)
        host.abi_major = HostABI.major
        host.abi_minor = HostABI.minor
        host.host_data = Unmanaged.passUnretained(self).toOpaque()
        host.emit = hostEmit
        host.diagnose = hostDiagnose
        host.get_extension = hostGetExtension
        host.diagnose_in = hostDiagnoseIn
        let status = withExtendedLifetime(self) {
            requestBytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    generate(&host, characters.baseAddress, characters.count)
                }
            }
        }
        output.status = status
        return output
    }

    fileprivate static func from(_ host: UnsafePointer<valuegen_host>?) -> PluginInvocation? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<PluginInvocation>.fromOpaque(data).takeUnretainedValue()
    }

    // MARK: - Emissions and diagnostics

    fileprivate func emit(_ emission: valuegen_emission) -> valuegen_status {
        switch call {
        case .generate: break
        case .beginModule:
            return refuse("emitted something from begin_module, which only takes the module; emit from generate()")
        case .modulePass:
            guard [VALUEGEN_EMIT_MODULE_FILE, VALUEGEN_EMIT_MODULE_DECLARATION, VALUEGEN_EMIT_MODULE_IMPORT].contains(emission.kind) else {
                return refuse("emitted an emission of kind \(emission.kind) from generate_module, which takes only module files, module declarations and module imports (VALUEGEN_EMIT_MODULE_*); emit code of one schema file from generate()")
            }
        }
        guard let text = Self.string(emission.text, length: emission.text_length) else {
            return refuse("emitted text that is not valid UTF-8")
        }
        // A NUL is valid UTF-8, but would land in the generated file, where swiftc rejects it.
        if let offset = text.utf8.firstIndex(of: 0).map({ text.utf8.distance(from: text.utf8.startIndex, to: $0) }) {
            return refuse("emitted text with a NUL byte at offset \(offset) of \(emission.text_length); pass text_length without the terminating NUL, and no NUL inside the text")
        }
        switch emission.kind {
        case VALUEGEN_EMIT_IMPORT, VALUEGEN_EMIT_MODULE_IMPORT:
            guard SwiftLanguage.isIdentifier(text) || text.split(separator: ".").allSatisfy({ SwiftLanguage.isIdentifier(String($0)) }) else {
                return refuse("emitted the import '\(text)', which is not a module name")
            }
            output.emissions.append(emission.kind == VALUEGEN_EMIT_IMPORT ? .importModule(text) : .moduleImport(text))
        case VALUEGEN_EMIT_DECLARATION:
            guard let typeName = emission.type_name.flatMap(String.init(validatingCString:)) else {
                return refuse("emitted a declaration without a valid type name")
            }
            guard declaredTypes.contains(typeName) else {
                return refuse("attached code to '\(typeName)', which this file does not declare")
            }
            output.emissions.append(.declaration(typeName: typeName, code: text))
        case VALUEGEN_EMIT_FILE, VALUEGEN_EMIT_MODULE_FILE:
            guard let path = emission.path.flatMap(String.init(validatingCString:)), ExtraFilePath.isSafe(path) else {
                let shown = emission.path.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? "NULL"
                return refuse("emitted the file '\(shown)', which is not a relative path inside the output folder (no leading '/', no '..')")
            }
            output.emissions.append(emission.kind == VALUEGEN_EMIT_FILE ? .file(path: path, contents: text) : .moduleFile(path: path, contents: text))
        case VALUEGEN_EMIT_MODULE_DECLARATION:
            guard Int(emission.struct_size) >= keyedEmissionSize else {
                return refuse("emitted a module declaration in a valuegen_emission of \(emission.struct_size) bytes, too small to hold its key; build against ABI 1.1's valuegen_plugin.h and set struct_size to sizeof(valuegen_emission) (\(keyedEmissionSize) bytes)")
            }
            guard let pointer = emission.key else {
                return refuse("emitted a module declaration without a key (valuegen_emission.key is NULL)")
            }
            guard let key = String(validatingCString: pointer) else {
                return refuse("emitted a module declaration whose key is not valid UTF-8")
            }
            guard ModuleDeclarationKey.isValid(key) else {
                return refuse("emitted a module declaration with the key \(SwiftLanguage.stringLiteral(key)), which \(ModuleDeclarationKey.rule)")
            }
            output.emissions.append(.moduleDeclaration(key: key, code: text))
        default:
            return refuse("emitted an unknown kind of emission (\(emission.kind))")
        }
        return VALUEGEN_STATUS_OK
    }

    fileprivate func diagnose(severity: Int32, message: UnsafePointer<CChar>?, path: String? = nil, line: Int32, column: Int32) {
        guard let message, let text = String(validatingCString: message) else {
            _ = refuse("reported a diagnostic whose message is not valid UTF-8")
            return
        }
        let level: DiagnosticSeverity
        switch severity {
        case VALUEGEN_SEVERITY_NOTE: level = .note
        case VALUEGEN_SEVERITY_WARNING: level = .warning
        default: level = .error
        }
        output.diagnostics.append(PluginOutput.Diagnostic(severity: level, message: text, line: Int(max(line, 0)), column: Int(max(column, 0)), path: path))
    }

    /// `diagnose_in` (ABI 1.4): a diagnostic at a schema file the call's request holds.
    fileprivate func diagnose(severity: Int32, message: UnsafePointer<CChar>?, path: UnsafePointer<CChar>?, line: Int32, column: Int32) {
        guard let path, let file = String(validatingCString: path) else {
            _ = refuse("reported a diagnostic with diagnose_in whose path is NULL or not valid UTF-8")
            return
        }
        guard call != .beginModule, filePaths.contains(file) else {
            let holds = call == .modulePass ? "a \"file\"/\"path\" of its request's \"files\"" : "the request's \"file\"/\"path\""
            _ = refuse("reported a diagnostic with diagnose_in at '\(file)', which is not a schema file of this call; give \(holds)")
            return
        }
        diagnose(severity: severity, message: message, path: file, line: line, column: column)
    }

    fileprivate func refuse(_ problem: String) -> valuegen_status {
        output.refusals.append(problem)
        return VALUEGEN_STATUS_INVALID_ARGUMENT
    }

    private static func string(_ pointer: UnsafePointer<CChar>?, length: Int) -> String? {
        guard let pointer else { return length == 0 ? "" : nil }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
    }

    // MARK: - valuegen.query/1

    fileprivate func lookUp(_ pointer: UnsafePointer<CChar>?) -> JSONValue? {
        guard let pointer else { return nil }
        if requestTree == nil {
            requestTree = try? JSONParser.parse(requestBytes)
        }
        guard let requestTree else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        return JSONPointer.resolve(bytes, in: requestTree)
    }

    fileprivate func borrow(_ text: String) -> (UnsafePointer<CChar>, Int) {
        let utf8 = Array(text.utf8)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
        utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { copy.initialize(from: $0.baseAddress!, count: utf8.count) }
        }
        copy[utf8.count] = 0
        borrowedStrings.append(copy)
        return (UnsafePointer(copy), utf8.count)
    }
}

// MARK: - The C callbacks

private let hostEmit: @convention(c) (UnsafePointer<valuegen_host>?, UnsafePointer<valuegen_emission>?) -> valuegen_status = { host, emission in
    guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
    guard let emission else { return invocation.refuse("emitted NULL instead of a valuegen_emission") }
    let size = Int(emission.pointee.struct_size)
    guard size >= minimumEmissionSize else {
        return invocation.refuse("emitted a valuegen_emission of \(size) bytes, smaller than the \(minimumEmissionSize) bytes of ABI \(HostABI.major).0")
    }
    return invocation.emit(HostABI.coveredFields(of: emission, size: UInt32(size), empty: valuegen_emission()))
}

/// The size of valuegen_emission in ABI 1.0 (every field up to and including `path`), not this
/// host's `sizeof`, which grows with later minors.
private let minimumEmissionSize = MemoryLayout<valuegen_emission>.offset(of: \valuegen_emission.path)! + MemoryLayout<UnsafePointer<CChar>?>.size

/// The size of valuegen_emission in ABI 1.1, which added `key`: a module declaration needs it.
private let keyedEmissionSize = MemoryLayout<valuegen_emission>.offset(of: \valuegen_emission.key)! + MemoryLayout<UnsafePointer<CChar>?>.size

private let hostDiagnose: @convention(c) (UnsafePointer<valuegen_host>?, Int32, UnsafePointer<CChar>?, Int32, Int32) -> Void = { host, severity, message, line, column in
    PluginInvocation.from(host)?.diagnose(severity: severity, message: message, line: line, column: column)
}

private let hostDiagnoseIn: @convention(c) (UnsafePointer<valuegen_host>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, Int32) -> Void = { host, severity, message, path, line, column in
    PluginInvocation.from(host)?.diagnose(severity: severity, message: message, path: path, line: line, column: column)
}

private let hostGetExtension: @convention(c) (UnsafePointer<valuegen_host>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = { _, id in
    guard let id else { return nil }
    switch String(cString: id) {
    case VALUEGEN_QUERY_EXTENSION_ID: return UnsafeRawPointer(queryExtension)
    case VALUEGEN_QUERY2_EXTENSION_ID: return UnsafeRawPointer(query2Extension)
    default: return nil
    }
}

/// The one `valuegen.query/2` table: query/1's functions at the same offsets, then the JSON
/// type at a pointer and an object's member names by index.
nonisolated(unsafe) private let query2Extension: UnsafeMutablePointer<valuegen_query2_extension> = {
    let table = UnsafeMutablePointer<valuegen_query2_extension>.allocate(capacity: 1)
    let first = queryExtension.pointee
    var query = valuegen_query2_extension()
    query.struct_size = UInt32(MemoryLayout<valuegen_query2_extension>.size)
    query.get_string = first.get_string
    query.get_integer = first.get_integer
    query.get_boolean = first.get_boolean
    query.get_count = first.get_count
    query.get_type = { host, pointer, type in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        switch found {
        case .null: type?.pointee = VALUEGEN_JSON_NULL
        case .bool: type?.pointee = VALUEGEN_JSON_BOOLEAN
        case .number: type?.pointee = VALUEGEN_JSON_NUMBER
        case .string: type?.pointee = VALUEGEN_JSON_STRING
        case .array: type?.pointee = VALUEGEN_JSON_ARRAY
        case .object: type?.pointee = VALUEGEN_JSON_OBJECT
        }
        return VALUEGEN_STATUS_OK
    }
    query.get_member_name = { host, pointer, index, name, length in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        guard case .object(let members) = found else { return VALUEGEN_STATUS_WRONG_TYPE }
        guard index >= 0, index < members.count else { return VALUEGEN_STATUS_NOT_FOUND }
        let (copy, count) = invocation.borrow(members[Int(index)].key)
        name?.pointee = copy
        length?.pointee = count
        return VALUEGEN_STATUS_OK
    }
    table.initialize(to: query)
    return table
}()

/// The one `valuegen.query/1` table; its functions find the call through the host pointer.
/// Written once, then only read by plugins.
nonisolated(unsafe) private let queryExtension: UnsafeMutablePointer<valuegen_query_extension> = {
    let table = UnsafeMutablePointer<valuegen_query_extension>.allocate(capacity: 1)
    var query = valuegen_query_extension()
    query.struct_size = UInt32(MemoryLayout<valuegen_query_extension>.size)
    query.get_string = { host, pointer, value, length in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        guard case .string(let text) = found else { return VALUEGEN_STATUS_WRONG_TYPE }
        let (copy, count) = invocation.borrow(text)
        value?.pointee = copy
        length?.pointee = count
        return VALUEGEN_STATUS_OK
    }
    query.get_integer = { host, pointer, value in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        guard case .number(let number) = found, number == number.rounded(), abs(number) < 9.0e15 else { return VALUEGEN_STATUS_WRONG_TYPE }
        value?.pointee = Int64(number)
        return VALUEGEN_STATUS_OK
    }
    query.get_boolean = { host, pointer, value in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        guard case .bool(let flag) = found else { return VALUEGEN_STATUS_WRONG_TYPE }
        value?.pointee = flag ? 1 : 0
        return VALUEGEN_STATUS_OK
    }
    query.get_count = { host, pointer, count in
        guard let invocation = PluginInvocation.from(host) else { return VALUEGEN_STATUS_INVALID_ARGUMENT }
        guard let found = invocation.lookUp(pointer) else { return VALUEGEN_STATUS_NOT_FOUND }
        switch found {
        case .array(let elements): count?.pointee = Int64(elements.count)
        case .object(let members): count?.pointee = Int64(members.count)
        default: return VALUEGEN_STATUS_WRONG_TYPE
        }
        return VALUEGEN_STATUS_OK
    }
    table.initialize(to: query)
    return table
}()
