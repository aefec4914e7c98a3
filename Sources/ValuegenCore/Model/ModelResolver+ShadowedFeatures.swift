import ValuegenPluginSDK

// A plugin that took a built-in feature's include name (docs/PluginABI.md, "Include names
// across versions") gets the built-in's annotations on the types that include it, as it did
// before the built-in existed: they neither imply the built-in there (`%range` → Validation)
// nor are checked as the built-in reads them. Each one the plugin does not declare it reads is
// a warning, so the annotation never changes owner silently.

extension ModelResolver {
    /// The built-in features whose include names, for a type including these features, name a
    /// plugin instead.
    func builtInsShadowed(by includes: [String]) -> Set<String> {
        Set(includes.compactMap(registry.shadowingPlugin(named:)).flatMap(\.shadowedBuiltIns))
    }

    /// Warns at each annotation of the type that a built-in feature the type's plugin
    /// shadows reads, unless the plugin or another feature the type includes reads it too.
    mutating func warnOfShadowedAnnotations(_ type: ModelType) {
        for plugin in type.includes.compactMap(registry.shadowingPlugin(named:)) {
            let othersRead = Set(type.includes.filter { $0 != plugin.descriptor.name }.flatMap { name in
                registry.feature(canonicalName: name)?.descriptor.annotationNames ?? []
            })
            let pluginReads = Set(plugin.descriptor.annotationNames ?? [])
            for builtIn in plugin.shadowedBuiltIns {
                guard let feature = registry.feature(canonicalName: builtIn) else { continue }
                let names = Set(feature.descriptor.annotationNames ?? []).subtracting(othersRead).subtracting(pluginReads)
                for annotation in type.everyAnnotation where names.contains(annotation.name) {
                    diagnostics.warning("'%\(annotation.name)' is not read by the built-in feature '\(builtIn)' here: in this configuration '\(plugin.names[0])' names \(plugin.pluginName), which gets the annotation; include '\(FeatureRegistry.reservedPrefix)\(builtIn)' to use the built-in, or give the plugin another name with \"as\" in its valuegen.json entry", at: annotation.location)
                }
            }
        }
    }
}

extension ModelType {
    /// The annotations of the type, its attributes, its cases and their attributes, in the
    /// order written.
    var everyAnnotation: [Annotation] {
        annotations + attributes.flatMap(\.annotations) + cases.flatMap { $0.annotations + $0.attributes.flatMap(\.annotations) }
    }
}
