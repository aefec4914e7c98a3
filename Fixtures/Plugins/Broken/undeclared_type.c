/* Attaches a declaration to a type the schema file does not declare. */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char code[] = "extension Ghost {}";
    (void)request_json;
    (void)request_length;

    if (broken_emit(host, VALUEGEN_EMIT_DECLARATION, code, sizeof code - 1, "Ghost", NULL) != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted a declaration for Ghost", 0, 0);
    }
    return VALUEGEN_STATUS_OK;
}
