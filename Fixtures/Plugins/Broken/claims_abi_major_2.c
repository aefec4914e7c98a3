/* Built for a future ABI 2 but accepts any host without checking its major: the host must
 * notice the major in the answer and in the descriptor itself. */
#define BROKEN_CUSTOM_NEGOTIATION
#define BROKEN_ABI_MAJOR 2
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = 2;
    io->plugin_abi_minor = 0;
    io->plugin = &broken_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
