/*
 * host_abi_1_0.c -- a stand-in for a Valuegen host of ABI 1.0, built against the frozen 1.0
 * header, to show what a plugin built against a later minor does on an older host.
 *
 * Usage: host_abi_1_0 PLUGIN.so
 *
 * It negotiates with host_abi_minor 0, then calls generate() once for a request with one
 * type `Thing` and two options. It offers only "valuegen.query/1" (answering the look-ups
 * the test plugins make: "/types/0/name" and the count of "/options"); any other extension
 * id gets NULL, as a 1.0 host gives. It prints each emitted text on its own line, then
 * "status N"; it exits 1 when the plugin cannot be loaded or refuses.
 */

#include "valuegen_plugin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static const char request[] = "{\"types\":[{\"name\":\"Thing\"}],\"options\":{\"style\":\"compact\",\"limit\":3}}";

static valuegen_status host_emit(const valuegen_host *host, const valuegen_emission *emission) {
    (void)host;
    printf("%.*s\n", (int)emission->text_length, emission->text);
    return VALUEGEN_STATUS_OK;
}

static void host_diagnose(const valuegen_host *host, int32_t severity, const char *message, int32_t line, int32_t column) {
    (void)host;
    printf("diagnostic %d %d:%d %s\n", (int)severity, (int)line, (int)column, message);
}

static valuegen_status query_get_string(const valuegen_host *host, const char *pointer, const char **value, size_t *length) {
    (void)host;
    if (strcmp(pointer, "/types/0/name") != 0) {
        return VALUEGEN_STATUS_NOT_FOUND;
    }
    *value = "Thing";
    *length = 5;
    return VALUEGEN_STATUS_OK;
}

static valuegen_status query_get_integer(const valuegen_host *host, const char *pointer, int64_t *value) {
    (void)host;
    (void)pointer;
    (void)value;
    return VALUEGEN_STATUS_NOT_FOUND;
}

static valuegen_status query_get_boolean(const valuegen_host *host, const char *pointer, int32_t *value) {
    (void)host;
    (void)pointer;
    (void)value;
    return VALUEGEN_STATUS_NOT_FOUND;
}

static valuegen_status query_get_count(const valuegen_host *host, const char *pointer, int64_t *count) {
    (void)host;
    if (strcmp(pointer, "/options") != 0) {
        return VALUEGEN_STATUS_NOT_FOUND;
    }
    *count = 2;
    return VALUEGEN_STATUS_OK;
}

static const valuegen_query_extension query = {
    sizeof(valuegen_query_extension), query_get_string, query_get_integer, query_get_boolean, query_get_count,
};

static const void *host_get_extension(const valuegen_host *host, const char *id) {
    (void)host;
    return strcmp(id, VALUEGEN_QUERY_EXTENSION_ID) == 0 ? (const void *)&query : NULL;
}

int main(int argc, char **argv) {
    void *library;
    valuegen_negotiate_fn negotiate;
    valuegen_negotiation io;
    valuegen_host host;
    valuegen_status status;
    if (argc != 2) {
        fprintf(stderr, "usage: host_abi_1_0 PLUGIN\n");
        return 2;
    }
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        printf("not loaded: %s\n", dlerror());
        return 1;
    }
    *(void **)(&negotiate) = dlsym(library, VALUEGEN_NEGOTIATE_SYMBOL);
    if (negotiate == NULL) {
        printf("no entry point\n");
        return 1;
    }
    memset(&io, 0, sizeof io);
    io.struct_size = sizeof io;
    io.host_abi_major = VALUEGEN_ABI_MAJOR;
    io.host_abi_minor = VALUEGEN_ABI_MINOR;
    if (negotiate(&io) != VALUEGEN_STATUS_OK || io.plugin == NULL) {
        printf("refused: %s\n", io.message != NULL ? io.message : "(no message)");
        return 1;
    }
    printf("plugin ABI %u.%u on host ABI %u.%u\n", (unsigned)io.plugin_abi_major, (unsigned)io.plugin_abi_minor,
           (unsigned)VALUEGEN_ABI_MAJOR, (unsigned)VALUEGEN_ABI_MINOR);
    memset(&host, 0, sizeof host);
    host.struct_size = sizeof host;
    host.abi_major = VALUEGEN_ABI_MAJOR;
    host.abi_minor = VALUEGEN_ABI_MINOR;
    host.emit = host_emit;
    host.diagnose = host_diagnose;
    host.get_extension = host_get_extension;
    status = io.plugin->generate(&host, request, sizeof request - 1);
    printf("status %d\n", (int)status);
    return 0;
}
