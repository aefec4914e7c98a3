// Core's public API speaks in the PluginSDK's types (GenerationRequest, AccessLevel,
// DiagnosticSeverity, ...), so importing Core brings them along.
@_exported import ValuegenPluginSDK
