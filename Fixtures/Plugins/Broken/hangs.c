/* Never returns from generate, as a plugin stuck in a loop or waiting on a lock would: an
 * isolated run must kill its worker at the time limit and go on with the other files. */
#include <unistd.h>

#include "broken_plugin.h"

valuegen_status broken_generate(const valuegen_host *host, const char *request_json, size_t request_length) {
    (void)host;
    (void)request_json;
    (void)request_length;
    for (;;) {
        pause();
    }
}
