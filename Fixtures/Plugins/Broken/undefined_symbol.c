/* Calls a function that nothing defines: `cc -shared` links it anyway, and dlopen with
 * RTLD_NOW refuses the library, naming the symbol. With BROKEN_SWIFT_SYMBOL the function has
 * a Swift mangled name of ValuegenPluginSDK, as a Swift plugin built without linking the SDK
 * would have. */
#include "broken_plugin.h"

#ifdef BROKEN_SWIFT_SYMBOL
extern void broken_missing_helper(void) __asm__("\"$s17ValuegenPluginSDK13missingHelperyyF\"");
#else
extern void broken_missing_helper(void);
#endif

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)host;
    (void)request_json;
    (void)request_length;
    broken_missing_helper();
    return VALUEGEN_STATUS_OK;
}
