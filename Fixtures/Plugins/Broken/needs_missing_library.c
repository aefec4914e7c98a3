/* Calls a function of libBrokenDependency, which the test builds, links this plugin against
 * and then deletes: dlopen refuses the plugin because a library it needs is not there. */
#include "broken_plugin.h"

extern int broken_dependency_answer(void);

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)host;
    (void)request_json;
    (void)request_length;
    return broken_dependency_answer() == 42 ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_FAILED;
}
