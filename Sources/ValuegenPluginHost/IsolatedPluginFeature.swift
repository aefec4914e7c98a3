#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ValuegenPluginSDK

/// A plugin library used as a feature from child processes (`--isolate-plugins`): the library
/// is loaded only in workers, so a plugin that crashes ends a worker, not the generator. The
/// crash becomes an error naming the plugin, the schema file and the signal; the next file
/// gets a new worker.
public final class IsolatedPluginFeature: Feature, PluginBacked, @unchecked Sendable {
    public let descriptor: FeatureDescriptor
    public let pluginName: PluginName
    public let options: JSONValue?
    public let loadWarnings: [String]
    /// Whether the plugin takes the module once per run, in each worker (ABI 1.3).
    private let takesModuleOnce: Bool
    private let libraryPath: String
    private let workerExecutable: String
    /// How long one file's `generate` may take before its worker is killed; nil for no limit.
    public let timeout: Double?
    private var idle: [PluginWorkerProcess] = []
    private let lock = Mutex()

    /// How long a plugin may take on one schema file unless `--plugin-timeout` or
    /// `pluginTimeout` in valuegen.json says otherwise: far above what generating one file
    /// takes, short enough that a hung plugin does not hang a build for good.
    public static let defaultTimeout: Double = 60

    /// Starts a first worker, which loads the library and reports what it is.
    /// - Parameters:
    ///   - workerExecutable: the `valuegen` executable (it has the hidden worker command).
    ///   - timeout: seconds one file's `generate` may take; nil for no limit.
    public init(libraryPath: String, options: JSONValue?, workerExecutable: String, timeout: Double? = IsolatedPluginFeature.defaultTimeout) throws(PluginError) {
        self.libraryPath = libraryPath
        self.timeout = timeout
        self.workerExecutable = workerExecutable
        self.options = options
        // A worker that dies leaves a pipe without a reader; writing to it must fail, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let worker = try PluginWorkerProcess.start(executable: workerExecutable, library: libraryPath)
        switch worker.handshake {
        case .success(let described):
            self.descriptor = described.descriptor
            self.pluginName = PluginName(id: described.descriptor.id, path: libraryPath)
            self.loadWarnings = described.warnings
            self.takesModuleOnce = described.takesModuleOnce
            idle.append(worker)
        case .failure(let error):
            worker.stop()
            throw error
        }
    }

    deinit {
        idle.forEach { $0.stop() }
    }

    /// `60 s`, `0.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }

    public func generate(_ request: GenerationRequest, into emitter: any Emitter) throws {
        var request = request
        request.options = options
        if !descriptor.readsModule {
            request.module = nil
        }
        let module = takesModuleOnce ? request.module : nil
        let bytes = module == nil ? request.encodedJSON().bytes : request.encodedJSONWithoutModule().bytes
        guard let worker = worker(reportingTo: { emitter.diagnose(.error, $0, at: nil) }) else { return }
        if let module, !give(module, to: worker, before: request.file.name, into: emitter) {
            return
        }
        switch worker.run(bytes, deadline: deadline()) {
        case .output(let output):
            lock.withLock { idle.append(worker) }
            output.forward(to: emitter, from: pluginName)
        case .crashed:
            let ending = worker.stop()
            emitter.diagnose(.error, "\(pluginName) crashed (\(ending)) while generating \(request.file.name); the other schema files are still generated", at: nil)
        case .timedOut:
            worker.kill()
            emitter.diagnose(.error, "\(pluginName) did not finish \(request.file.name) within its limit of \(Self.seconds(timeout ?? 0)) and was stopped; the other schema files are still generated. Fix the plugin, or raise the limit with --plugin-timeout SECONDS or \"pluginTimeout\" in valuegen.json", at: nil)
        }
    }
}

extension IsolatedPluginFeature {
    /// An idle worker, or a new one; nil after reporting why none could be started.
    private func worker(reportingTo report: (String) -> Void) -> PluginWorkerProcess? {
        do {
            return try lock.withLock { idle.popLast() } ?? PluginWorkerProcess.start(executable: workerExecutable, library: libraryPath)
        } catch {
            report("\(pluginName) could not be started in a worker process: \(error)")
            return nil
        }
    }

    /// When a call that starts now must have answered (uptime in nanoseconds); nil for no limit.
    private func deadline() -> UInt64? {
        timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64($0 * 1e9) }
    }

    /// Hands the module to the worker's `begin_module` unless this worker already took it
    /// (ABI 1.3: once per run in each worker); false when the file must not be generated.
    private func give(_ module: ModuleDescription, to worker: PluginWorkerProcess, before file: String, into emitter: any Emitter) -> Bool {
        if !(worker.moduleTaken?.module.isSameDescription(as: module) ?? false) {
            switch worker.run(WorkerProtocol.beginModuleFrame(module.jsonBytes), deadline: deadline()) {
            case .output(let output):
                worker.moduleTaken = (module, output)
            case .crashed:
                let ending = worker.stop()
                emitter.diagnose(.error, PluginName.beginModuleFailure(pluginName, "it crashed, \(ending), before \(file) was generated"), at: nil)
                return false
            case .timedOut:
                worker.kill()
                emitter.diagnose(.error, PluginName.beginModuleFailure(pluginName, "it did not finish within its limit of \(Self.seconds(timeout ?? 0)) and was stopped"), at: nil)
                return false
            }
        }
        let begun = worker.moduleTaken?.output.forwardBeginModule(to: emitter, from: pluginName) ?? false
        if !begun {
            lock.withLock { idle.append(worker) }
        }
        return begun
    }
}

/// One worker child process and its pipes.
final class PluginWorkerProcess: @unchecked Sendable {
    /// The module this worker's plugin took last (ABI 1.3) and what `begin_module` reported;
    /// touched only by the thread that took the worker from the idle list.
    var moduleTaken: (module: ModuleDescription, output: PluginOutput)?
    private let process: Process
    private let requests: FileHandle
    private let responses: FileHandle
    private let exited: ExitSignal
    let handshake: Result<WorkerDescriptor, PluginError>

    private init(process: Process, requests: FileHandle, responses: FileHandle, exited: ExitSignal, handshake: Result<WorkerDescriptor, PluginError>) {
        self.process = process
        self.requests = requests
        self.responses = responses
        self.exited = exited
        self.handshake = handshake
    }

    /// Signalled by the process's termination handler: Foundation's `waitUntilExit()` on
    /// Linux notices an exit only at its run loop's next 50 ms tick, which every worker of
    /// every run paid.
    final class ExitSignal: @unchecked Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func signal() { semaphore.signal() }
        /// Waits for the exit, then for Foundation to have recorded its status.
        func wait(for process: Process) {
            semaphore.wait()
            process.waitUntilExit()
        }
    }

    static func start(executable: String, library: String) throws(PluginError) -> PluginWorkerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [PluginWorkerCommand.name, library]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw PluginError("the plugin worker '\(executable)' could not be started (\(error.localizedDescription)); --isolate-plugins needs the valuegen executable")
        }
        let responses = output.fileHandleForReading
        let handshake: Result<WorkerDescriptor, PluginError>
        if let frame = WorkerProtocol.readFrame(from: responses.fileDescriptor) {
            handshake = WorkerProtocol.decodeHandshake(frame)
        } else {
            exited.wait(for: process)
            handshake = .failure(PluginError("plugin library '\(library)' crashed the worker process while loading (\(describeEnding(process))); run without --isolate-plugins to see why"))
        }
        return PluginWorkerProcess(process: process, requests: input.fileHandleForWriting, responses: responses, exited: exited, handshake: handshake)
    }

    /// What a worker made of one request.
    enum RunResult {
        case output(PluginOutput)
        /// It died, or its answer was not one.
        case crashed
        case timedOut
    }

    /// Sends a request and waits for the output, no later than the deadline (uptime in
    /// nanoseconds) when there is one.
    func run(_ request: [UInt8], deadline: UInt64?) -> RunResult {
        guard WorkerProtocol.writeFrame(request, to: requests.fileDescriptor) else { return .crashed }
        switch WorkerProtocol.readFrame(from: responses.fileDescriptor, deadline: deadline) {
        case .frame(let frame): return WorkerProtocol.decodeOutput(frame).map(RunResult.output) ?? .crashed
        case .ended: return .crashed
        case .timedOut: return .timedOut
        }
    }

    /// Ends a worker that does not answer: SIGKILL, since a hung plugin may ignore anything else.
    func kill() {
        if process.isRunning {
            sendKill(to: process.processIdentifier)
        }
        stop()
    }

    /// Ends the worker and says how it ended.
    @discardableResult
    func stop() -> String {
        try? requests.close()
        exited.wait(for: process)
        try? responses.close()
        return Self.describeEnding(process)
    }

    static func describeEnding(_ process: Process) -> String {
        let status = process.terminationStatus
        guard process.terminationReason == .uncaughtSignal else {
            return "exit status \(status)"
        }
        let name = signalNames[status].map { "SIG\($0)" } ?? "signal \(status)"
        let description = strsignal(status).map { String(cString: $0) } ?? "unknown signal"
        return "signal \(status), \(name): \(description)"
    }

    private static let signalNames: [Int32: String] = [
        SIGSEGV: "SEGV", SIGILL: "ILL", SIGABRT: "ABRT", SIGBUS: "BUS", SIGTRAP: "TRAP", SIGFPE: "FPE", SIGKILL: "KILL", SIGTERM: "TERM",
    ]
}

/// `kill(2)` with SIGKILL; at file scope, where `kill` is the C function, not the method.
private func sendKill(to process: pid_t) {
    _ = kill(process, SIGKILL)
}

/// The hidden command of the `valuegen` executable that runs a plugin worker.
public enum PluginWorkerCommand {
    public static let name = "__plugin-worker"
}

extension IsolatedPluginFeature: ModuleFeature {
    /// Runs the plugin's `generate_module` (ABI 1.4) in a worker, with the run's limit of one
    /// file; nothing when it has none. A crash or a timeout is an error about the run.
    public func generateModule(_ request: ModuleRequest, into emitter: any ModuleEmitter) throws {
        guard descriptor.hasModulePass else { return }
        var request = request
        request.options = options
        guard let worker = worker(reportingTo: { emitter.diagnose(.error, $0, in: nil, at: nil) }) else { return }
        switch worker.run(WorkerProtocol.generateModuleFrame(JSONSerializer.serialize(request.json)), deadline: deadline()) {
        case .output(let output):
            lock.withLock { idle.append(worker) }
            output.forwardModulePass(to: emitter, from: pluginName)
        case .crashed:
            let ending = worker.stop()
            emitter.diagnose(.error, "\(pluginName) crashed (\(ending)) in its module pass (generate_module); no module file of it is written", in: nil, at: nil)
        case .timedOut:
            worker.kill()
            emitter.diagnose(.error, "\(pluginName) did not finish its module pass (generate_module) within its limit of \(Self.seconds(timeout ?? 0)) and was stopped; no module file of it is written. Fix the plugin, or raise the limit with --plugin-timeout SECONDS or \"pluginTimeout\" in valuegen.json", in: nil, at: nil)
        }
    }
}
