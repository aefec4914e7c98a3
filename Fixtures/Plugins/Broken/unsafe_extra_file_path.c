/* Emits an extra file at BROKEN_PATH (give it with -D): an absolute path, or one with "..",
 * which the host must refuse with VALUEGEN_STATUS_INVALID_ARGUMENT. */
#define BROKEN_FEATURES VALUEGEN_FEATURE_EXTRA_FILES
#include "broken_plugin.h"

#ifndef BROKEN_PATH
#error "define BROKEN_PATH, the path of the extra file"
#endif

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char contents[] = "escaped\n";
    (void)request_json;
    (void)request_length;

    if (broken_emit(host, VALUEGEN_EMIT_FILE, contents, sizeof contents - 1, NULL, BROKEN_PATH) != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted the path " BROKEN_PATH, 0, 0);
    }
    return VALUEGEN_STATUS_OK;
}
