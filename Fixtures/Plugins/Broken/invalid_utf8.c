/* Hands the host text that is not UTF-8: a declaration and a diagnostic message. The host
 * must refuse the emission with VALUEGEN_STATUS_INVALID_ARGUMENT and report both. */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char not_utf8[] = "extension Thing { /* \xff\xfe */ }";
    (void)request_json;
    (void)request_length;

    if (broken_emit(host, VALUEGEN_EMIT_DECLARATION, not_utf8, sizeof not_utf8 - 1, broken_string(host, "/types/0/name"), NULL)
        != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted text that is not UTF-8", 0, 0);
    }
    host->diagnose(host, VALUEGEN_SEVERITY_WARNING, "caf\xe9", 0, 0);
    return VALUEGEN_STATUS_OK;
}
