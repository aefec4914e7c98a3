/* Not thread-safe, and honest about it (no VALUEGEN_FEATURE_THREAD_SAFE): it reports an error
 * when two generate() calls overlap, which the host must never let happen. Each call takes
 * 20 ms, so calls from several threads would overlap. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "broken_plugin.h"

static int running_calls = 0;

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    struct timespec pause = { 0, 20 * 1000 * 1000 };
    int overlapped = __atomic_add_fetch(&running_calls, 1, __ATOMIC_SEQ_CST) > 1;
    (void)request_json;
    (void)request_length;

    nanosleep(&pause, NULL);
    __atomic_sub_fetch(&running_calls, 1, __ATOMIC_SEQ_CST);
    if (overlapped) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "two generate() calls of a plugin that is not thread-safe overlapped", 0, 0);
        return VALUEGEN_STATUS_FAILED;
    }
    return VALUEGEN_STATUS_OK;
}
