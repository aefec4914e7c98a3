/* Hands emit() a valuegen_emission whose struct_size ends before `path`, as if built against a
 * header older than ABI 1.0: the host must refuse it, not read past its end. */
#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    static const char module[] = "Foundation";
    valuegen_emission emission;
    (void)request_json;
    (void)request_length;

    memset(&emission, 0, sizeof emission);
    emission.struct_size = offsetof(valuegen_emission, path);
    emission.kind = VALUEGEN_EMIT_IMPORT;
    emission.text = module;
    emission.text_length = sizeof module - 1;
    if (host->emit(host, &emission) != VALUEGEN_STATUS_INVALID_ARGUMENT) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the host accepted a valuegen_emission that is too small", 0, 0);
    }
    return VALUEGEN_STATUS_OK;
}
