/* Built for a future ABI 2: it refuses this host's major, as the ABI asks, and says why. */
#define BROKEN_CUSTOM_NEGOTIATION
#define BROKEN_ABI_MAJOR 2
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = 2;
    io->plugin_abi_minor = 0;
    if (io->host_abi_major != 2) {
        io->plugin = NULL;
        io->message = "it needs a host with plugin ABI 2";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &broken_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
