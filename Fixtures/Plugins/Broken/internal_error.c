/* Returns VALUEGEN_STATUS_INTERNAL_ERROR: a bug in the plugin, not in the schema. */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)host;
    (void)request_json;
    (void)request_length;
    return VALUEGEN_STATUS_INTERNAL_ERROR;
}
