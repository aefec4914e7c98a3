/*
 * broken_plugin.h -- what every broken plugin of Tests/PluginHostTests shares, so that each
 * .c file shows only the one thing wrong with it.
 *
 * A file defines broken_generate(), or defines BROKEN_GENERATES_NOTHING for one that returns
 * VALUEGEN_STATUS_OK at once. This header supplies a descriptor (broken_plugin) that
 * answers to BROKEN_NAME with the id BROKEN_ID, runs by default for every kind of model, and
 * an honest valuegen_plugin_negotiate() returning it. Each macro can be overridden with -D or
 * a #define before the #include; a file that breaks negotiation itself defines
 * BROKEN_CUSTOM_NEGOTIATION and writes its own valuegen_plugin_negotiate().
 */
#ifndef BROKEN_PLUGIN_H
#define BROKEN_PLUGIN_H

#include <string.h>

#include "valuegen_plugin.h"

#ifndef BROKEN_ID
#define BROKEN_ID "dev.valuegen.test.broken"
#endif
#ifndef BROKEN_NAME
#define BROKEN_NAME "Broken"
#endif
#ifndef BROKEN_STRUCT_SIZE
#define BROKEN_STRUCT_SIZE sizeof(valuegen_plugin)
#endif
#ifndef BROKEN_ABI_MAJOR
#define BROKEN_ABI_MAJOR VALUEGEN_ABI_MAJOR
#endif
#ifndef BROKEN_FEATURES
#define BROKEN_FEATURES 0u
#endif
/* ABI 1.1's member names: none unless a file says otherwise. */
#ifndef BROKEN_MEMBER_NAMES
#define BROKEN_MEMBER_NAMES NULL
#endif
#ifndef BROKEN_MEMBER_NAME_COUNT
#define BROKEN_MEMBER_NAME_COUNT 0
#endif
/* ABI 1.2's annotations: none unless a file says otherwise. */
#ifndef BROKEN_ANNOTATION_NAMES
#define BROKEN_ANNOTATION_NAMES NULL
#endif
#ifndef BROKEN_ANNOTATION_NAME_COUNT
#define BROKEN_ANNOTATION_NAME_COUNT 0
#endif
#ifndef BROKEN_BEGIN_MODULE
#define BROKEN_BEGIN_MODULE NULL
#endif
/* ABI 1.4's module pass: none unless a file says otherwise. */
#ifndef BROKEN_GENERATE_MODULE
#define BROKEN_GENERATE_MODULE NULL
#endif

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length);

static const char *const broken_include_names[] = { BROKEN_NAME };

/* External linkage, so that a file with its own negotiation may leave it unused. */
extern const valuegen_plugin broken_plugin;
const valuegen_plugin broken_plugin = {
    BROKEN_STRUCT_SIZE,
    BROKEN_ABI_MAJOR,
    VALUEGEN_ABI_MINOR,
    BROKEN_ID,
    "1.0.0",
    broken_include_names,
    1,
    VALUEGEN_KIND_ALL,
    VALUEGEN_KIND_ALL,
    BROKEN_FEATURES,
    broken_generate,
    BROKEN_MEMBER_NAMES,
    BROKEN_MEMBER_NAME_COUNT,
    BROKEN_ANNOTATION_NAMES,
    BROKEN_ANNOTATION_NAME_COUNT,
    BROKEN_BEGIN_MODULE,
    BROKEN_GENERATE_MODULE,
};

#ifndef BROKEN_CUSTOM_NEGOTIATION
valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = "a broken test plugin speaks only ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &broken_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
#endif

#ifdef BROKEN_GENERATES_NOTHING
valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)host;
    (void)request_json;
    (void)request_length;
    return VALUEGEN_STATUS_OK;
}
#endif

/* Emits one thing; returns the host's status. */
static inline valuegen_status broken_emit(const valuegen_host *host, int32_t kind, const char *text, size_t text_length,
                                          const char *type_name, const char *path) {
    valuegen_emission emission;
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = kind;
    emission.text = text;
    emission.text_length = text_length;
    emission.type_name = type_name;
    emission.path = path;
    return host->emit(host, &emission);
}

/* The valuegen.query/1 extension; NULL when the host does not offer it. */
static inline const valuegen_query_extension *broken_query(const valuegen_host *host) {
    return (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
}

/* The integer at a JSON pointer of the request, or fallback when there is none. */
static inline int32_t broken_integer(const valuegen_host *host, const char *pointer, int32_t fallback) {
    const valuegen_query_extension *query = broken_query(host);
    int64_t value = 0;
    if (query == NULL || query->get_integer(host, pointer, &value) != VALUEGEN_STATUS_OK) {
        return fallback;
    }
    return (int32_t)value;
}

/* The string at a JSON pointer of the request, or "" when there is none. */
static inline const char *broken_string(const valuegen_host *host, const char *pointer) {
    const valuegen_query_extension *query = broken_query(host);
    const char *value = NULL;
    size_t length = 0;
    if (query == NULL || query->get_string(host, pointer, &value, &length) != VALUEGEN_STATUS_OK) {
        return "";
    }
    return value;
}

#endif /* BROKEN_PLUGIN_H */
