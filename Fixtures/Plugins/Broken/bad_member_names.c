/* Declares member names the host must refuse at load: BROKEN_BAD_MEMBERS selects how.
 *   1: a name that is not a Swift identifier
 *   2: a NULL name
 *   3: member_name_count 2 with member_names NULL */
#include <stddef.h>

#if BROKEN_BAD_MEMBERS == 1
static const char *const bad_member_names[] = { "diffKey", "diff key" };
#define BROKEN_MEMBER_NAMES bad_member_names
#define BROKEN_MEMBER_NAME_COUNT 2
#elif BROKEN_BAD_MEMBERS == 2
static const char *const bad_member_names[] = { NULL };
#define BROKEN_MEMBER_NAMES bad_member_names
#define BROKEN_MEMBER_NAME_COUNT 1
#else
#define BROKEN_MEMBER_NAMES NULL
#define BROKEN_MEMBER_NAME_COUNT 2
#endif
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"
