// libical, loaded when the first calendar is parsed rather than at process start.
//
// libical brings ICU and libstdc++ symbol binding with it: about 2 ms on every process start, which `weft get` and
// `weft resolve` (run every second from status bars) never need. So nothing links libical: Forwarders.c defines
// each libical function weft calls and forwards it to the library this loader opens on first use.
#ifndef WEFT_CLIBICAL_LOADER_H
#define WEFT_CLIBICAL_LOADER_H

// Loads libical once; NULL when it is available, else why not (for an error message).
const char *clibical_load_error(void);

// The address of a libical function; aborts with a message when libical cannot be loaded or lacks it, which
// cannot happen after clibical_load_error() returned NULL (the forwarders only name functions the header has).
void *clibical_symbol(const char *name);

#endif
