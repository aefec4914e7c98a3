/* Exports its negotiation under another name, so the host finds no valuegen_plugin_negotiate. */
#define BROKEN_CUSTOM_NEGOTIATION
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"

valuegen_status valuegen_negotiate(valuegen_negotiation *io);

valuegen_status valuegen_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    io->plugin = &broken_plugin;
    return VALUEGEN_STATUS_OK;
}
