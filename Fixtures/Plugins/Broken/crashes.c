/* Crashes while generating Crash.value -- with a write through NULL, or with abort() when
 * BROKEN_CRASH_WITH_ABORT is defined -- and works for every other schema file, where it attaches
 * `extension <Type> {}` to the file's first type. */
#include <stdio.h>
#include <stdlib.h>

#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    char code[256];
    const char *type_name = broken_string(host, "/types/0/name");
    (void)request_json;
    (void)request_length;

    if (strcmp(broken_string(host, "/file/name"), "Crash.value") == 0) {
#ifdef BROKEN_CRASH_WITH_ABORT
        abort();
#else
        volatile int *nowhere = NULL;
        *nowhere = 1;
#endif
    }
    snprintf(code, sizeof code, "extension %s {}", type_name);
    return broken_emit(host, VALUEGEN_EMIT_DECLARATION, code, strlen(code), type_name, NULL);
}
