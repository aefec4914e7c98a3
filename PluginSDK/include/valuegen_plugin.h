/*
 * valuegen_plugin.h -- the stable C ABI between Valuegen and generator plugins.
 *
 * A plugin is a shared library (.so on Linux, .dylib on macOS) that adds generated Swift
 * code for the model types that include it, e.g. `User includes(Fake) { ... }`. It can be
 * written in any language that exports a C function: Swift (with the ValuegenPluginSDK),
 * C, C++, Rust, Zig. This header is the whole contract; it includes only <stdint.h> and
 * <stddef.h> and compiles as C99 and as C++.
 *
 * HOW A PLUGIN IS USED
 *
 *   1. The host loads the library with dlopen(RTLD_NOW | RTLD_LOCAL) and never unloads it
 *      (unloading a Swift library crashes the process later), so everything a plugin
 *      returns from negotiation may be static.
 *   2. The host calls valuegen_plugin_negotiate() once, passing its ABI version. The plugin
 *      answers with a pointer to its static valuegen_plugin descriptor: who it is, which
 *      include names select it, and its generate() function.
 *   3. For every schema file with at least one type that includes the plugin, the host
 *      calls generate() with a request: UTF-8 JSON describing the file and its types
 *      (docs/PluginRequest.schema.json). The plugin is a pure function of the request; it
 *      reports what it adds through the host's callbacks and returns a status.
 *   (ABI 1.3) A plugin that reads the module and sets VALUEGEN_FEATURE_MODULE_ONCE gets the
 *      module once instead of in every request: the host calls its begin_module() with the
 *      module's JSON before the first generate() of a run (in each worker process, with
 *      --isolate-plugins), and the requests that follow leave "module" out.
 *   (ABI 1.4) A plugin that writes something for the whole run (one Kotlin file for every
 *      type, a JSON Schema, a registry) sets generate_module: the host calls it once per run,
 *      after the per-file generate() calls, with every schema file of the run in one request
 *      (each file as generate() would see it: annotations, cases, locations, coding). From
 *      there it emits module files and declarations, and reports diagnostics at any schema
 *      file's line with diagnose_in().
 *
 * VERSIONING
 *
 *   Every struct begins with `uint32_t struct_size`, set by whoever fills the struct to
 *   sizeof(the struct) as that side was compiled. Structs only ever grow at their end; a
 *   reader uses a field only when struct_size covers it. Within one ABI major version every
 *   existing field keeps its offset and meaning, new fields are appended, and new behaviour
 *   is found through get_extension() ids such as "valuegen.query/1". A new major version
 *   means an incompatible change: the plugin refuses a host of another major.
 *
 * OWNERSHIP (no memory ever changes owner)
 *
 *   - Everything the host passes to a plugin (the request, the host struct, strings returned
 *     by extensions) is owned by the host and valid until the call it was passed to (or, for
 *     extension results, the generate() call they were made in) returns. Copy what you keep.
 *   - Everything a plugin passes to the host callbacks is owned by the plugin and only
 *     borrowed for the duration of the callback; the host copies what it keeps.
 *   - Everything a plugin returns from negotiation is owned by the plugin and must stay valid
 *     until the process exits.
 *
 * THREADS
 *
 *   valuegen_plugin_negotiate() is called once, before anything else, from one thread.
 *   generate() is called from a host worker thread. Unless the descriptor sets
 *   VALUEGEN_FEATURE_THREAD_SAFE, the host never runs two generate() calls of one plugin at
 *   the same time. begin_module() (ABI 1.3) runs while no generate() of the plugin runs, and
 *   every generate() that starts after it returns sees its module. generate_module() (ABI 1.4)
 *   runs after every generate() of its run has returned, while no other call of the plugin
 *   runs. Host callbacks may be called only from the thread running generate(), begin_module()
 *   or generate_module(), and only during that call.
 *
 * ERRORS
 *
 *   A problem in the user's schema (an annotation the plugin does not accept, say) is
 *   reported with diagnose() at the schema's line and column and generate() returns
 *   VALUEGEN_STATUS_FAILED. A bug in the plugin returns VALUEGEN_STATUS_INTERNAL_ERROR. A
 *   plugin that crashes takes down the process that loaded it; `valuegen generate
 *   --isolate-plugins` runs plugins in a child process so a crash is reported instead.
 */

#ifndef VALUEGEN_PLUGIN_H
#define VALUEGEN_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions ------------------------------------------------------------------------ */

/* The ABI this header describes. 1.1 added, and only added: the "valuegen.query/2"
 * extension; module-wide emissions (VALUEGEN_EMIT_MODULE_DECLARATION and
 * VALUEGEN_EMIT_MODULE_IMPORT, and valuegen_emission.key); and the member names a plugin
 * generates (valuegen_plugin.member_names). A plugin built against 1.1 that uses them works
 * on a 1.0 host only without them: a 1.0 host returns NULL for extension ids it does not
 * know, refuses the new emission kinds with VALUEGEN_STATUS_INVALID_ARGUMENT, and never reads
 * the new descriptor fields. Check io->host_abi_minor in negotiation to refuse or degrade.
 * 1.2 added, and only added: the annotations a plugin reads (valuegen_plugin.annotation_names),
 * which a 1.0 or 1.1 host never reads; and module-wide extra files (VALUEGEN_EMIT_MODULE_FILE),
 * which a 1.0 or 1.1 host refuses.
 * 1.3 added, and only added: the module once per run (VALUEGEN_FEATURE_MODULE_ONCE and
 * valuegen_plugin.begin_module), which a 1.2 or older host never reads: it sends the module in
 * every request, as before, so a 1.3 plugin must still read "module" from the request when
 * begin_module() was not called.
 * 1.4 added, and only added: the module pass (valuegen_plugin.generate_module), which a 1.3 or
 * older host never reads: a 1.4 plugin on such a host gets only its generate() calls; and
 * valuegen_host.diagnose_in, which a plugin uses only when host->struct_size covers it. */
#define VALUEGEN_ABI_MAJOR 1
#define VALUEGEN_ABI_MINOR 4

/* ---- Status codes -------------------------------------------------------------------- */

typedef int32_t valuegen_status;

/* Success. */
#define VALUEGEN_STATUS_OK 0
/* The user's input is wrong; the plugin explained why with diagnose(). */
#define VALUEGEN_STATUS_FAILED 1
/* The plugin failed for a reason of its own (a bug); the user cannot fix the schema. */
#define VALUEGEN_STATUS_INTERNAL_ERROR 2
/* Negotiation only: the plugin cannot work with this host (another ABI major). */
#define VALUEGEN_STATUS_INCOMPATIBLE 3
/* Query extension only: nothing at that JSON pointer. */
#define VALUEGEN_STATUS_NOT_FOUND 4
/* Query extension only: the value at that JSON pointer has another JSON type. */
#define VALUEGEN_STATUS_WRONG_TYPE 5
/* Host callbacks and query functions: the argument is invalid (NULL, not UTF-8, an unsafe
 * path, ...). A query function returns it only for a NULL host. */
#define VALUEGEN_STATUS_INVALID_ARGUMENT 6

/* ---- Model kinds (bit set) ----------------------------------------------------------- */

#define VALUEGEN_KIND_VALUE 0x1u   /* .value    -> struct        */
#define VALUEGEN_KIND_ADT 0x2u     /* .adtValue -> enum          */
#define VALUEGEN_KIND_OBJECT 0x4u  /* .object   -> final class   */
#define VALUEGEN_KIND_ALL 0x7u

/* ---- Plugin feature bits ------------------------------------------------------------- */

/* generate() may run on several threads at once. */
#define VALUEGEN_FEATURE_THREAD_SAFE 0x1u
/* The plugin may emit extra files (VALUEGEN_EMIT_FILE). Informational in every 1.x minor: shown
 * by `valuegen plugins inspect`, never enforced (a plugin that leaves it out still may). */
#define VALUEGEN_FEATURE_EXTRA_FILES 0x2u
/* (ABI 1.1) The plugin reads what only the whole module knows: the request's "module" and the
 * "structure" of its type references. The host makes and sends them only to plugins that set
 * this bit (they cost a large run more than the rest of the request); a 1.0 host ignores it
 * and sends neither. */
#define VALUEGEN_FEATURE_MODULE 0x4u
/* (ABI 1.3) With VALUEGEN_FEATURE_MODULE: send the module once, to begin_module(), instead of
 * in every request. The module of a 1000-type run is most of each of its 1000 requests, so
 * this makes what the host encodes and the plugin decodes grow with the run, not with its
 * square. The host uses it only when the descriptor's begin_module is set (and struct_size
 * covers it); otherwise, and on a host before 1.3, every request carries "module" as with
 * VALUEGEN_FEATURE_MODULE alone. Without VALUEGEN_FEATURE_MODULE it is ignored. */
#define VALUEGEN_FEATURE_MODULE_ONCE 0x8u

/* ---- Emissions ----------------------------------------------------------------------- */

/* `import <text>` at the top of the generated file. */
#define VALUEGEN_EMIT_IMPORT 1
/* A block of complete Swift declarations, printed after the type named by type_name under
 * a `// MARK: - <Type>: <Include name>` header. */
#define VALUEGEN_EMIT_DECLARATION 2
/* An extra file at `path`, relative to the output folder, '/'-separated, without "..".
 * Refused by the SwiftPM build-tool plugin, which allows one Swift file per schema file. */
#define VALUEGEN_EMIT_FILE 3
/* ABI 1.1. A block of complete Swift declarations shared by the whole module (a protocol
 * every type that includes the plugin conforms to, one error type), written once per run into
 * the module support file, ValuegenModuleSupport.swift, beside the per-schema files, under a
 * `// MARK: - <key>` header. `key` names the declaration: the same key emitted again -- from
 * another type, another schema file or another plugin -- lands once, provided the text is the
 * same (trailing spaces and newlines aside); the same key with other text is an error on the
 * later schema file (in path order) naming both files. Declarations are written sorted by
 * key. Prefix keys with the plugin's id ("com.example.fake/FakeProtocol") so that two plugins
 * share a key only on purpose. */
#define VALUEGEN_EMIT_MODULE_DECLARATION 4
/* ABI 1.1. `import <text>` at the top of the module support file, which module declarations
 * need (imports of the per-schema file are VALUEGEN_EMIT_IMPORT). Imports are de-duplicated
 * and sorted. */
#define VALUEGEN_EMIT_MODULE_IMPORT 5
/* ABI 1.2. A file of the whole module at `path` (relative, as VALUEGEN_EMIT_FILE's): an index
 * beside per-type files, say. Written once per run however many types, schema files or plugins
 * emit it: the same path with the same text lands once; the same path with other text is an
 * error on the later schema file (in path order) naming both. Refused by the build-tool plugin,
 * as every extra file is. A 1.0 or 1.1 host refuses it with VALUEGEN_STATUS_INVALID_ARGUMENT. */
#define VALUEGEN_EMIT_MODULE_FILE 6

/* One thing a plugin adds. Filled by the plugin, borrowed by the host during emit(). */
typedef struct valuegen_emission {
    uint32_t struct_size;      /* sizeof(valuegen_emission) as the plugin was compiled */
    int32_t kind;              /* VALUEGEN_EMIT_* */
    const char *text;          /* UTF-8; import: the module name, declaration: the code,
                                * file: its contents. Need not be NUL-terminated and must not
                                * contain a NUL byte; may be NULL when text_length is 0. */
    size_t text_length;        /* bytes of text */
    const char *type_name;     /* declaration: the type the code belongs to (NUL-terminated);
                                * other kinds: ignored by the host, so set it to NULL */
    const char *path;          /* file: its relative path (NUL-terminated); other kinds:
                                * ignored by the host, so set it to NULL */
    /* ABI 1.1 (read only when struct_size covers it):
     * module declaration: its de-duplication key, NUL-terminated UTF-8, not empty, without
     * control characters (it is printed in a `// MARK: -` line); NULL otherwise. */
    const char *key;
} valuegen_emission;

/* ---- Diagnostics --------------------------------------------------------------------- */

#define VALUEGEN_SEVERITY_NOTE 0
#define VALUEGEN_SEVERITY_WARNING 1
#define VALUEGEN_SEVERITY_ERROR 2

/* ---- The host ------------------------------------------------------------------------ */

typedef struct valuegen_host valuegen_host;

/* What the host offers a plugin during generate(). Owned by the host; valid only during
 * the generate() call it is passed to, on that call's thread. */
struct valuegen_host {
    uint32_t struct_size;      /* sizeof(valuegen_host) as the host was compiled */
    uint32_t abi_major;        /* the host's VALUEGEN_ABI_MAJOR */
    uint32_t abi_minor;        /* the host's VALUEGEN_ABI_MINOR */
    void *host_data;           /* the host's own; plugins must not touch it */

    /* Adds something to the output. The host copies the emission before returning.
     * Returns VALUEGEN_STATUS_OK, or VALUEGEN_STATUS_INVALID_ARGUMENT when the emission is
     * malformed (NULL, a struct_size below ABI 1.0's 40 bytes, an unknown kind, text that is
     * not UTF-8 or holds a NUL byte, an import that is not a module name, a type the file
     * does not declare, an
     * unsafe path, a module declaration without a valid key or in a valuegen_emission too
     * small to hold one); the host also records an error naming the plugin. */
    valuegen_status (*emit)(const valuegen_host *host, const valuegen_emission *emission);

    /* Reports a problem at a line and column of the schema file (both from 1; a line of 0
     * or less for the file as a whole; a column below 1 on a line is shown as 1). severity is
     * a VALUEGEN_SEVERITY_*; any other value counts as an error. message is NUL-terminated
     * UTF-8, copied by the host; a NULL or non-UTF-8 message is refused with an error naming
     * the plugin. The host adds the schema's path when it prints
     * `path:line:column: error: message`. */
    void (*diagnose)(const valuegen_host *host, int32_t severity, const char *message,
                     int32_t line, int32_t column);

    /* The host extension with the given id (e.g. VALUEGEN_QUERY_EXTENSION_ID), or NULL when
     * the host does not offer it. The returned struct is owned by the host and valid until
     * generate() returns. */
    const void *(*get_extension)(const valuegen_host *host, const char *extension_id);

    /* ABI 1.4 (use it only when struct_size covers it). Reports a problem at a line and
     * column of the schema file at `path`: one of the request's "file"/"path" values (in
     * generate_module(), any file of its "files"; in generate(), the request's own file).
     * Line, column and severity as diagnose(). A path the request does not hold, a NULL path
     * or a non-UTF-8 message is refused with an error naming the plugin. */
    void (*diagnose_in)(const valuegen_host *host, int32_t severity, const char *message,
                        const char *path, int32_t line, int32_t column);
};

/* ---- The plugin ---------------------------------------------------------------------- */

/* Produces the plugin's code for one schema file.
 *   request_json / request_length: the request, UTF-8 JSON, owned by the host, valid until
 *   generate() returns; not NUL-terminated in general.
 * Returns VALUEGEN_STATUS_OK, VALUEGEN_STATUS_FAILED or VALUEGEN_STATUS_INTERNAL_ERROR. */
typedef valuegen_status (*valuegen_generate_fn)(const valuegen_host *host,
                                                const char *request_json,
                                                size_t request_length);

/* (ABI 1.3) Takes the module of a run, for a plugin that sets VALUEGEN_FEATURE_MODULE and
 * VALUEGEN_FEATURE_MODULE_ONCE.
 *   module_json / module_length: the module, UTF-8 JSON: exactly the object a request's
 *   "module" member holds ({"types": [...]}, docs/PluginRequest.schema.json), owned by the
 *   host, valid until begin_module() returns; not NUL-terminated in general. Parse it (or
 *   copy it) here: it is not passed again.
 * When: once per run, before the first generate() of that run, in each process that loads
 * the plugin (each worker process with --isolate-plugins). Every generate() after it, until
 * the next begin_module(), gets a request without "module" whose module is this one. A host
 * that runs again in the same process (a long-lived tool, a test) calls it again with the
 * next run's module, which replaces the one kept; keep one module, not a list.
 * The host: emit() refuses every emission (VALUEGEN_STATUS_INVALID_ARGUMENT); a diagnose()
 * message is shown with every schema file of the run that includes the plugin, for the file
 * as a whole (line and column are ignored: the module has no schema line);
 * get_extension() offers the query extensions, whose pointers address module_json itself
 * ("/types/0/name"). During the generate() calls that follow, the query extensions still
 * answer "/module/..." from this module, so a plugin that reads the module only through
 * queries needs a begin_module() that just returns VALUEGEN_STATUS_OK.
 * Returns VALUEGEN_STATUS_OK, or VALUEGEN_STATUS_FAILED / VALUEGEN_STATUS_INTERNAL_ERROR
 * when it cannot take the module (explain with diagnose()): then every schema file of the
 * run that includes the plugin fails with an error naming it, and generate() is not called
 * for them. */
typedef valuegen_status (*valuegen_begin_module_fn)(const valuegen_host *host,
                                                    const char *module_json,
                                                    size_t module_length);

/* (ABI 1.4) The module pass: one call per run with every schema file of the run.
 *   request_json / request_length: the module request, UTF-8 JSON owned by the host, valid
 *   until generate_module() returns, not NUL-terminated in general:
 *   {"schemaVersion", "generatorVersion", "files": [...], "options"?} -- each element of "files"
 *   exactly the request generate() gets for that file, without "options" and "module" (types
 *   with their annotations, attributes, cases with subtypeName, comments, locations, codingKey,
 *   coding and adtCoding; type references with "structure"), files in path order
 *   (docs/PluginRequest.schema.json, "ModuleRequest").
 * When: once per run, after the generate() calls of the run, when at least one type of the run
 * includes the plugin (or valuegen.json declares the plugin's "moduleFiles") and no schema file
 * of the run has an error from parsing or resolving. Not at the same time as another call of
 * the plugin. The plugin generates for the types whose
 * "includes" hold its canonical name.
 * The host: emit() takes VALUEGEN_EMIT_MODULE_FILE, VALUEGEN_EMIT_MODULE_DECLARATION and
 * VALUEGEN_EMIT_MODULE_IMPORT and refuses the per-file kinds; diagnose_in() reports at a schema
 * file's line; diagnose() reports about the run, shown with the first schema file (in path
 * order) that has a type including the plugin; the query extensions address this request.
 * An error (a diagnostic, a refused emission, a status other than OK) means nothing of the
 * module pass is written. Returns as generate(). */
typedef valuegen_status (*valuegen_generate_module_fn)(const valuegen_host *host,
                                                       const char *request_json,
                                                       size_t request_length);

/* Who the plugin is. Owned by the plugin; must stay valid (and unchanged) until exit. */
typedef struct valuegen_plugin {
    uint32_t struct_size;              /* sizeof(valuegen_plugin) as the plugin was compiled */
    uint32_t abi_major;                /* the VALUEGEN_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;                /* the VALUEGEN_ABI_MINOR the plugin was built with */
    const char *id;                    /* reverse-DNS, unique: "com.example.fake" */
    const char *version;               /* the plugin's own version: "1.2.0" */
    const char *const *include_names;  /* names that select it in includes(...); the first
                                        * is canonical: { "Fake", "RMFake" } */
    uint32_t include_name_count;       /* at least 1 */
    uint32_t default_kinds;            /* VALUEGEN_KIND_* where it runs without includes(...) */
    uint32_t supported_kinds;          /* VALUEGEN_KIND_* it can generate for */
    uint32_t features;                 /* VALUEGEN_FEATURE_* */
    valuegen_generate_fn generate;
    /* ABI 1.1 (read only when struct_size covers them). The names of the members the plugin
     * declares in (extensions of) every type that includes it: { "diffKey", "diff" }. An
     * attribute of a value or object, or a case of an ADT, with one of these names is reported
     * at the schema's line, naming the plugin, instead of failing to compile in the generated
     * file. Static names, each a Swift identifier; member_names may be NULL when
     * member_name_count is 0. A 1.0 descriptor (or 0 names) declares none. */
    const char *const *member_names;
    uint32_t member_name_count;
    /* ABI 1.2 (read only when struct_size covers them and abi_minor is 2 or more). The names of
     * the annotations the plugin reads, without the '%': { "fake", "sample" } for `%fake` and
     * `%sample`. Valuegen warns at an annotation that no built-in feature and no loaded plugin
     * reads (`%redact: no feature reads this annotation; did you mean '%redacted'?`), so a
     * plugin built against 1.2 declares every annotation it reads; 0 names declares that it
     * reads none. Static names, each a Swift identifier; annotation_names may be NULL when
     * annotation_name_count is 0. A 1.0 or 1.1 descriptor declares nothing: while such a
     * plugin is loaded, an annotation nobody declares stays quiet unless it is a near-miss of
     * a built-in annotation. */
    const char *const *annotation_names;
    uint32_t annotation_name_count;
    /* ABI 1.3 (read only when struct_size covers it and abi_minor is 3 or more). Called once
     * per run with the module, before generate(), when features has VALUEGEN_FEATURE_MODULE
     * and VALUEGEN_FEATURE_MODULE_ONCE; NULL otherwise. A plugin that sets the bit and leaves
     * it NULL gets the module in every request, with a warning. */
    valuegen_begin_module_fn begin_module;
    /* ABI 1.4 (read only when struct_size covers it and abi_minor is 4 or more). Called once per
     * run with every schema file of the run, after generate(); NULL when the plugin has no
     * module pass. generate() is still called for every schema file that includes the plugin;
     * a plugin that works only in its module pass returns VALUEGEN_STATUS_OK from it at once. */
    valuegen_generate_module_fn generate_module;
} valuegen_plugin;

/* ---- Negotiation --------------------------------------------------------------------- */

/* The one in/out struct of valuegen_plugin_negotiate(). Owned by the host. */
typedef struct valuegen_negotiation {
    uint32_t struct_size;              /* in: sizeof(valuegen_negotiation) as the host was compiled */
    uint32_t host_abi_major;           /* in */
    uint32_t host_abi_minor;           /* in */
    uint32_t plugin_abi_major;         /* out: the plugin's VALUEGEN_ABI_MAJOR */
    uint32_t plugin_abi_minor;         /* out: the plugin's VALUEGEN_ABI_MINOR */
    const valuegen_plugin *plugin;     /* out: the descriptor; NULL when refused */
    const char *message;               /* out: why it refused, static UTF-8; may be NULL */
} valuegen_negotiation;

/* The name of the one function a plugin exports. */
#define VALUEGEN_NEGOTIATE_SYMBOL "valuegen_plugin_negotiate"

/* Fills the out fields of io. Returns VALUEGEN_STATUS_OK with io->plugin set, or
 * VALUEGEN_STATUS_INCOMPATIBLE when io->host_abi_major differs from the plugin's major (or
 * io->struct_size is too small to hold the out fields). Called once, before generate(). */
typedef valuegen_status (*valuegen_negotiate_fn)(valuegen_negotiation *io);

/* The prototype a C or C++ plugin defines (and exports with default visibility). */
valuegen_status valuegen_plugin_negotiate(valuegen_negotiation *io);

/* ---- Extension "valuegen.query/1" ---------------------------------------------------- */

/* Look-ups into the current request by JSON pointer (RFC 6901, e.g. "/types/0/name"), so a
 * plugin in C needs no JSON parser. Every function returns VALUEGEN_STATUS_OK,
 * VALUEGEN_STATUS_NOT_FOUND (nothing there, or the pointer is NULL, not UTF-8 or not a JSON
 * pointer) or VALUEGEN_STATUS_WRONG_TYPE, and VALUEGEN_STATUS_INVALID_ARGUMENT for a NULL
 * host; out parameters are written only on success and may be NULL. Strings returned are owned by the host, valid until generate() returns, UTF-8
 * and NUL-terminated (length excludes the NUL). */
#define VALUEGEN_QUERY_EXTENSION_ID "valuegen.query/1"

typedef struct valuegen_query_extension {
    uint32_t struct_size;
    /* A JSON string. */
    valuegen_status (*get_string)(const valuegen_host *host, const char *pointer,
                                  const char **value, size_t *length);
    /* A JSON number with no fraction and a magnitude below 9e15 (3 and 3.0, not 3.5). */
    valuegen_status (*get_integer)(const valuegen_host *host, const char *pointer,
                                   int64_t *value);
    /* A JSON true or false (1 or 0). */
    valuegen_status (*get_boolean)(const valuegen_host *host, const char *pointer,
                                   int32_t *value);
    /* The number of elements of a JSON array or members of a JSON object. */
    valuegen_status (*get_count)(const valuegen_host *host, const char *pointer,
                                 int64_t *count);
} valuegen_query_extension;

/* ---- Extension "valuegen.query/2" (ABI 1.1) ------------------------------------------ */

/* Everything "valuegen.query/1" has, at the same offsets, and two look-ups a plugin in C
 * needs to walk a request it does not know the shape of: the JSON type at a pointer, and the
 * name of an object's member by index (to list a type's annotation arguments, say, or
 * unknown options). Same ownership and statuses as query/1. */
#define VALUEGEN_QUERY2_EXTENSION_ID "valuegen.query/2"

/* JSON types, as get_type() reports them. */
#define VALUEGEN_JSON_NULL 0
#define VALUEGEN_JSON_BOOLEAN 1
#define VALUEGEN_JSON_NUMBER 2
#define VALUEGEN_JSON_STRING 3
#define VALUEGEN_JSON_ARRAY 4
#define VALUEGEN_JSON_OBJECT 5

typedef struct valuegen_query2_extension {
    uint32_t struct_size;
    valuegen_status (*get_string)(const valuegen_host *host, const char *pointer,
                                  const char **value, size_t *length);
    valuegen_status (*get_integer)(const valuegen_host *host, const char *pointer,
                                   int64_t *value);
    valuegen_status (*get_boolean)(const valuegen_host *host, const char *pointer,
                                   int32_t *value);
    valuegen_status (*get_count)(const valuegen_host *host, const char *pointer,
                                 int64_t *count);
    /* The JSON type of the value at the pointer: one of VALUEGEN_JSON_*. Returns
     * VALUEGEN_STATUS_OK or VALUEGEN_STATUS_NOT_FOUND (never WRONG_TYPE; INVALID_ARGUMENT
     * for a NULL host, as every query). */
    valuegen_status (*get_type)(const valuegen_host *host, const char *pointer,
                                int32_t *type);
    /* The name of member `index` (from 0, in the order of the request's JSON) of the object
     * at the pointer. Returns VALUEGEN_STATUS_OK, VALUEGEN_STATUS_NOT_FOUND (nothing there,
     * or index out of range) or VALUEGEN_STATUS_WRONG_TYPE (not an object). The name is
     * owned by the host, valid until generate() returns, UTF-8 and NUL-terminated. To read
     * the member's value, append "/" and the name, escaped as RFC 6901 says ("~" as "~0",
     * "/" as "~1"), to the pointer. */
    valuegen_status (*get_member_name)(const valuegen_host *host, const char *pointer,
                                       int64_t index, const char **name, size_t *length);
} valuegen_query2_extension;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* VALUEGEN_PLUGIN_H */
