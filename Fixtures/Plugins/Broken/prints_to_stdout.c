/* Prints to standard output while generating: harmless in-process, and must not corrupt
 * the frames an isolated worker sends over its standard output. Include name: Chatty. */
#include <stdio.h>
#include <string.h>
#include "valuegen_plugin.h"

static const char *const include_names[] = {"Chatty"};

static valuegen_status chatty_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    valuegen_emission emission;
    (void)request_json;
    (void)request_length;
    printf("hello from the plugin, on standard output\n");
    fflush(stdout);
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_IMPORT;
    emission.text = "Foundation";
    emission.text_length = strlen("Foundation");
    return host->emit(host, &emission);
}

static const valuegen_plugin chatty_plugin = {
    /* Designated initializers: fields a later ABI minor appends start zeroed, and
     * -Wmissing-field-initializers stays quiet. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.test.chatty",
    .version = "1.0.0",
    .include_names = include_names,
    .include_name_count = 1,
    .default_kinds = 0,
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = 0,
    .generate = chatty_generate,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &chatty_plugin;
    return VALUEGEN_STATUS_OK;
}
