/* Says it was built for this header's minor (1.2), but its valuegen_plugin has ABI 1.0's size:
 * the host must read neither member_names nor annotation_names, and say so. */
#define BROKEN_STRUCT_SIZE (offsetof(valuegen_plugin, generate) + sizeof(valuegen_generate_fn))
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"
