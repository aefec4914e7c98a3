/* Says its valuegen_plugin ends before `generate`, as if built against a header older than
 * ABI 1.0: the host must not read a field the size does not cover. */
#define BROKEN_STRUCT_SIZE offsetof(valuegen_plugin, generate)
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"
