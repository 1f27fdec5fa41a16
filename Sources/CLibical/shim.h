// libical installs its header under libical/; Swift sees the whole C API through this one include.
#include <libical/ical.h>
