/* Refuses the user's schema the way a plugin should: diagnostics at the schema's lines (found
 * with valuegen.query/1), then VALUEGEN_STATUS_FAILED. */
#include <stdio.h>

#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    char message[256];
    (void)request_json;
    (void)request_length;

    host->diagnose(host, VALUEGEN_SEVERITY_WARNING, "Broken is a test plugin", 0, 0);
    snprintf(message, sizeof message, "'%s' needs a %%brokenKey annotation for Broken", broken_string(host, "/types/0/name"));
    host->diagnose(host, VALUEGEN_SEVERITY_ERROR, message,
                   broken_integer(host, "/types/0/location/line", 0), broken_integer(host, "/types/0/location/column", 0));
    host->diagnose(host, VALUEGEN_SEVERITY_NOTE, "Broken reads the key from this annotation",
                   broken_integer(host, "/types/0/location/line", 0), broken_integer(host, "/types/0/location/column", 0));
    snprintf(message, sizeof message, "Broken cannot use '%s', which is %s",
             broken_string(host, "/types/0/attributes/0/name"), broken_string(host, "/types/0/attributes/0/type/swift"));
    host->diagnose(host, VALUEGEN_SEVERITY_ERROR, message,
                   broken_integer(host, "/types/0/attributes/0/location/line", 0), broken_integer(host, "/types/0/attributes/0/location/column", 0));
    return VALUEGEN_STATUS_FAILED;
}
