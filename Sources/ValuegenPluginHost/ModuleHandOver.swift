import Foundation
import CValuegenPlugin
import ValuegenPluginSDK

/// The module once per run (ABI 1.3): which module a plugin that sets
/// VALUEGEN_FEATURE_MODULE_ONCE was last given in this process, and what its `begin_module`
/// made of it.
///
/// The host calls `begin_module` lazily, from the first `generate` of a module it has not given
/// the plugin yet, so a run needs no hook of its own: every request of a run shares one
/// description made once (`ModuleDescription.encodedOnce()`), told apart by identity. Another
/// module (the next run in a long-lived process, or a test beside this one) waits until the
/// calls of the current one have returned, since the plugin keeps one module.
final class ModuleHandOver: @unchecked Sendable {
    private let condition = NSCondition()
    private var current: ModuleDescription?
    private var outcome = PluginOutput(status: VALUEGEN_STATUS_OK)
    private var running = 0

    /// Runs `body` with the plugin holding `module`, calling `begin` first (with no other call
    /// of the plugin running) when it holds another; `body` gets what `begin` returned for it.
    func withModule<T>(_ module: ModuleDescription, begin: () -> PluginOutput, _ body: (PluginOutput) -> T) -> T {
        condition.lock()
        while !(current?.isSameDescription(as: module) ?? false) {
            if running == 0 {
                outcome = begin()
                current = module
                break
            }
            condition.wait()
        }
        running += 1
        let outcome = self.outcome
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            if running == 0 { condition.broadcast() }
            condition.unlock()
        }
        return body(outcome)
    }
}

extension PluginInvocation {
    /// A call of `begin_module` with the module's JSON: emissions are refused, queries address
    /// the module document.
    static func beginModule(moduleBytes: [UInt8], moduleTree: JSONValue?) -> PluginInvocation {
        PluginInvocation(requestBytes: moduleBytes, requestTree: moduleTree, declaredTypes: [], call: .beginModule)
    }
}

extension PluginOutput {
    /// Shows what `begin_module` reported with a schema file that includes the plugin; false
    /// when it failed, and the file must not be generated.
    func forwardBeginModule(to emitter: any Emitter, from plugin: PluginName) -> Bool {
        // Diagnostics of begin_module belong to no schema line.
        for diagnostic in diagnostics {
            emitter.diagnose(diagnostic.severity, diagnostic.message, at: nil)
        }
        for refusal in refusals {
            emitter.diagnose(.error, "\(plugin) \(refusal)", at: nil)
        }
        let returned: String
        switch status {
        case VALUEGEN_STATUS_OK:
            guard refusals.isEmpty, !diagnostics.contains(where: { $0.severity == .error }) else {
                returned = "it returned VALUEGEN_STATUS_OK after an error"
                break
            }
            return true
        case VALUEGEN_STATUS_FAILED: returned = "it returned VALUEGEN_STATUS_FAILED"
        case VALUEGEN_STATUS_INTERNAL_ERROR: returned = "it returned VALUEGEN_STATUS_INTERNAL_ERROR"
        default: returned = "it returned the unknown status \(status)"
        }
        emitter.diagnose(.error, PluginName.beginModuleFailure(plugin, returned), at: nil)
        return false
    }
}

extension PluginName {
    /// The error on every schema file that includes a plugin whose `begin_module` failed.
    static func beginModuleFailure(_ plugin: PluginName, _ what: String) -> String {
        "\(plugin) could not take the module of the run in begin_module (\(what)), so no schema file that includes it is generated; fix the plugin (its diagnostics, if any, are above), or build it without VALUEGEN_FEATURE_MODULE_ONCE to get the module in every request"
    }
}
