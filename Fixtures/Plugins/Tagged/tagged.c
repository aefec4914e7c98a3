/*
 * tagged.c -- an example Valuegen plugin in C that writes module-wide code (ABI 1.1).
 *
 * Every type that includes it (`User includes(Tagged) { ... }`) gets
 *
 *     extension User: Tagged {
 *         public var taggedName: String { "User" }
 *     }
 *
 * and the module gets, once however many types and schema files include Tagged, the
 * protocol and an error type in ValuegenModuleSupport.swift (module declarations keyed
 * "dev.valuegen.example.tagged/Tagged" and ".../TaggedError", with `import Foundation` for
 * LocalizedError). It declares the member it generates, `taggedName`, so an attribute of that
 * name is reported at the schema rather than by swiftc.
 *
 * For the tests: in a schema file whose name starts with "Conflict" it emits the protocol
 * with other code under the same key, which the host reports as an error.
 *
 * Build:  cc -std=c99 -Wall -Wextra -pedantic -Werror -shared -fPIC \
 *            -I PluginSDK/include -o libTagged.so tagged.c
 * Use:    valuegen generate Models --plugin ./libTagged.so
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <string.h>

#define TAGGED_KEY_PREFIX "dev.valuegen.example.tagged/"

static const char *const tagged_include_names[] = { "Tagged" };
static const char *const tagged_member_names[] = { "taggedName" };

/* Emits one thing of any kind; key is NULL except for module declarations. */
static valuegen_status tagged_emit(const valuegen_host *host, int32_t kind, const char *text, const char *type_name,
                                   const char *key) {
    valuegen_emission emission;
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = kind;
    emission.text = text;
    emission.text_length = strlen(text);
    emission.type_name = type_name;
    emission.key = key;
    return host->emit(host, &emission);
}

/* The string at a JSON pointer of the request, or NULL. */
static const char *tagged_string(const valuegen_host *host, const valuegen_query_extension *query, const char *pointer) {
    const char *value = NULL;
    size_t length = 0;
    if (query->get_string(host, pointer, &value, &length) != VALUEGEN_STATUS_OK) {
        return NULL;
    }
    return value;
}

/* Whether type `index` of the request includes Tagged (after defaults). */
static int tagged_is_included(const valuegen_host *host, const valuegen_query_extension *query, int64_t index) {
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
        name = tagged_string(host, query, pointer);
        if (name != NULL && strcmp(name, "Tagged") == 0) {
            return 1;
        }
    }
    return 0;
}

static valuegen_status tagged_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    const valuegen_query_extension *query =
        (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    const char *file_name;
    int64_t type_count = 0;
    int64_t index;
    int conflicting;
    (void)request_json;
    (void)request_length;

    if (query == NULL || query->get_count(host, "/types", &type_count) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    file_name = tagged_string(host, query, "/file/name");
    conflicting = file_name != NULL && strncmp(file_name, "Conflict", 8) == 0;

    for (index = 0; index < type_count; index++) {
        char pointer[64];
        char code[512];
        const char *name;
        int written;
        if (!tagged_is_included(host, query, index)) {
            continue;
        }
        snprintf(pointer, sizeof pointer, "/types/%lld/name", (long long)index);
        name = tagged_string(host, query, pointer);
        if (name == NULL) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        written = snprintf(code, sizeof code, "extension %s: Tagged {\n    public var taggedName: String { \"%s\" }\n}\n", name, name);
        if (written < 0 || (size_t)written >= sizeof code) {
            host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "Tagged supports type names of up to 200 bytes", 0, 0);
            return VALUEGEN_STATUS_FAILED;
        }
        if (tagged_emit(host, VALUEGEN_EMIT_DECLARATION, code, name, NULL) != VALUEGEN_STATUS_OK) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        /* Once per type on purpose: the host keeps one copy per key. */
        if (tagged_emit(host, VALUEGEN_EMIT_MODULE_DECLARATION,
                        conflicting ? "public protocol Tagged {\n    var taggedName: String { get }\n    var tag: Int { get }\n}\n"
                                    : "public protocol Tagged {\n    var taggedName: String { get }\n}\n",
                        NULL, TAGGED_KEY_PREFIX "Tagged") != VALUEGEN_STATUS_OK) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
    }
    if (tagged_emit(host, VALUEGEN_EMIT_MODULE_DECLARATION,
                    "public struct TaggedError: LocalizedError {\n    public var errorDescription: String? { \"untagged\" }\n}\n",
                    NULL, TAGGED_KEY_PREFIX "TaggedError") != VALUEGEN_STATUS_OK
        || tagged_emit(host, VALUEGEN_EMIT_MODULE_IMPORT, "Foundation", NULL, NULL) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    return VALUEGEN_STATUS_OK;
}

static const valuegen_plugin tagged_plugin = {
    /* Designated initializers: fields a later ABI minor appends start zeroed, and
     * -Wmissing-field-initializers stays quiet. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.example.tagged",
    .version = "1.0.0",
    .include_names = tagged_include_names,
    .include_name_count = 1,
    .default_kinds = 0, /* runs only where included */
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = VALUEGEN_FEATURE_THREAD_SAFE,
    .generate = tagged_generate,
    .member_names = tagged_member_names,
    .member_name_count = 1,
    /* ABI 1.2: it reads no annotation, and says so. */
    .annotation_names = NULL,
    .annotation_name_count = 0,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    /* The host's struct must hold the out fields before any of them is written. */
    if (io == NULL || io->struct_size < offsetof(valuegen_negotiation, message) + sizeof io->message) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    /* A 1.0 host would refuse module declarations and ignore member_names. */
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR || io->host_abi_minor < 1) {
        io->plugin = NULL;
        io->message = "Tagged needs valuegen plugin ABI 1.1 or a later 1.x";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &tagged_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
