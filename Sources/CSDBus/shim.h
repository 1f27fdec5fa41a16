// sd-bus (libsystemd), loaded when the first D-Bus connection needs it rather than at process start.
//
// Only the notifier talks to D-Bus, but it lives in the `weft` program whose `get` and `resolve` run every second
// from status bars: linking libsystemd would load it and the libraries it pulls (libcap, libgcrypt, lz4, lzma, zstd)
// into every one of those starts. So, as with libcurl (Sources/CCurl), the module map links nothing and these
// wrappers dlopen libsystemd.so.0 once and call through the resolved pointers. The headers (libsystemd-dev) are
// only needed at build time.
//
// sd_bus_message_append/read are variadic, which Swift cannot call: the wrappers below are the typed _basic and
// container calls instead.
#ifndef WEFT_CSDBUS_SHIM_H
#define WEFT_CSDBUS_SHIM_H
#include <systemd/sd-bus.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define CSDBUS_FUNCTIONS(X)                                                                                          \
    X(sd_bus_new) X(sd_bus_set_address) X(sd_bus_set_bus_client) X(sd_bus_set_description) X(sd_bus_start)          \
    X(sd_bus_flush_close_unref) X(sd_bus_call) X(sd_bus_get_fd) X(sd_bus_get_events) X(sd_bus_get_timeout)           \
    X(sd_bus_process) X(sd_bus_add_match) X(sd_bus_slot_unref) X(sd_bus_message_new_method_call)                    \
    X(sd_bus_message_unref) X(sd_bus_message_get_interface) X(sd_bus_message_get_member)                            \
    X(sd_bus_message_is_signal) X(sd_bus_message_append_basic) X(sd_bus_message_open_container)                     \
    X(sd_bus_message_close_container) X(sd_bus_message_read_basic) X(sd_bus_message_skip)                           \
    X(sd_bus_message_enter_container) X(sd_bus_message_exit_container) X(sd_bus_message_peek_type)                  \
    X(sd_bus_error_free)

struct csdbus_api {
#define CSDBUS_FIELD(name) __typeof__(name) *name;
    CSDBUS_FUNCTIONS(CSDBUS_FIELD)
#undef CSDBUS_FIELD
    const char *error;  // why libsystemd could not be loaded; NULL when it was
};

// The loaded library, resolved once under a lock (function-local statics, because Swift does not emit a header's
// static globals).
static inline struct csdbus_api *csdbus_api(void) {
    static struct csdbus_api api;
    static int loaded;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return &api;
    pthread_mutex_lock(&lock);
    if (!loaded) {
        void *library = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            api.error = dlerror();
        } else {
#define CSDBUS_RESOLVE(name) \
    if (!api.error && !(*(void **)(&api.name) = dlsym(library, #name))) api.error = "libsystemd.so.0 lacks " #name;
            CSDBUS_FUNCTIONS(CSDBUS_RESOLVE)
#undef CSDBUS_RESOLVE
        }
        __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    return &api;
}

// Loads libsystemd once; NULL when it is available, else why not (for an error message).
static inline const char *csdbus_load_error(void) { return csdbus_api()->error; }

// The calls below are only made after csdbus_load_error() returned NULL.
static inline int csdbus_new(sd_bus **ret) { return csdbus_api()->sd_bus_new(ret); }
static inline int csdbus_set_address(sd_bus *b, const char *a) { return csdbus_api()->sd_bus_set_address(b, a); }
static inline int csdbus_set_bus_client(sd_bus *b, int c) { return csdbus_api()->sd_bus_set_bus_client(b, c); }
static inline int csdbus_set_description(sd_bus *b, const char *d) {
    return csdbus_api()->sd_bus_set_description(b, d);
}
static inline int csdbus_start(sd_bus *b) { return csdbus_api()->sd_bus_start(b); }
static inline void csdbus_flush_close_unref(sd_bus *b) { csdbus_api()->sd_bus_flush_close_unref(b); }
static inline int csdbus_call(sd_bus *b, sd_bus_message *m, uint64_t usec, sd_bus_error *e, sd_bus_message **reply) {
    return csdbus_api()->sd_bus_call(b, m, usec, e, reply);
}
static inline int csdbus_get_fd(sd_bus *b) { return csdbus_api()->sd_bus_get_fd(b); }
static inline int csdbus_get_events(sd_bus *b) { return csdbus_api()->sd_bus_get_events(b); }
static inline int csdbus_get_timeout(sd_bus *b, uint64_t *usec) { return csdbus_api()->sd_bus_get_timeout(b, usec); }
static inline int csdbus_process(sd_bus *b) { return csdbus_api()->sd_bus_process(b, NULL); }
static inline int csdbus_add_match(sd_bus *b, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t cb,
                                   void *userdata) {
    return csdbus_api()->sd_bus_add_match(b, slot, match, cb, userdata);
}
static inline void csdbus_slot_unref(sd_bus_slot *s) { csdbus_api()->sd_bus_slot_unref(s); }
static inline int csdbus_message_new_method_call(sd_bus *b, sd_bus_message **m, const char *destination,
                                                 const char *path, const char *interface, const char *member) {
    return csdbus_api()->sd_bus_message_new_method_call(b, m, destination, path, interface, member);
}
static inline void csdbus_message_unref(sd_bus_message *m) { csdbus_api()->sd_bus_message_unref(m); }
static inline const char *csdbus_message_get_interface(sd_bus_message *m) {
    return csdbus_api()->sd_bus_message_get_interface(m);
}
static inline const char *csdbus_message_get_member(sd_bus_message *m) {
    return csdbus_api()->sd_bus_message_get_member(m);
}
static inline int csdbus_message_is_signal(sd_bus_message *m, const char *interface, const char *member) {
    return csdbus_api()->sd_bus_message_is_signal(m, interface, member);
}
static inline int csdbus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    return csdbus_api()->sd_bus_message_append_basic(m, type, p);
}
static inline int csdbus_message_open_container(sd_bus_message *m, char type, const char *contents) {
    return csdbus_api()->sd_bus_message_open_container(m, type, contents);
}
static inline int csdbus_message_close_container(sd_bus_message *m) {
    return csdbus_api()->sd_bus_message_close_container(m);
}
static inline int csdbus_message_read_basic(sd_bus_message *m, char type, void *p) {
    return csdbus_api()->sd_bus_message_read_basic(m, type, p);
}
static inline int csdbus_message_skip(sd_bus_message *m, const char *types) {
    return csdbus_api()->sd_bus_message_skip(m, types);
}
static inline int csdbus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    return csdbus_api()->sd_bus_message_enter_container(m, type, contents);
}
static inline int csdbus_message_exit_container(sd_bus_message *m) {
    return csdbus_api()->sd_bus_message_exit_container(m);
}
static inline int csdbus_message_peek_type(sd_bus_message *m, char *type, const char **contents) {
    return csdbus_api()->sd_bus_message_peek_type(m, type, contents);
}
static inline void csdbus_error_free(sd_bus_error *e) { csdbus_api()->sd_bus_error_free(e); }
#endif
