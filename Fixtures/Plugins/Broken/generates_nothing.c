/* A plugin whose generate does nothing: the descriptor is what the test breaks, with -D. */
#define BROKEN_GENERATES_NOTHING
#include "broken_plugin.h"
