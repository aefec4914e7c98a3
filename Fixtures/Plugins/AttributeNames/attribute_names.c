/*
 * attribute_names.c -- an example Valuegen plugin written in C against valuegen_plugin.h alone.
 *
 * For every type that includes it (`User includes(AttributeNames) { ... }`) it adds
 *
 *     extension User {
 *         /// The names of User's attributes, in declaration order.
 *         public static let attributeNames: [String] = ["userId", "nickname"]
 *     }
 *
 * (for an ADT: the names of its cases). It reads the request only through the host's
 * "valuegen.query/1" extension -- JSON-pointer look-ups such as "/types/0/attributes/1/name"
 * -- so it needs no JSON parser. It keeps no state between calls, so it declares itself
 * thread-safe.
 *
 * Build:  cc -std=c99 -Wall -Wextra -pedantic -Werror -shared -fPIC \
 *            -I PluginSDK/include -o libAttributeNames.so attribute_names.c
 * Use:    valuegen generate Models --plugin ./libAttributeNames.so
 */

#include "valuegen_plugin.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Growing text, bounded ------------------------------------------------------------ */

/* Text built by appending. Every size is checked before it is used; on overflow or when
 * memory runs out the buffer only remembers that it failed, and the caller reports that once. */
typedef struct text {
    char *bytes;
    size_t length;
    size_t capacity;
    int failed;
} text;

static void text_append_bytes(text *t, const char *bytes, size_t count) {
    size_t needed;
    if (t->failed) {
        return;
    }
    if (count > (size_t)-1 - t->length) {
        t->failed = 1;
        return;
    }
    needed = t->length + count;
    if (needed > t->capacity) {
        size_t capacity = t->capacity == 0 ? 256 : t->capacity;
        char *grown;
        while (capacity < needed) {
            if (capacity > (size_t)-1 / 2) {
                t->failed = 1;
                return;
            }
            capacity *= 2;
        }
        grown = (char *)realloc(t->bytes, capacity);
        if (grown == NULL) {
            t->failed = 1;
            return;
        }
        t->bytes = grown;
        t->capacity = capacity;
    }
    memcpy(t->bytes + t->length, bytes, count);
    t->length = needed;
}

static void text_append(text *t, const char *string) {
    text_append_bytes(t, string, strlen(string));
}

/* Appends a Swift string literal of the given UTF-8. Names are identifiers, so quoting alone
 * would do; the escapes keep the output valid Swift whatever the request holds. */
static void text_append_string_literal(text *t, const char *value, size_t length) {
    size_t start = 0;
    size_t index;
    text_append(t, "\"");
    for (index = 0; index < length; index++) {
        unsigned char byte = (unsigned char)value[index];
        const char *escape = NULL;
        char control[16];
        if (byte == '"') {
            escape = "\\\"";
        } else if (byte == '\\') {
            escape = "\\\\";
        } else if (byte < 0x20 || byte == 0x7F) {
            snprintf(control, sizeof control, "\\u{%X}", (unsigned)byte);
            escape = control;
        }
        if (escape != NULL) {
            text_append_bytes(t, value + start, index - start);
            text_append(t, escape);
            start = index + 1;
        }
    }
    text_append_bytes(t, value + start, length - start);
    text_append(t, "\"");
}

/* ---- Reading the request -------------------------------------------------------------- */

/* What generate() works with: the host and its query extension. */
typedef struct request {
    const valuegen_host *host;
    const valuegen_query_extension *query;
} request;

#define POINTER_SIZE 96

/* Lets compilers that can check the format arguments against the format. */
#if defined(__GNUC__)
#define PRINTF_LIKE(format_index, first_argument) __attribute__((format(printf, format_index, first_argument)))
#else
#define PRINTF_LIKE(format_index, first_argument)
#endif

/* Formats a JSON pointer such as "/types/0/attributes/1/name"; 0 when it would not fit. */
static int pointer_format(char pointer[POINTER_SIZE], const char *format, ...) PRINTF_LIKE(2, 3);

static int pointer_format(char pointer[POINTER_SIZE], const char *format, ...) {
    va_list arguments;
    int written;
    va_start(arguments, format);
    written = vsnprintf(pointer, POINTER_SIZE, format, arguments);
    va_end(arguments);
    return written > 0 && written < POINTER_SIZE;
}

/* The string at the pointer (owned by the host until generate() returns), or NULL. */
static const char *query_string(const request *r, const char *pointer, size_t *length) {
    const char *value = NULL;
    if (r->query->get_string(r->host, pointer, &value, length) != VALUEGEN_STATUS_OK) {
        return NULL;
    }
    return value;
}

/* ---- The plugin ----------------------------------------------------------------------- */

#define INCLUDE_NAME "AttributeNames"

static void report(const request *r, int32_t severity, const char *message) {
    r->host->diagnose(r->host, severity, message, 0, 0);
}

/* Whether types[index] includes this plugin: a look-up of each of /types/<index>/includes. */
static valuegen_status includes_plugin(const request *r, long long index, int *result) {
    char pointer[POINTER_SIZE];
    int64_t count = 0;
    long long position;
    *result = 0;
    if (!pointer_format(pointer, "/types/%lld/includes", index) ||
        r->query->get_count(r->host, pointer, &count) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    for (position = 0; position < count; position++) {
        size_t length = 0;
        const char *name;
        if (!pointer_format(pointer, "/types/%lld/includes/%lld", index, position) ||
            (name = query_string(r, pointer, &length)) == NULL) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        if (length == strlen(INCLUDE_NAME) && memcmp(name, INCLUDE_NAME, length) == 0) {
            *result = 1;
            break;
        }
    }
    return VALUEGEN_STATUS_OK;
}

/* Prints the extension of types[index] into t and returns the type's name (owned by the host). */
static valuegen_status print_extension(const request *r, long long index, const char *access, text *t,
                                       const char **type_name) {
    char pointer[POINTER_SIZE];
    const char *kind;
    const char *members;
    size_t length = 0;
    int64_t count = 0;
    long long position;
    int one_per_line;

    if (!pointer_format(pointer, "/types/%lld/name", index) || (*type_name = query_string(r, pointer, &length)) == NULL ||
        !pointer_format(pointer, "/types/%lld/kind", index) || (kind = query_string(r, pointer, &length)) == NULL) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    /* An ADT lists its cases; a value or an object its attributes. */
    members = strcmp(kind, "adtValue") == 0 ? "cases" : "attributes";
    if (!pointer_format(pointer, "/types/%lld/%s", index, members) ||
        r->query->get_count(r->host, pointer, &count) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }

    text_append(t, "extension ");
    text_append(t, *type_name);
    text_append(t, " {\n    /// The names of ");
    text_append(t, *type_name);
    text_append(t, "'s ");
    text_append(t, members);
    text_append(t, ", in declaration order.\n    ");
    text_append(t, access);
    text_append(t, "static let attributeNames: [String] = [");
    /* Up to three names on one line; more get a line each, as Xcode formats long lists. */
    one_per_line = count > 3;
    for (position = 0; position < count; position++) {
        const char *name;
        size_t name_length = 0;
        if (!pointer_format(pointer, "/types/%lld/%s/%lld/name", index, members, position) ||
            (name = query_string(r, pointer, &name_length)) == NULL) {
            return VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        if (one_per_line) {
            text_append(t, "\n        ");
        } else if (position > 0) {
            text_append(t, ", ");
        }
        text_append_string_literal(t, name, name_length);
        if (one_per_line) {
            text_append(t, ",");
        }
    }
    text_append(t, one_per_line ? "\n    ]\n}\n" : "]\n}\n");
    return VALUEGEN_STATUS_OK;
}

static valuegen_status generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    request r;
    const char *level = NULL;
    const char *access;
    size_t length = 0;
    int64_t type_count = 0;
    long long index;
    valuegen_status status = VALUEGEN_STATUS_OK;

    /* The request also arrives as JSON; this plugin asks the host instead of parsing it. */
    (void)request_json;
    (void)request_length;

    r.host = host;
    r.query = NULL;
    if (host->struct_size >= offsetof(valuegen_host, get_extension) + sizeof host->get_extension &&
        host->get_extension != NULL) {
        r.query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    }
    if (r.query == NULL || r.query->struct_size < sizeof(valuegen_query_extension)) {
        report(&r, VALUEGEN_SEVERITY_ERROR, INCLUDE_NAME " needs the host extension " VALUEGEN_QUERY_EXTENSION_ID);
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }

    level = query_string(&r, "/accessLevel", &length);
    if (level == NULL) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    if (strcmp(level, "public") == 0) {
        access = "public ";
    } else if (strcmp(level, "package") == 0) {
        access = "package ";
    } else if (strcmp(level, "internal") == 0) {
        access = "";
    } else {
        report(&r, VALUEGEN_SEVERITY_ERROR, INCLUDE_NAME " does not know the request's access level");
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }

    if (r.query->get_count(host, "/types", &type_count) != VALUEGEN_STATUS_OK) {
        return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    for (index = 0; index < type_count && status == VALUEGEN_STATUS_OK; index++) {
        int included = 0;
        const char *type_name = NULL;
        text code = {NULL, 0, 0, 0};
        valuegen_emission emission;

        status = includes_plugin(&r, index, &included);
        if (status != VALUEGEN_STATUS_OK || !included) {
            continue;
        }
        status = print_extension(&r, index, access, &code, &type_name);
        if (status == VALUEGEN_STATUS_OK && code.failed) {
            report(&r, VALUEGEN_SEVERITY_ERROR, INCLUDE_NAME " ran out of memory");
            status = VALUEGEN_STATUS_INTERNAL_ERROR;
        }
        if (status == VALUEGEN_STATUS_OK) {
            memset(&emission, 0, sizeof emission);
            emission.struct_size = (uint32_t)sizeof emission;
            emission.kind = VALUEGEN_EMIT_DECLARATION;
            emission.text = code.bytes;
            emission.text_length = code.length;
            emission.type_name = type_name;
            emission.path = NULL;
            /* The host copies the emission during the call; the buffer is ours to free. */
            if (host->emit(host, &emission) != VALUEGEN_STATUS_OK) {
                status = VALUEGEN_STATUS_INTERNAL_ERROR;
            }
        }
        free(code.bytes);
    }
    return status;
}

/* ---- Negotiation ---------------------------------------------------------------------- */

static const char *const include_names[] = {INCLUDE_NAME};

/* Static, as the header asks: the host reads it until the process exits. */
static const valuegen_plugin descriptor = {
    /* Designated initializers: fields a later ABI minor appends start zeroed, and
     * -Wmissing-field-initializers stays quiet. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.examples.attribute-names",
    .version = "1.0.0",
    .include_names = include_names,
    .include_name_count = 1,
    .default_kinds = 0, /* only where included */
    .supported_kinds = VALUEGEN_KIND_ALL,
    .features = VALUEGEN_FEATURE_THREAD_SAFE, /* no state: generate() may run on several threads */
    .generate = generate,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    if (io == NULL || io->struct_size < offsetof(valuegen_negotiation, message) + sizeof io->message) {
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = INCLUDE_NAME " speaks valuegen plugin ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &descriptor;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
