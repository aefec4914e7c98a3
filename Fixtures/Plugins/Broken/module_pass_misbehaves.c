/* A module pass (ABI 1.4) that does what the host refuses or reports, one thing per define:
 *   MODULE_PASS_UNKNOWN_PATH     diagnose_in() at a schema file the request does not hold;
 *   MODULE_PASS_EMITS_DECLARATION a per-file declaration from generate_module();
 *   MODULE_PASS_ABOUT_THE_RUN    an error about the run (diagnose(), no path) and FAILED;
 *   MODULE_PASS_CRASHES          abort() (run it isolated);
 *   MODULE_PASS_HANGS            never returns (run it isolated, with a time limit);
 *   MODULE_PASS_WARNS_AT_A_FILE  a warning at the second file's first type, then a module file
 *                                (written: a warning is no error). */
#define BROKEN_GENERATES_NOTHING
#define BROKEN_GENERATE_MODULE broken_generate_module

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "valuegen_plugin.h"

static valuegen_status broken_generate_module(const valuegen_host *host, const char *request_json, size_t request_length);

#include "broken_plugin.h"

static valuegen_status broken_generate_module(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)request_json;
    (void)request_length;
#if defined(MODULE_PASS_UNKNOWN_PATH)
    host->diagnose_in(host, VALUEGEN_SEVERITY_ERROR, "somewhere else", "Elsewhere/Ghost.value", 1, 1);
    return VALUEGEN_STATUS_FAILED;
#elif defined(MODULE_PASS_EMITS_DECLARATION)
    return broken_emit(host, VALUEGEN_EMIT_DECLARATION, "extension Thing {}\n", 19, "Thing", NULL) == VALUEGEN_STATUS_OK
        ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_INTERNAL_ERROR;
#elif defined(MODULE_PASS_CRASHES)
    (void)host;
    abort();
#elif defined(MODULE_PASS_HANGS)
    (void)host;
    for (;;) {
        pause();
    }
    return VALUEGEN_STATUS_INTERNAL_ERROR;
#elif defined(MODULE_PASS_ABOUT_THE_RUN)
    host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "Broken cannot export a run without a %brokenKey anywhere", 0, 0);
    return VALUEGEN_STATUS_FAILED;
#else
    char message[256];
    snprintf(message, sizeof message, "Broken exports '%s' without its comments", broken_string(host, "/files/1/types/0/name"));
    host->diagnose_in(host, VALUEGEN_SEVERITY_WARNING, message, broken_string(host, "/files/1/file/path"),
                      broken_integer(host, "/files/1/types/0/location/line", 0), broken_integer(host, "/files/1/types/0/location/column", 0));
    return broken_emit(host, VALUEGEN_EMIT_MODULE_FILE, "broken\n", 7, NULL, "broken.txt") == VALUEGEN_STATUS_OK
        ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_INTERNAL_ERROR;
#endif
}
