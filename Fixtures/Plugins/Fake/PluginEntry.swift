import ValuegenPluginSDK

// The library's one exported symbol. The host calls it once, right after loading the library;
// the SDK answers the negotiation with FakeFeature's descriptor and runs the feature for every
// request.
@_cdecl("valuegen_plugin_negotiate")
public func valuegenPluginNegotiate(_ io: UnsafeMutableRawPointer?) -> Int32 {
    PluginExport.negotiate(io, feature: FakeFeature())
}
