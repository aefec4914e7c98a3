/*
 * module_probe.c -- a test plugin that reads what request schemaVersion 2 adds, through
 * "valuegen.query/1" only (no JSON parser):
 *
 *   - the module: every type of the run, with its kind and whether it includes ModuleProbe;
 *   - each attribute's type as a tree (/types/N/attributes/M/type/structure), rendered as
 *     set(named UUID), optional(named Photo %type), array(named User value), ...;
 *   - annotation argument locations: a %bounds argument whose value is not an integer is an
 *     error at the value, not at the '%'.
 *
 * For each type of the file that includes it, it attaches a comment block such as
 *
 *     // module: Tag value -, User value ModuleProbe
 *     // friends: array(named User value)
 *
 * Built with -DPROBE_MODULE_ONCE (ABI 1.3) it sets VALUEGEN_FEATURE_MODULE_ONCE and takes the
 * module in begin_module(), and each generate() checks what the header promises: begin_module()
 * ran once in this process, the request leaves "module" out, and "/module/..." still answers
 * (with the module begin_module() saw). Its output is the same. With -DPROBE_BEGIN_FAILS too,
 * begin_module() refuses the module; with -DPROBE_BEGIN_EMITS, it emits, which the host refuses. With -DPROBE_EXPECTS_MODULE_IN_REQUEST (and without
 * PROBE_MODULE_ONCE) it checks that every request carries "module", as before ABI 1.3.
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <string.h>

static const char *const probe_include_names[] = { "ModuleProbe" };
static const char *const probe_annotation_names[] = { "bounds" };

typedef struct {
    const valuegen_host *host;
    const valuegen_query_extension *query;
} probe;

static int probe_string(const probe *p, const char *pointer, const char **value) {
    size_t length = 0;
    return p->query->get_string(p->host, pointer, value, &length) == VALUEGEN_STATUS_OK;
}

static int64_t probe_count(const probe *p, const char *pointer) {
    int64_t count = 0;
    return p->query->get_count(p->host, pointer, &count) == VALUEGEN_STATUS_OK ? count : 0;
}

/* Appends to a bounded buffer; a line that would not fit is cut, never overrun. */
static void append(char *buffer, size_t size, const char *text) {
    size_t used = strlen(buffer);
    if (used + 1 < size) {
        snprintf(buffer + used, size - used, "%s", text);
    }
}

/* Renders the TypeStructure node at pointer, recursively. */
static void render(const probe *p, const char *pointer, char *out, size_t size) {
    const char *kind = NULL;
    const char *text = NULL;
    char child[512];
    int64_t index;
    int64_t count;
    if (!probe_string(p, (snprintf(child, sizeof child, "%s/kind", pointer), child), &kind)) {
        append(out, size, "?");
        return;
    }
    if (strcmp(kind, "named") == 0) {
        append(out, size, "named ");
        snprintf(child, sizeof child, "%s/name", pointer);
        append(out, size, probe_string(p, child, &text) ? text : "?");
        snprintf(child, sizeof child, "%s/arguments", pointer);
        count = probe_count(p, child);
        if (count > 0) {
            append(out, size, "<");
            for (index = 0; index < count; index++) {
                if (index > 0) append(out, size, ", ");
                snprintf(child, sizeof child, "%s/arguments/%lld", pointer, (long long)index);
                render(p, child, out, size);
            }
            append(out, size, ">");
        }
        snprintf(child, sizeof child, "%s/model", pointer);
        if (probe_string(p, child, &text)) {
            append(out, size, " ");
            append(out, size, text);
        }
        snprintf(child, sizeof child, "%s/declaredWith", pointer);
        if (probe_string(p, child, &text)) {
            append(out, size, " ");
            append(out, size, text);
        }
    } else if (strcmp(kind, "optional") == 0) {
        append(out, size, "optional(");
        render(p, (snprintf(child, sizeof child, "%s/wrapped", pointer), child), out, size);
        append(out, size, ")");
    } else if (strcmp(kind, "array") == 0 || strcmp(kind, "set") == 0) {
        append(out, size, kind);
        append(out, size, "(");
        render(p, (snprintf(child, sizeof child, "%s/element", pointer), child), out, size);
        append(out, size, ")");
    } else if (strcmp(kind, "dictionary") == 0) {
        append(out, size, "dictionary(");
        render(p, (snprintf(child, sizeof child, "%s/key", pointer), child), out, size);
        append(out, size, ", ");
        render(p, (snprintf(child, sizeof child, "%s/value", pointer), child), out, size);
        append(out, size, ")");
    } else if (strcmp(kind, "existential") == 0) {
        append(out, size, "any(");
        snprintf(child, sizeof child, "%s/constraints", pointer);
        count = probe_count(p, child);
        for (index = 0; index < count; index++) {
            if (index > 0) append(out, size, " & ");
            snprintf(child, sizeof child, "%s/constraints/%lld", pointer, (long long)index);
            render(p, child, out, size);
        }
        append(out, size, ")");
    } else {
        append(out, size, kind);
    }
}

static int includes_probe(const probe *p, const char *includes_pointer) {
    char pointer[256];
    const char *name = NULL;
    int64_t count = probe_count(p, includes_pointer);
    int64_t index;
    for (index = 0; index < count; index++) {
        snprintf(pointer, sizeof pointer, "%s/%lld", includes_pointer, (long long)index);
        if (probe_string(p, pointer, &name) && strcmp(name, "ModuleProbe") == 0) return 1;
    }
    return 0;
}

static int is_integer(const char *text) {
    if (*text == '-') text++;
    if (*text == '\0') return 0;
    for (; *text != '\0'; text++) {
        if (*text < '0' || *text > '9') return 0;
    }
    return 1;
}

/* %bounds min=<integer> max=<integer>: any other value is an error at the value. */
static int check_ranges(const probe *p, const char *attribute) {
    char pointer[512];
    char message[512];
    const char *name = NULL;
    const char *key = NULL;
    const char *value = NULL;
    int64_t annotations = probe_count(p, (snprintf(pointer, sizeof pointer, "%s/annotations", attribute), pointer));
    int64_t a;
    int64_t k;
    int failed = 0;
    for (a = 0; a < annotations; a++) {
        snprintf(pointer, sizeof pointer, "%s/annotations/%lld/name", attribute, (long long)a);
        if (!probe_string(p, pointer, &name) || strcmp(name, "bounds") != 0) continue;
        snprintf(pointer, sizeof pointer, "%s/annotations/%lld/arguments", attribute, (long long)a);
        int64_t arguments = probe_count(p, pointer);
        for (k = 0; k < arguments; k++) {
            int64_t line = 0;
            int64_t column = 0;
            snprintf(pointer, sizeof pointer, "%s/annotations/%lld/arguments/%lld/key", attribute, (long long)a, (long long)k);
            probe_string(p, pointer, &key);
            snprintf(pointer, sizeof pointer, "%s/annotations/%lld/arguments/%lld/value", attribute, (long long)a, (long long)k);
            if (!probe_string(p, pointer, &value) || is_integer(value)) continue;
            snprintf(pointer, sizeof pointer, "%s/annotations/%lld/arguments/%lld/valueLocation/line", attribute, (long long)a, (long long)k);
            p->query->get_integer(p->host, pointer, &line);
            snprintf(pointer, sizeof pointer, "%s/annotations/%lld/arguments/%lld/valueLocation/column", attribute, (long long)a, (long long)k);
            p->query->get_integer(p->host, pointer, &column);
            snprintf(message, sizeof message, "%%bounds %s must be an integer, not '%s'", key, value);
            p->host->diagnose(p->host, VALUEGEN_SEVERITY_ERROR, message, (int32_t)line, (int32_t)column);
            failed = 1;
        }
    }
    return failed;
}

static valuegen_status probe_emit(const valuegen_host *host, const char *text, const char *type_name) {
    valuegen_emission emission;
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_DECLARATION;
    emission.text = text;
    emission.text_length = strlen(text);
    emission.type_name = type_name;
    return host->emit(host, &emission);
}

#if defined(PROBE_MODULE_ONCE) || defined(PROBE_EXPECTS_MODULE_IN_REQUEST)
/* Whether the request's bytes hold a "module" member (no type of the tests is named so). */
static int carries_module(const char *request_json, size_t request_length) {
    static const char member[] = "\"module\":";
    size_t index;
    for (index = 0; index + sizeof member - 1 <= request_length; index++) {
        if (memcmp(request_json + index, member, sizeof member - 1) == 0) return 1;
    }
    return 0;
}
#endif

#ifdef PROBE_MODULE_ONCE
/* Written by begin_module(), which the host never runs beside generate(). */
static int begin_calls = 0;
static int64_t begun_types = -1;

static valuegen_status probe_begin_module(const valuegen_host *host, const char *module_json, size_t module_length) {
    const valuegen_query_extension *query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    if (query == NULL || module_length < 2 || module_json[0] != '{') return VALUEGEN_STATUS_INTERNAL_ERROR;
#if defined(PROBE_BEGIN_FAILS)
    host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the module probe cannot take this module", 0, 0);
    return VALUEGEN_STATUS_FAILED;
#elif defined(PROBE_BEGIN_EMITS)
    probe_emit(host, "// too early", "User");
    return VALUEGEN_STATUS_OK;
#else
    /* Queries during begin_module() address the module document itself. */
    if (query->get_count(host, "/types", &begun_types) != VALUEGEN_STATUS_OK) return VALUEGEN_STATUS_INTERNAL_ERROR;
    begin_calls++;
    return VALUEGEN_STATUS_OK;
#endif
}

/* What the header promises a plugin that takes the module once; an error when it does not hold. */
static int module_once_broken(const probe *p, const char *request_json, size_t request_length) {
    char message[256];
    const char *problem = NULL;
    if (carries_module(request_json, request_length)) problem = "the request carries the module";
    if (begin_calls != 1) problem = "begin_module was not called exactly once";
    if (probe_count(p, "/module/types") != begun_types) problem = "/module/types is not the module begin_module took";
    if (problem == NULL) return 0;
    snprintf(message, sizeof message, "%s (begin_module calls: %d)", problem, begin_calls);
    p->host->diagnose(p->host, VALUEGEN_SEVERITY_ERROR, message, 0, 0);
    return 1;
}
#endif

static valuegen_status probe_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    probe p;
    char block[8192];
    char pointer[256];
    const char *text = NULL;
    int64_t types;
    int64_t t;
    int failed = 0;
    (void)request_json;
    (void)request_length;
    p.host = host;
    p.query = (const valuegen_query_extension *)host->get_extension(host, VALUEGEN_QUERY_EXTENSION_ID);
    if (p.query == NULL) return VALUEGEN_STATUS_INTERNAL_ERROR;
#ifdef PROBE_MODULE_ONCE
    if (module_once_broken(&p, request_json, request_length)) return VALUEGEN_STATUS_FAILED;
#endif
#ifdef PROBE_EXPECTS_MODULE_IN_REQUEST
    if (!carries_module(request_json, request_length)) {
        host->diagnose(host, VALUEGEN_SEVERITY_ERROR, "the request does not carry the module", 0, 0);
        return VALUEGEN_STATUS_FAILED;
    }
#endif

    types = probe_count(&p, "/types");
    for (t = 0; t < types; t++) {
        const char *type_name = NULL;
        int64_t index;
        int64_t count;
        snprintf(pointer, sizeof pointer, "/types/%lld/includes", (long long)t);
        if (!includes_probe(&p, pointer)) continue;
        snprintf(pointer, sizeof pointer, "/types/%lld/name", (long long)t);
        if (!probe_string(&p, pointer, &type_name)) return VALUEGEN_STATUS_INTERNAL_ERROR;

        block[0] = '\0';
        append(block, sizeof block, "// module:");
        count = probe_count(&p, "/module/types");
        for (index = 0; index < count; index++) {
            append(block, sizeof block, index > 0 ? ", " : " ");
            snprintf(pointer, sizeof pointer, "/module/types/%lld/name", (long long)index);
            append(block, sizeof block, probe_string(&p, pointer, &text) ? text : "?");
            snprintf(pointer, sizeof pointer, "/module/types/%lld/kind", (long long)index);
            append(block, sizeof block, " ");
            append(block, sizeof block, probe_string(&p, pointer, &text) ? text : "?");
            snprintf(pointer, sizeof pointer, "/module/types/%lld/includes", (long long)index);
            append(block, sizeof block, includes_probe(&p, pointer) ? " ModuleProbe" : " -");
        }
        count = probe_count(&p, (snprintf(pointer, sizeof pointer, "/types/%lld/attributes", (long long)t), pointer));
        for (index = 0; index < count; index++) {
            char attribute[128];
            snprintf(attribute, sizeof attribute, "/types/%lld/attributes/%lld", (long long)t, (long long)index);
            snprintf(pointer, sizeof pointer, "%s/name", attribute);
            append(block, sizeof block, "\n// ");
            append(block, sizeof block, probe_string(&p, pointer, &text) ? text : "?");
            append(block, sizeof block, ": ");
            snprintf(pointer, sizeof pointer, "%s/type/structure", attribute);
            render(&p, pointer, block, sizeof block);
            failed |= check_ranges(&p, attribute);
        }
        if (probe_emit(host, block, type_name) != VALUEGEN_STATUS_OK) return VALUEGEN_STATUS_INTERNAL_ERROR;
    }
    return failed ? VALUEGEN_STATUS_FAILED : VALUEGEN_STATUS_OK;
}

static const valuegen_plugin probe_plugin = {
    /* Designated initializers: fields a later ABI minor appends start zeroed. */
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.test.module-probe",
    .version = "1.0.0",
    .include_names = probe_include_names,
    .include_name_count = 1,
    .default_kinds = 0, /* only types that name it in includes(...) */
    .supported_kinds = VALUEGEN_KIND_ALL,
#ifdef PROBE_MODULE_ONCE
    .features = VALUEGEN_FEATURE_THREAD_SAFE | VALUEGEN_FEATURE_MODULE | VALUEGEN_FEATURE_MODULE_ONCE,
#else
    .features = VALUEGEN_FEATURE_THREAD_SAFE | VALUEGEN_FEATURE_MODULE,
#endif
    .generate = probe_generate,
    .annotation_names = probe_annotation_names, /* ABI 1.2: the one annotation it reads */
    .annotation_name_count = 1,
#ifdef PROBE_MODULE_ONCE
    .begin_module = probe_begin_module, /* ABI 1.3 */
#endif
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR) {
        io->plugin = NULL;
        io->message = "the module probe speaks only ABI 1";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &probe_plugin;
    io->message = NULL;
    return VALUEGEN_STATUS_OK;
}
