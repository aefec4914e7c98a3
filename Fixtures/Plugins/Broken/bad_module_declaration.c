/* Emits module-wide code the host must refuse with VALUEGEN_STATUS_INVALID_ARGUMENT;
 * BROKEN_BAD_MODULE selects how:
 *   1: a module declaration whose key is NULL
 *   2: a module declaration whose key is empty
 *   3: a module declaration whose key holds a newline
 *   4: a module declaration in a valuegen_emission of ABI 1.0's size (no key field)
 *   5: a module import that is not a module name */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char code[] = "public protocol Shared {}\n";
    valuegen_emission emission;
    (void)request_json;
    (void)request_length;

    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_MODULE_DECLARATION;
    emission.text = code;
    emission.text_length = sizeof code - 1;
#if BROKEN_BAD_MODULE == 1
    emission.key = NULL;
#elif BROKEN_BAD_MODULE == 2
    emission.key = "";
#elif BROKEN_BAD_MODULE == 3
    emission.key = "dev.valuegen.test/Shared\nmore";
#elif BROKEN_BAD_MODULE == 4
    emission.key = "dev.valuegen.test/Shared";
    emission.struct_size = offsetof(valuegen_emission, key);
#else
    emission.kind = VALUEGEN_EMIT_MODULE_IMPORT;
    emission.text = "Foundation UIKit";
    emission.text_length = strlen(emission.text);
#endif
    if (host->emit(host, &emission) != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted a malformed module emission", 0, 0);
    }
    return VALUEGEN_STATUS_OK;
}
