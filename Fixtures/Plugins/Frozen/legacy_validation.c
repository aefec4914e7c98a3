/*
 * legacy_validation.c -- a plugin as its author wrote it for valuegen plugin ABI 1.0, before
 * valuegen had a Validation feature of its own: it answers to the include name `Validation`
 * and reads `%range`. Built against the frozen 1.0 header (Fixtures/Plugins/Frozen/ABI-1.0),
 * it shows that a later valuegen still loads it, under the name every schema uses
 * (docs/PluginABI.md, "Include names across versions").
 *
 * For every type that includes it, it adds
 *
 *     extension Thing {
 *         public static let legacyCheckedAttributes: [String] = ["age"]
 *     }
 *
 * listing the attributes that carry `%range`. It reads the request through "valuegen.query/1".
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <string.h>

#define INCLUDE_NAME "Validation"
#define CODE_SIZE 4096
#define POINTER_SIZE 128

typedef struct request {
    const valuegen_host *host;
    const valuegen_query_extension *query;
} request;

static const char *string_at(const request *r, const char *pointer) {
    const char *value = NULL;
    size_t length = 0;
    return r->query->get_string(r->host, pointer, &value, &length) == VALUEGEN_STATUS_OK ? value : NULL;
}

static int64_t count_at(const request *r, const char *pointer) {
    int64_t count = 0;
    return r->query->get_count(r->host, pointer, &count) == VALUEGEN_STATUS_OK ? count : 0;
}

/* Whether types[type] lists this plugin's name in its includes. */
static int includes_plugin(const request *r, int64_t type) {
    char pointer[POINTER_SIZE];
    int64_t index;
    int64_t count;
    snprintf(pointer, sizeof pointer, "/types/%lld/includes", (long long)type);
    count = count_at(r, pointer);
    for (index = 0; index < count; index++) {
        const char *name;
        snprintf(pointer, sizeof pointer, "/types/%lld/includes/%lld", (long long)type, (long long)index);
        name = string_at(r, pointer);
        if (name != NULL && strcmp(name, INCLUDE_NAME) == 0) {
            return 1;
        }
    }
    return 0;
}

/* Whether attribute `attribute` of types[type] carries %range. */
static int has_range(const request *r, int64_t type, int64_t attribute) {
    char pointer[POINTER_SIZE];
    int64_t index;
    int64_t count;
    snprintf(pointer, sizeof pointer, "/types/%lld/attributes/%lld/annotations", (long long)type, (long long)attribute);
    count = count_at(r, pointer);
    for (index = 0; index < count; index++) {
        const char *name;
        snprintf(pointer, sizeof pointer, "/types/%lld/attributes/%lld/annotations/%lld/name", (long long)type,
                 (long long)attribute, (long long)index);
        name = string_at(r, pointer);
        if (name != NULL && strcmp(name, "range") == 0) {
            return 1;
        }
    }
    return 0;
}

static valuegen_status generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    request r;
    int64_t type;
    int64_t types;
    (void)request_json;
    (void)request_length;
    r.host = host;
    r.query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    if (r.query == NULL) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    types = count_at(&r, "/types");
    for (type = 0; type < types; type++) {
        char pointer[POINTER_SIZE];
        char code[CODE_SIZE];
        const char *type_name;
        int64_t attribute;
        int64_t attributes;
        int listed = 0;
        size_t used;
        valuegen_emission emission;
        if (!includes_plugin(&r, type)) {
            continue;
        }
        snprintf(pointer, sizeof pointer, "/types/%lld/name", (long long)type);
        type_name = string_at(&r, pointer);
        if (type_name == NULL) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        used = (size_t)snprintf(code, sizeof code, "extension %s {\n    public static let legacyCheckedAttributes: [String] = [", type_name);
        snprintf(pointer, sizeof pointer, "/types/%lld/attributes", (long long)type);
        attributes = count_at(&r, pointer);
        for (attribute = 0; attribute < attributes && used < sizeof code; attribute++) {
            const char *name;
            if (!has_range(&r, type, attribute)) {
                continue;
            }
            snprintf(pointer, sizeof pointer, "/types/%lld/attributes/%lld/name", (long long)type, (long long)attribute);
            name = string_at(&r, pointer);
            used += (size_t)snprintf(code + used, sizeof code - used, "%s\"%s\"", listed++ ? ", " : "", name ? name : "");
        }
        if (used < sizeof code) {
            used += (size_t)snprintf(code + used, sizeof code - used, "]\n}\n");
        }
        if (used >= sizeof code) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        memset(&emission, 0, sizeof emission);
        emission.struct_size = (uint32_t)sizeof emission;
        emission.kind = VALUEGEN_EMIT_DECLARATION;
        emission.text = code;
        emission.text_length = used;
        emission.type_name = type_name;
        if (host->emit(host, &emission) != VALUEGEN_STATUS_OK) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
    }
    return VALUEGEN_STATUS_OK;
}

static const char *const include_names[] = {INCLUDE_NAME};

static const valuegen_plugin descriptor = {
    sizeof(valuegen_plugin),
    VALUEGEN_ABI_MAJOR,
    VALUEGEN_ABI_MINOR,
    "dev.valuegen.test.legacy-validation",
    "1.0.0",
    include_names,
    1,
    0,
    VALUEGEN_KIND_VALUE | VALUEGEN_KIND_OBJECT,
    VALUEGEN_FEATURE_THREAD_SAFE,
    generate,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    if (io == NULL || io->struct_size < offsetof(valuegen_negotiation, message) + sizeof io->message) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = "legacy validation speaks valuegen plugin ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &descriptor;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
