/* Emits an extra file at an unsafe path, which the host refuses, and returns FAILED: the host
 * says the failure came from the refusal, not that the plugin failed without a reason. */
#define BROKEN_FEATURES VALUEGEN_FEATURE_EXTRA_FILES
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char contents[] = "escaped\n";
    (void)request_json;
    (void)request_length;
    if (broken_emit(host, VALUEGEN_EMIT_FILE, contents, sizeof contents - 1, NULL, "/tmp/valuegen-refused.txt") != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_FAILED;
    }
    return VALUEGEN_STATUS_OK;
}
