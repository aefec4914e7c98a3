/*
 * kotlin_export.c -- KotlinExport, a module-wide exporter (ABI 1.4) in C with only the header:
 * one Kotlin file with a class for every type of the run that includes KotlinExport, from
 * however many schema files, in its module pass (generate_module). Its per-file generate()
 * adds nothing.
 *
 *   - A value becomes `data class Name(val a: T, ...)`; an ADT a `sealed class` with one
 *     `data class` (or `object`, for a subtype without payload) per subtype.
 *   - `%kotlinName name=X` on a type or an attribute names it X in Kotlin. A type of another
 *     schema file is referred to by its Kotlin name, so the annotation counts across files.
 *   - Types: Int, Int64 (Long), Int32, Double, Float, Bool (Boolean), String, optionals, arrays
 *     (List), sets (Set), dictionaries (Map) and the run's types that include KotlinExport.
 *     Anything else, and a %kotlinName without a name that is a Kotlin identifier, is an error
 *     at its schema file's line (diagnose_in).
 *
 * Options: "path" (default "kotlin/ValuegenModels.kt") and "package" (default "models").
 * It reads the request through "valuegen.query/2" alone; no JSON parser.
 */

#include "valuegen_plugin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KOTLIN_INCLUDE_NAME "KotlinExport"

typedef struct {
    const valuegen_host *host;
    const valuegen_query2_extension *query;
    char *text;           /* the Kotlin file, grown as needed */
    size_t length;
    size_t capacity;
    int failed;           /* an error was reported, or memory ran out */
} exporter;

/* ---- Reading the request --------------------------------------------------------------- */

static const char *string_at(const exporter *e, const char *pointer) {
    const char *value = NULL;
    size_t length = 0;
    return e->query->get_string(e->host, pointer, &value, &length) == VALUEGEN_STATUS_OK ? value : NULL;
}

static int64_t count_at(const exporter *e, const char *pointer) {
    int64_t count = 0;
    return e->query->get_count(e->host, pointer, &count) == VALUEGEN_STATUS_OK ? count : 0;
}

static int32_t integer_at(const exporter *e, const char *pointer) {
    int64_t value = 0;
    return e->query->get_integer(e->host, pointer, &value) == VALUEGEN_STATUS_OK ? (int32_t)value : 0;
}

static int includes_plugin(const exporter *e, const char *type) {
    char pointer[512];
    int64_t index;
    int64_t count = count_at(e, (snprintf(pointer, sizeof pointer, "%s/includes", type), pointer));
    for (index = 0; index < count; index++) {
        const char *name;
        snprintf(pointer, sizeof pointer, "%s/includes/%lld", type, (long long)index);
        name = string_at(e, pointer);
        if (name != NULL && strcmp(name, KOTLIN_INCLUDE_NAME) == 0) return 1;
    }
    return 0;
}

static int is_identifier(const char *name) {
    const char *c;
    if (name == NULL || *name == '\0' || (*name >= '0' && *name <= '9')) return 0;
    for (c = name; *c; c++) {
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_')) return 0;
    }
    return 1;
}

/* Reports an error at a location of the schema file `file` (its "file"/"path"). */
static void error_at(exporter *e, const char *file, const char *located, const char *message) {
    char pointer[512];
    int32_t line = integer_at(e, (snprintf(pointer, sizeof pointer, "%s/location/line", located), pointer));
    int32_t column = integer_at(e, (snprintf(pointer, sizeof pointer, "%s/location/column", located), pointer));
    e->host->diagnose_in(e->host, VALUEGEN_SEVERITY_ERROR, message, file, line, column);
    e->failed = 1;
}

/* The Kotlin name of what is at `owner` (a type or an attribute): its %kotlinName name=, else
 * `fallback`. A %kotlinName without a usable name is an error at the annotation when `report`. */
static const char *kotlin_name(exporter *e, const char *file, const char *owner, const char *fallback, int report) {
    char pointer[512];
    char message[512];
    int64_t index;
    int64_t count = count_at(e, (snprintf(pointer, sizeof pointer, "%s/annotations", owner), pointer));
    for (index = 0; index < count; index++) {
        char annotation[320];
        const char *name;
        int64_t argument;
        snprintf(annotation, sizeof annotation, "%s/annotations/%lld", owner, (long long)index);
        name = string_at(e, (snprintf(pointer, sizeof pointer, "%s/name", annotation), pointer));
        if (name == NULL || strcmp(name, "kotlinName") != 0) continue;
        for (argument = 0; argument < count_at(e, (snprintf(pointer, sizeof pointer, "%s/arguments", annotation), pointer)); argument++) {
            const char *key = string_at(e, (snprintf(pointer, sizeof pointer, "%s/arguments/%lld/key", annotation, (long long)argument), pointer));
            const char *value = string_at(e, (snprintf(pointer, sizeof pointer, "%s/arguments/%lld/value", annotation, (long long)argument), pointer));
            if (key != NULL && strcmp(key, "name") == 0 && is_identifier(value)) return value;
        }
        if (report) {
            snprintf(message, sizeof message, "%%kotlinName needs name=, a Kotlin identifier, for '%s'; write %%kotlinName name=%s", fallback, fallback);
            error_at(e, file, annotation, message);
        }
        return fallback;
    }
    return fallback;
}

/* ---- Writing the file ------------------------------------------------------------------ */

static void write_text(exporter *e, const char *text) {
    size_t count = strlen(text);
    if (e->length + count + 1 > e->capacity) {
        size_t capacity = (e->length + count + 1) * 2;
        char *grown = (char *)realloc(e->text, capacity);
        if (grown == NULL) {
            e->failed = 1;
            return;
        }
        e->text = grown;
        e->capacity = capacity;
    }
    memcpy(e->text + e->length, text, count + 1);
    e->length += count;
}

/* The Kotlin name of the run's type `name` that includes KotlinExport; NULL for another. */
static const char *model_name(exporter *e, const char *name) {
    char pointer[512];
    int64_t file;
    int64_t type;
    for (file = 0; file < count_at(e, "/files"); file++) {
        const char *path = string_at(e, (snprintf(pointer, sizeof pointer, "/files/%lld/file/path", (long long)file), pointer));
        for (type = 0; type < count_at(e, (snprintf(pointer, sizeof pointer, "/files/%lld/types", (long long)file), pointer)); type++) {
            char at[128];
            const char *declared;
            snprintf(at, sizeof at, "/files/%lld/types/%lld", (long long)file, (long long)type);
            declared = string_at(e, (snprintf(pointer, sizeof pointer, "%s/name", at), pointer));
            if (declared != NULL && strcmp(declared, name) == 0 && includes_plugin(e, at)) {
                return kotlin_name(e, path, at, declared, 0); /* reported where the type is written */
            }
        }
    }
    return NULL;
}

/* Writes the Kotlin type of the TypeStructure node at `node`; 0 when it has none. */
static int write_type(exporter *e, const char *node) {
    static const char *const swift_to_kotlin[][2] = {
        { "Int", "Int" }, { "Int64", "Long" }, { "Int32", "Int" }, { "Double", "Double" },
        { "Float", "Float" }, { "Bool", "Boolean" }, { "String", "String" },
    };
    char pointer[512];
    const char *kind = string_at(e, (snprintf(pointer, sizeof pointer, "%s/kind", node), pointer));
    size_t index;
    if (kind == NULL) return 0;
    if (strcmp(kind, "optional") == 0) {
        if (!write_type(e, (snprintf(pointer, sizeof pointer, "%s/wrapped", node), pointer))) return 0;
        write_text(e, "?");
        return 1;
    }
    if (strcmp(kind, "array") == 0 || strcmp(kind, "set") == 0) {
        write_text(e, strcmp(kind, "array") == 0 ? "List<" : "Set<");
        if (!write_type(e, (snprintf(pointer, sizeof pointer, "%s/element", node), pointer))) return 0;
        write_text(e, ">");
        return 1;
    }
    if (strcmp(kind, "dictionary") == 0) {
        write_text(e, "Map<");
        if (!write_type(e, (snprintf(pointer, sizeof pointer, "%s/key", node), pointer))) return 0;
        write_text(e, ", ");
        if (!write_type(e, (snprintf(pointer, sizeof pointer, "%s/value", node), pointer))) return 0;
        write_text(e, ">");
        return 1;
    }
    if (strcmp(kind, "named") == 0) {
        const char *name = string_at(e, (snprintf(pointer, sizeof pointer, "%s/name", node), pointer));
        const char *model;
        if (name == NULL) return 0;
        if (string_at(e, (snprintf(pointer, sizeof pointer, "%s/model", node), pointer)) != NULL) {
            model = model_name(e, name);
            if (model == NULL) return 0;
            write_text(e, model);
            return 1;
        }
        for (index = 0; index < sizeof swift_to_kotlin / sizeof swift_to_kotlin[0]; index++) {
            if (strcmp(name, swift_to_kotlin[index][0]) == 0) {
                write_text(e, swift_to_kotlin[index][1]);
                return 1;
            }
        }
    }
    return 0;
}

/* `val name: Type` for the attribute at `attribute` (a case's single value when `single`), or an
 * error at it. */
static void write_property(exporter *e, const char *file, const char *attribute, const char *type_pointer, int single) {
    char pointer[512];
    char message[512];
    const char *swift_name = string_at(e, (snprintf(pointer, sizeof pointer, "%s/name", attribute), pointer));
    const char *name = single ? "value" : kotlin_name(e, file, attribute, swift_name != NULL ? swift_name : "value", 1);
    write_text(e, "val ");
    write_text(e, name);
    write_text(e, ": ");
    if (!write_type(e, (snprintf(pointer, sizeof pointer, "%s/structure", type_pointer), pointer))) {
        const char *swift = string_at(e, (snprintf(pointer, sizeof pointer, "%s/swift", type_pointer), pointer));
        snprintf(message, sizeof message, "KotlinExport cannot write '%s' in Kotlin: it writes Int, Int64, Int32, Double, Float, Bool, String, optionals, arrays, sets, dictionaries and the types that include KotlinExport; change the type, or leave KotlinExport out of this type's features", swift != NULL ? swift : "?");
        error_at(e, file, attribute, message);
    }
}

static void write_value(exporter *e, const char *file, const char *type, const char *name) {
    char pointer[512];
    int64_t index;
    int64_t count = count_at(e, (snprintf(pointer, sizeof pointer, "%s/attributes", type), pointer));
    write_text(e, "\ndata class ");
    write_text(e, name);
    write_text(e, "(\n");
    for (index = 0; index < count; index++) {
        char attribute[320];
        char type_pointer[340];
        snprintf(attribute, sizeof attribute, "%s/attributes/%lld", type, (long long)index);
        snprintf(type_pointer, sizeof type_pointer, "%s/type", attribute);
        write_text(e, "    ");
        write_property(e, file, attribute, type_pointer, 0);
        write_text(e, ",\n");
    }
    write_text(e, ")\n");
}

static void write_adt(exporter *e, const char *file, const char *type, const char *name) {
    char pointer[512];
    int64_t index;
    int64_t count = count_at(e, (snprintf(pointer, sizeof pointer, "%s/cases", type), pointer));
    write_text(e, "\nsealed class ");
    write_text(e, name);
    write_text(e, " {\n");
    for (index = 0; index < count; index++) {
        char item[320];
        char type_pointer[340];
        const char *subtype;
        int64_t attribute;
        int64_t attributes;
        snprintf(item, sizeof item, "%s/cases/%lld", type, (long long)index);
        subtype = string_at(e, (snprintf(pointer, sizeof pointer, "%s/subtypeName", item), pointer));
        attributes = count_at(e, (snprintf(pointer, sizeof pointer, "%s/attributes", item), pointer));
        snprintf(type_pointer, sizeof type_pointer, "%s/singleValueType", item);
        if (attributes == 0 && count_at(e, type_pointer) == 0) {
            write_text(e, "    object ");
            write_text(e, subtype != NULL ? subtype : "?");
            write_text(e, " : ");
            write_text(e, name);
            write_text(e, "()\n");
            continue;
        }
        write_text(e, "    data class ");
        write_text(e, subtype != NULL ? subtype : "?");
        write_text(e, "(");
        if (attributes == 0) {
            write_property(e, file, item, type_pointer, 1);
        }
        for (attribute = 0; attribute < attributes; attribute++) {
            char at[384];
            char at_type[420];
            snprintf(at, sizeof at, "%s/attributes/%lld", item, (long long)attribute);
            snprintf(at_type, sizeof at_type, "%s/type", at);
            if (attribute > 0) write_text(e, ", ");
            write_property(e, file, at, at_type, 0);
        }
        write_text(e, ") : ");
        write_text(e, name);
        write_text(e, "()\n");
    }
    write_text(e, "}\n");
}

/* ---- The plugin ------------------------------------------------------------------------ */

static valuegen_status kotlin_generate(const valuegen_host *host, const char *json, size_t length) {
    (void)host; (void)json; (void)length;
    return VALUEGEN_STATUS_OK; /* everything happens in the module pass */
}

static valuegen_status kotlin_generate_module(const valuegen_host *host, const char *json, size_t length) {
    exporter e;
    char pointer[512];
    char header[256];
    int64_t file;
    int64_t type;
    int64_t files;
    const char *path;
    const char *package;
    valuegen_emission emission;
    valuegen_status status;
    (void)json; (void)length;
    memset(&e, 0, sizeof e);
    e.host = host;
    e.query = (const valuegen_query2_extension *)host->get_extension(host, VALUEGEN_QUERY2_EXTENSION_ID);
    if (e.query == NULL) return VALUEGEN_STATUS_INTERNAL_ERROR;
    path = string_at(&e, "/options/path");
    package = string_at(&e, "/options/package");
    files = count_at(&e, "/files");
    snprintf(header, sizeof header, "// Generated by KotlinExport from %lld schema files. Do not edit.\npackage %s\n",
             (long long)files, package != NULL ? package : "models");
    write_text(&e, header);
    for (file = 0; file < files; file++) {
        const char *file_path = string_at(&e, (snprintf(pointer, sizeof pointer, "/files/%lld/file/path", (long long)file), pointer));
        for (type = 0; type < count_at(&e, (snprintf(pointer, sizeof pointer, "/files/%lld/types", (long long)file), pointer)); type++) {
            char at[128];
            const char *kind;
            const char *name;
            snprintf(at, sizeof at, "/files/%lld/types/%lld", (long long)file, (long long)type);
            if (!includes_plugin(&e, at)) continue;
            kind = string_at(&e, (snprintf(pointer, sizeof pointer, "%s/kind", at), pointer));
            name = kotlin_name(&e, file_path, at, string_at(&e, (snprintf(pointer, sizeof pointer, "%s/name", at), pointer)), 1);
            if (kind != NULL && strcmp(kind, "adtValue") == 0) {
                write_adt(&e, file_path, at, name);
            } else {
                write_value(&e, file_path, at, name);
            }
        }
    }
    if (e.failed) {
        free(e.text);
        return VALUEGEN_STATUS_FAILED;
    }
    memset(&emission, 0, sizeof emission);
    emission.struct_size = sizeof emission;
    emission.kind = VALUEGEN_EMIT_MODULE_FILE;
    emission.text = e.text;
    emission.text_length = e.length;
    emission.path = path != NULL ? path : "kotlin/ValuegenModels.kt";
    status = host->emit(host, &emission);
    free(e.text);
    /* A refused emission is a bug of the plugin (or of its options), not of the schema. */
    return status == VALUEGEN_STATUS_OK ? VALUEGEN_STATUS_OK : VALUEGEN_STATUS_INTERNAL_ERROR;
}

static const char *const kotlin_include_names[] = { KOTLIN_INCLUDE_NAME };
static const char *const kotlin_annotation_names[] = { "kotlinName" };

static const valuegen_plugin kotlin_descriptor = {
    .struct_size = sizeof(valuegen_plugin),
    .abi_major = VALUEGEN_ABI_MAJOR,
    .abi_minor = VALUEGEN_ABI_MINOR,
    .id = "dev.valuegen.examples.kotlin-export",
    .version = "1.0.0",
    .include_names = kotlin_include_names,
    .include_name_count = 1,
    .supported_kinds = VALUEGEN_KIND_VALUE | VALUEGEN_KIND_ADT,
    .features = VALUEGEN_FEATURE_THREAD_SAFE,
    .generate = kotlin_generate,
    .annotation_names = kotlin_annotation_names,
    .annotation_name_count = 1,
    .generate_module = kotlin_generate_module,
};

valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io) {
    if (io->struct_size < sizeof(valuegen_negotiation)) return VALUEGEN_STATUS_INCOMPATIBLE;
    io->plugin_abi_major = VALUEGEN_ABI_MAJOR;
    io->plugin_abi_minor = VALUEGEN_ABI_MINOR;
    if (io->host_abi_major != VALUEGEN_ABI_MAJOR || io->host_abi_minor < 4) {
        io->plugin = NULL;
        io->message = "KotlinExport writes its file in the module pass of plugin ABI 1.4; use a valuegen that speaks 1.4 or later";
        return VALUEGEN_STATUS_INCOMPATIBLE;
    }
    io->plugin = &kotlin_descriptor;
    return VALUEGEN_STATUS_OK;
}
