/*
 * member_validation.c -- a plugin in C that takes the built-in feature's name on purpose
 * (ABI 1.3): it answers to `Validation` and declares the member it generates, `validate`.
 * Every type that includes it gets
 *
 *     extension Person {
 *         public func validate() -> [String] { [] }
 *     }
 *
 * Loaded with "as": "MyValidation", a type that includes MyValidation and has a rule such as
 * `%range` brings the built-in Validation back, whose `func validate() throws` clashes with
 * this one: valuegen reports that at the schema (docs/PluginABI.md, "Declared member names").
 *
 * Build:  cc -std=c99 -Wall -Wextra -pedantic -Werror -shared -fPIC \
 *            -I PluginSDK/include -o libMemberValidation.so member_validation.c
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <string.h>

static const char *const member_validation_include_names[] = { "Validation" };
static const char *const member_validation_member_names[] = { "validate" };

/* The string at a JSON pointer of the request, or NULL. */
static const char *member_validation_string(const valuegen_host *host, const valuegen_query_extension *query, const char *pointer) {
    const char *value = NULL;
    size_t length = 0;
    return query->get_string(host, pointer, &value, &length) == VALUEGEN_STATUS_OK ? value : NULL;
}

/* Whether type `index` of the request includes the plugin under its own name. */
static int member_validation_is_included(const valuegen_host *host, const valuegen_query_extension *query, int64_t index) {
    char pointer[96];
    int64_t count = 0;
    int64_t include;
    snprintf(pointer, sizeof pointer, "/types/%lld/includes", (long long)index);
    if (query->get_count(host, pointer, &count) != VALUEGEN_STATUS_OK) {
        return 0;
    }
    for (include = 0; include < count; include++) {
        const char *name;
        snprintf(pointer, sizeof pointer, "/types/%lld/includes/%lld", (long long)index, (long long)include);
        name = member_validation_string(host, query, pointer);
        if (name != NULL && strcmp(name, "Validation") == 0) {
            return 1;
        }
    }
    return 0;
}

static valuegen_status member_validation_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    const valuegen_query_extension *query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    int64_t types = 0;
    int64_t index;
    (void)request_json;
    (void)request_length;
    if (query == NULL || query->get_count(host, "/types", &types) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    for (index = 0; index < types; index++) {
        char pointer[64];
        char code[512];
        const char *name;
        valuegen_emission emission;
        int written;
        if (!member_validation_is_included(host, query, index)) {
            continue;
        }
        snprintf(pointer, sizeof pointer, "/types/%lld/name", (long long)index);
        name = member_validation_string(host, query, pointer);
        if (name == NULL) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        written = snprintf(code, sizeof code, "extension %s {\n    public func validate() -> [String] { [] }\n}\n", name);
        if (written < 0 || (size_t)written >= sizeof code) {
            host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "MemberValidation supports type names of up to 400 bytes", 0, 0);
            return VALUEGEN_STATUS_FAILED;
        }
        memset(&emission, 0, sizeof emission);
        emission.struct_size = sizeof emission;
        emission.kind = VALUEGEN_EMIT_DECLARATION;
        emission.text = code;
        emission.text_length = strlen(code);
        emission.type_name = name;
        if (host->emit(host, &emission) != VALUEGEN_STATUS_OK) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
    }
    return VALUEGEN_STATUS_OK;
}

static const valuegen_plugin member_validation_plugin = {
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.example.member-validation",
    .version = "1.0.0",
    .include_names = member_validation_include_names,
    .include_name_count = 1,
    .default_kinds = 0,
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = VALUEGEN_FEATURE_THREAD_SAFE,
    .generate = member_validation_generate,
    .member_names = member_validation_member_names,
    .member_name_count = 1,
    .annotation_names = NULL,
    .annotation_name_count = 0,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    if (io == NULL || io->struct_size < offsetof(valuegen_negotiation, message) + sizeof io->message) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR || io->host_abi_minor < 1) {
        io->plugin = NULL;
        io->message = "MemberValidation needs valuegen plugin ABI 1.1 or a later 1.x";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &member_validation_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
