import Foundation
import Testing

/// valuegen_plugin.h is the whole contract, so it must compile cleanly for every C and C++
/// plugin author, and ABI 1.0's layout must never move.
@Suite struct HeaderTests {
    static let header = PluginBuilder.repositoryRoot.appendingPathComponent("PluginSDK/include/valuegen_plugin.h").path

    @Test func compilesWarningFreeAsC99() throws {
        try PluginBuilder.run("cc", ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-x", "c", Self.header])
    }

    @Test func compilesWarningFreeAsCPlusPlus11() throws {
        try PluginBuilder.run("c++", ["-std=c++11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-x", "c++", Self.header])
    }

    @Test func includesOnlyStddefAndStdint() throws {
        let text = try String(contentsOfFile: Self.header, encoding: .utf8)
        let includes = text.split(separator: "\n").filter { $0.hasPrefix("#include") }.map(String.init)
        #expect(includes == ["#include <stddef.h>", "#include <stdint.h>"])
    }

    /// The offsets of every ABI 1.0, 1.1, 1.2, 1.3 and 1.4 field on LP64 (Linux and macOS on x86_64
    /// and arm64). A change here breaks every plugin already built; add fields at the end instead.
    /// 1.1 appended valuegen_emission.key (40) and valuegen_plugin.member_names (64) and
    /// member_name_count (72); 1.2 valuegen_plugin.annotation_names (80) and
    /// annotation_name_count (88); 1.3 valuegen_plugin.begin_module (96); 1.4
    /// valuegen_plugin.generate_module (104) and valuegen_host.diagnose_in (48).
    @Test func abi10LayoutIsFrozen() throws {
        let checks = """
            #include <stddef.h>
            #include "valuegen_plugin.h"
            #define AT(type, field, offset) _Static_assert(offsetof(type, field) == offset, #type "." #field);
            #define SIZE(type, size) _Static_assert(sizeof(type) == size, "sizeof " #type);
            _Static_assert(sizeof(void *) == 8, "these offsets are LP64's");
            AT(valuegen_negotiation, struct_size, 0) AT(valuegen_negotiation, host_abi_major, 4)
            AT(valuegen_negotiation, host_abi_minor, 8) AT(valuegen_negotiation, plugin_abi_major, 12)
            AT(valuegen_negotiation, plugin_abi_minor, 16) AT(valuegen_negotiation, plugin, 24)
            AT(valuegen_negotiation, message, 32) SIZE(valuegen_negotiation, 40)
            AT(valuegen_plugin, struct_size, 0) AT(valuegen_plugin, abi_major, 4) AT(valuegen_plugin, abi_minor, 8)
            AT(valuegen_plugin, id, 16) AT(valuegen_plugin, version, 24) AT(valuegen_plugin, include_names, 32)
            AT(valuegen_plugin, include_name_count, 40) AT(valuegen_plugin, default_kinds, 44)
            AT(valuegen_plugin, supported_kinds, 48) AT(valuegen_plugin, features, 52) AT(valuegen_plugin, generate, 56)
            AT(valuegen_plugin, member_names, 64) AT(valuegen_plugin, member_name_count, 72)
            AT(valuegen_plugin, annotation_names, 80) AT(valuegen_plugin, annotation_name_count, 88)
            AT(valuegen_plugin, begin_module, 96) AT(valuegen_plugin, generate_module, 104) SIZE(valuegen_plugin, 112)
            AT(valuegen_host, struct_size, 0) AT(valuegen_host, abi_major, 4) AT(valuegen_host, abi_minor, 8)
            AT(valuegen_host, host_data, 16) AT(valuegen_host, emit, 24) AT(valuegen_host, diagnose, 32)
            AT(valuegen_host, get_extension, 40) AT(valuegen_host, diagnose_in, 48) SIZE(valuegen_host, 56)
            AT(valuegen_emission, struct_size, 0) AT(valuegen_emission, kind, 4) AT(valuegen_emission, text, 8)
            AT(valuegen_emission, text_length, 16) AT(valuegen_emission, type_name, 24) AT(valuegen_emission, path, 32)
            AT(valuegen_emission, key, 40) SIZE(valuegen_emission, 48)
            AT(valuegen_query_extension, struct_size, 0) AT(valuegen_query_extension, get_string, 8)
            AT(valuegen_query_extension, get_integer, 16) AT(valuegen_query_extension, get_boolean, 24)
            AT(valuegen_query_extension, get_count, 32) SIZE(valuegen_query_extension, 40)
            AT(valuegen_query2_extension, struct_size, 0) AT(valuegen_query2_extension, get_string, 8)
            AT(valuegen_query2_extension, get_integer, 16) AT(valuegen_query2_extension, get_boolean, 24)
            AT(valuegen_query2_extension, get_count, 32) AT(valuegen_query2_extension, get_type, 40)
            AT(valuegen_query2_extension, get_member_name, 48) SIZE(valuegen_query2_extension, 56)
            _Static_assert(VALUEGEN_JSON_NULL == 0 && VALUEGEN_JSON_BOOLEAN == 1 && VALUEGEN_JSON_NUMBER == 2
                && VALUEGEN_JSON_STRING == 3 && VALUEGEN_JSON_ARRAY == 4 && VALUEGEN_JSON_OBJECT == 5, "JSON types (1.1)");
            _Static_assert(VALUEGEN_ABI_MAJOR == 1 && VALUEGEN_ABI_MINOR == 4, "ABI version");
            _Static_assert(VALUEGEN_STATUS_OK == 0 && VALUEGEN_STATUS_FAILED == 1 && VALUEGEN_STATUS_INTERNAL_ERROR == 2
                && VALUEGEN_STATUS_INCOMPATIBLE == 3 && VALUEGEN_STATUS_NOT_FOUND == 4 && VALUEGEN_STATUS_WRONG_TYPE == 5
                && VALUEGEN_STATUS_INVALID_ARGUMENT == 6, "status codes");
            _Static_assert(VALUEGEN_EMIT_IMPORT == 1 && VALUEGEN_EMIT_DECLARATION == 2 && VALUEGEN_EMIT_FILE == 3, "emission kinds");
            _Static_assert(VALUEGEN_EMIT_MODULE_DECLARATION == 4 && VALUEGEN_EMIT_MODULE_IMPORT == 5, "emission kinds (1.1)");
            _Static_assert(VALUEGEN_SEVERITY_NOTE == 0 && VALUEGEN_SEVERITY_WARNING == 1 && VALUEGEN_SEVERITY_ERROR == 2, "severities");
            _Static_assert(VALUEGEN_KIND_VALUE == 1 && VALUEGEN_KIND_ADT == 2 && VALUEGEN_KIND_OBJECT == 4 && VALUEGEN_KIND_ALL == 7, "kinds");
            _Static_assert(VALUEGEN_FEATURE_THREAD_SAFE == 1 && VALUEGEN_FEATURE_EXTRA_FILES == 2 && VALUEGEN_FEATURE_MODULE == 4, "feature bits");
            _Static_assert(VALUEGEN_FEATURE_MODULE_ONCE == 8, "feature bits (1.3)");

            """
        let source = try PluginBuilder.source("abi_layout_check.c", checks)
        try PluginBuilder.run("cc", ["-std=c11", "-Wall", "-Wextra", "-pedantic", "-Werror", "-fsyntax-only", "-I", PluginBuilder.headerFolder, source])
    }
}
