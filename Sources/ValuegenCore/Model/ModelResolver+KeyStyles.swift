import ValuegenPluginSDK

// `%codingKeys style=` and `%caseKeys style=`, and valuegen.json's `codingKeys` and `caseKeys`:
// the key style of a type's attribute keys and of an ADT's case tags (CodingKeyStyle.swift
// spells them).

extension ModelResolver {
    /// The type's `%codingKeys style=` (or `%caseKeys style=`, `annotation`), else the
    /// configuration's, `configured`; an unknown style is reported and the configuration's
    /// applies.
    mutating func resolveKeyStyle(_ annotations: [Annotation], annotation name: String = "codingKeys", configured: CodingKeyStyle?) -> CodingKeyStyle? {
        guard let annotation = annotations.first(where: { $0.name == name }),
              let text = requiredArgument("style", of: annotation) else {
            return configured
        }
        guard let style = CodingKeyStyle(rawValue: text) else {
            diagnostics.error("unknown style '\(text)' in '%\(name)'\(CodingKeyStyle.suggestion(for: text))", at: annotation.location)
            return configured
        }
        return style
    }

    /// How the ADT's case tags are spelled: its `%caseKeys style=`, else the configuration's
    /// `caseKeys`. On a value or an object `%caseKeys` is an error: they have no cases.
    mutating func resolveCaseKeyStyle(_ declaration: TypeDeclarationSyntax) -> CodingKeyStyle? {
        guard file.kind == .adtValue else {
            if let annotation = declaration.annotations.first(where: { $0.name == "caseKeys" }) {
                diagnostics.error("'%caseKeys' spells the tags of an ADT's cases, and '\(declaration.name.text)' is \(file.kind == .object ? "an object" : "a value"); remove it (%codingKeys style= spells attribute keys)", at: annotation.location)
            }
            return nil
        }
        return resolveKeyStyle(declaration.annotations, annotation: "caseKeys", configured: settings.caseKeyStyle)
    }

    /// A plural acronym is one word (`accountTaxIDs` is `account_tax_ids`); earlier versions
    /// split it (`account_tax_i_ds`, as Foundation's `convertToSnakeCase` does, a key servers
    /// hardly write). A key that changed is a change to what the schema means, so the attribute
    /// says so, and how to keep either key without the warning. A project that adopted the
    /// rule (valuegen.json's `adoptPluralAcronymKeys`, which `valuegen init` writes) never had
    /// the old keys: no warning there.
    mutating func warnIfPluralAcronymChangedKey(_ name: NameSyntax, key: String, style: CodingKeyStyle) {
        let before = style.keyBeforePluralAcronyms(for: name.text)
        guard before != key, !settings.adoptsPluralAcronymKeys else { return }
        diagnostics.warning("the \(style.rawValue) key of '\(name.text)' is now \"\(key)\" (a plural acronym is one word); earlier versions of valuegen wrote \"\(before)\": add %codingKey name=\(before) to keep the old key, or %codingKey name=\(key) to keep the new one without this warning (\"adoptPluralAcronymKeys\": true in valuegen.json keeps every new one)", at: name.location)
    }
}
