#include "CLibicalLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <libical/ical.h>

// The soname of the major version whose header the forwarders were compiled against.
_Static_assert(ICAL_MAJOR_VERSION == 3, "libical's major version changed: update the soname below");
#define CLIBICAL_SONAME "libical.so.3"

static void *library;
static const char *failure;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_LOCAL: libical's symbols stay out of the global scope, where they would meet the forwarders' names.
    library = dlopen(CLIBICAL_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) failure = dlerror();
}

const char *clibical_load_error(void) {
    pthread_once(&once, load);
    return failure;
}

void *clibical_symbol(const char *name) {
    const char *error = clibical_load_error();
    void *symbol = error ? NULL : dlsym(library, name);
    if (!symbol) {
        fprintf(stderr, "weft: cannot use libical: %s\n", error ? error : dlerror());
        abort();
    }
    return symbol;
}
