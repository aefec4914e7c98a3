/*
 * query_probe.c -- a test plugin of ABI 1.1 that lists its options with "valuegen.query/2":
 * each member's name and JSON type, which query/1 cannot give (it can count them, not name
 * them). On a host without query/2 (ABI 1.0) it degrades: it says so instead of listing.
 *
 * For the first type of each file it attaches the comment
 *
 *     // options: style=string limits=array nested=object
 *
 * Built against the current header, and against the frozen 1.0 header with
 * -DPROBE_ABI_1_0 (then it never asks for query/2, which 1.0 does not declare).
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <string.h>

static const char *const probe_include_names[] = { "QueryProbe" };

#ifndef PROBE_ABI_1_0
static const char *json_type_name(int32_t type) {
    switch (type) {
    case VALUEGEN_JSON_NULL: return "null";
    case VALUEGEN_JSON_BOOLEAN: return "boolean";
    case VALUEGEN_JSON_NUMBER: return "number";
    case VALUEGEN_JSON_STRING: return "string";
    case VALUEGEN_JSON_ARRAY: return "array";
    case VALUEGEN_JSON_OBJECT: return "object";
    default: return "?";
    }
}
#endif

static valuegen_status probe_emit(const valuegen_host *host, const char *text, const char *type_name) {
    valuegen_emission emission;
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_DECLARATION;
    emission.text = text;
    emission.text_length = strlen(text);
    emission.type_name = type_name;
    return host->emit(host, &emission);
}

static valuegen_status probe_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    const valuegen_query_extension *query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    const char *type_name = NULL;
    size_t length = 0;
    char line[1024];
    (void)request_json;
    (void)request_length;
    if (query == NULL || query->get_string(host, "/types/0/name", &type_name, &length) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
#ifndef PROBE_ABI_1_0
    {
        const valuegen_query2_extension *query2 =
            (const valuegen_query2_extension *)host->get_extension(host, VALUEGEN_QUERY2_EXTENSION_ID);
        if (query2 != NULL && query2->struct_size >= sizeof(valuegen_query2_extension)) {
            int64_t count = 0;
            int64_t index;
            snprintf(line, sizeof line, "// options:");
            if (query2->get_count(host, "/options", &count) == VALUEGEN_STATUS_OK) {
                for (index = 0; index < count; index++) {
                    const char *name = NULL;
                    size_t name_length = 0;
                    char pointer[256];
                    int32_t type = -1;
                    if (query2->get_member_name(host, "/options", index, &name, &name_length) != VALUEGEN_STATUS_OK) {
                        return VALUEGEN_STATUS_INTERNAL_ERROR;
                    }
                    snprintf(pointer, sizeof pointer, "/options/%s", name);
                    if (query2->get_type(host, pointer, &type) != VALUEGEN_STATUS_OK) {
                        return VALUEGEN_STATUS_INTERNAL_ERROR;
                    }
                    snprintf(line + strlen(line), sizeof line - strlen(line), " %s=%s", name, json_type_name(type));
                }
            }
            return probe_emit(host, line, type_name);
        }
    }
#endif
    {
        int64_t count = 0;
        query->get_count(host, "/options", &count);
        snprintf(line, sizeof line, "// options: %lld, not named: the host offers no valuegen.query/2", (long long)count);
        return probe_emit(host, line, type_name);
    }
}

static const valuegen_plugin probe_plugin = {
    /* Designated initializers: fields a later ABI minor appends start zeroed, and
     * -Wmissing-field-initializers stays quiet. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.test.query-probe",
    .version = "1.0.0",
    .include_names = probe_include_names,
    .include_name_count = 1,
    .default_kinds = VALUEGEN_KIND_ALL,
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = 0,
    .generate = probe_generate,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = "the query probe speaks only ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &probe_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
