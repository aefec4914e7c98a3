/* Emits a declaration whose text_length counts a NUL inside the text (a length taken from
 * sizeof with the terminator, and a second statement after it). The host must refuse it with
 * VALUEGEN_STATUS_INVALID_ARGUMENT rather than write the NUL into the Swift file. */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char with_nul[] = "extension Thing {}\0extension Thing {}";
    (void)request_json;
    (void)request_length;

    if (broken_emit(host, VALUEGEN_EMIT_DECLARATION, with_nul, sizeof with_nul, broken_string(host, "/types/0/name"), NULL)
        != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted text with a NUL byte", 0, 0);
    }
    return VALUEGEN_STATUS_OK;
}
