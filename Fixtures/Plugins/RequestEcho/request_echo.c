/*
 * request_echo.c -- a plugin that hands back the request it receives, unchanged, as an extra
 * file `requests/<schema file name>.json`. Tests validate those files against
 * docs/PluginRequest.schema.json: they are the exact bytes that cross the C ABI.
 *
 * It runs for every type (default_kinds = VALUEGEN_KIND_ALL) and finds the schema's file name
 * with the valuegen.query/1 extension, so it needs no JSON parser.
 */
#include <stdio.h>
#include <string.h>

#include "valuegen_plugin.h"

static valuegen_status echo_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    const valuegen_query_extension *query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    const char *file_name = NULL;
    size_t file_name_length = 0;
    char path[512];
    valuegen_emission emission;

    if (query == NULL || query->get_string(host, "/file/name", &file_name, &file_name_length) != VALUEGEN_STATUS_OK) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "request-echo: the host answered no /file/name", 0, 0);
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    if (snprintf(path, sizeof path, "requests/%s.json", file_name) >= (int)sizeof path) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }

    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_FILE;
    emission.text = request_json;
    emission.text_length = request_length;
    emission.path = path;
    return host->emit(host, &emission) == VALUEGEN_STATUS_OK ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_INTERNAL_ERROR;
}

static const char *const echo_include_names[] = { "RequestEcho" };

static const valuegen_plugin echo_plugin = {
    /* Designated initializers: fields a later ABI minor appends start zeroed, and
     * -Wmissing-field-initializers stays quiet. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.test.request-echo",
    .version = "1.0.0",
    .include_names = echo_include_names,
    .include_name_count = 1,
    .default_kinds = VALUEGEN_KIND_ALL,
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = VALUEGEN_FEATURE_THREAD_SAFE | VALUEGEN_FEATURE_EXTRA_FILES,
    .generate = echo_generate,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    if (io->struct_size < sizeof(valuegen_negotiation)) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = "request-echo speaks valuegen plugin ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &echo_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
