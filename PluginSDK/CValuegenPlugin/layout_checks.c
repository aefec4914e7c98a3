/* Compile-time checks of the ABI's promises; the CValuegenPlugin module's only source. */
#include "valuegen_plugin.h"

#define VALUEGEN_CHECK(name, condition) typedef char valuegen_check_##name[(condition) ? 1 : -1]

/* struct_size comes first in every struct, so a reader can always find it. */
VALUEGEN_CHECK(negotiation_size_first, offsetof(valuegen_negotiation, struct_size) == 0);
VALUEGEN_CHECK(plugin_size_first, offsetof(valuegen_plugin, struct_size) == 0);
VALUEGEN_CHECK(host_size_first, offsetof(struct valuegen_host, struct_size) == 0);
VALUEGEN_CHECK(emission_size_first, offsetof(valuegen_emission, struct_size) == 0);
VALUEGEN_CHECK(query_size_first, offsetof(valuegen_query_extension, struct_size) == 0);
/* ABI 1.0's last fields; a later minor may only add fields after them. */
VALUEGEN_CHECK(plugin_generate_last, offsetof(valuegen_plugin, generate) + sizeof(valuegen_generate_fn) == sizeof(valuegen_plugin));
VALUEGEN_CHECK(negotiation_message_last, offsetof(valuegen_negotiation, message) + sizeof(const char *) == sizeof(valuegen_negotiation));
