// libcurl, loaded when the first transfer needs it rather than at process start.
//
// Linking libcurl pulls some thirty shared libraries (TLS, Kerberos, LDAP, SSH, IDN, HTTP/2, ...) into every
// process start; `weft get` and `weft resolve` run every second from status bars and never use HTTP, and loading
// those libraries cost them about 8 ms each. So the module map links nothing: these wrappers dlopen libcurl.so.4
// once and call through the resolved pointers.
//
// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper per argument type.
#ifndef WEFT_CCURL_SHIM_H
#define WEFT_CCURL_SHIM_H
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>

typedef size_t (*ccurl_data_cb)(char *, size_t, size_t, void *);
typedef int (*ccurl_xferinfo_cb)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
typedef curl_socket_t (*ccurl_opensocket_cb)(void *, curlsocktype, struct curl_sockaddr *);

struct ccurl_api {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    const char *error;  // why libcurl could not be loaded; NULL when it was
};

// The loaded library, resolved once under a lock (function-local statics, because Swift does not emit a header's
// static globals).
static inline struct ccurl_api *ccurl_api(void) {
    static struct ccurl_api api;
    static int loaded;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return &api;
    pthread_mutex_lock(&lock);
    if (!loaded) {
        void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            api.error = dlerror();
        } else {
#define CCURL_RESOLVE(field, name)                                                      \
    if (!api.error && !(*(void **)(&api.field) = dlsym(library, name))) api.error = "libcurl.so.4 lacks " name;
            CCURL_RESOLVE(global_init, "curl_global_init")
            CCURL_RESOLVE(easy_init, "curl_easy_init")
            CCURL_RESOLVE(easy_setopt, "curl_easy_setopt")
            CCURL_RESOLVE(easy_getinfo, "curl_easy_getinfo")
            CCURL_RESOLVE(easy_perform, "curl_easy_perform")
            CCURL_RESOLVE(easy_cleanup, "curl_easy_cleanup")
            CCURL_RESOLVE(easy_strerror, "curl_easy_strerror")
            CCURL_RESOLVE(slist_append, "curl_slist_append")
            CCURL_RESOLVE(slist_free_all, "curl_slist_free_all")
#undef CCURL_RESOLVE
        }
        __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    return &api;
}

// Loads libcurl once; NULL when it is available, else why not (for an error message).
static inline const char *ccurl_load_error(void) { return ccurl_api()->error; }

// The calls below are only made after ccurl_load_error() returned NULL.
static inline CURLcode ccurl_global_init(long flags) { return ccurl_api()->global_init(flags); }
static inline CURL *ccurl_easy_init(void) { return ccurl_api()->easy_init(); }
static inline CURLcode ccurl_easy_perform(CURL *h) { return ccurl_api()->easy_perform(h); }
static inline void ccurl_easy_cleanup(CURL *h) { ccurl_api()->easy_cleanup(h); }
static inline const char *ccurl_easy_strerror(CURLcode c) { return ccurl_api()->easy_strerror(c); }
static inline struct curl_slist *ccurl_slist_append(struct curl_slist *l, const char *s) {
    return ccurl_api()->slist_append(l, s);
}
static inline void ccurl_slist_free_all(struct curl_slist *l) { ccurl_api()->slist_free_all(l); }

static inline CURLcode ccurl_setopt_long(CURL *h, CURLoption o, long v) { return ccurl_api()->easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return ccurl_api()->easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_ptr(CURL *h, CURLoption o, const void *v) { return ccurl_api()->easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_string(CURL *h, CURLoption o, const char *v) {
    return ccurl_api()->easy_setopt(h, o, v);
}
static inline CURLcode ccurl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return ccurl_api()->easy_setopt(h, o, v);
}
static inline CURLcode ccurl_setopt_datacb(CURL *h, CURLoption o, ccurl_data_cb cb) {
    return ccurl_api()->easy_setopt(h, o, cb);
}
static inline CURLcode ccurl_setopt_xferinfo(CURL *h, ccurl_xferinfo_cb cb) {
    return ccurl_api()->easy_setopt(h, CURLOPT_XFERINFOFUNCTION, cb);
}
static inline CURLcode ccurl_setopt_opensocket(CURL *h, ccurl_opensocket_cb cb) {
    return ccurl_api()->easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, cb);
}

// The address libcurl is about to connect to, as 4 (IPv4) or 16 (IPv6) bytes in network order into `out`; returns
// how many, or 0 for another family.
static inline int ccurl_sockaddr_bytes(const struct curl_sockaddr *a, unsigned char out[16]) {
    if (a->family == AF_INET && a->addrlen >= sizeof(struct sockaddr_in)) {
        memcpy(out, &((const struct sockaddr_in *)(const void *)&a->addr)->sin_addr, 4);
        return 4;
    }
    if (a->family == AF_INET6 && a->addrlen >= sizeof(struct sockaddr_in6)) {
        memcpy(out, &((const struct sockaddr_in6 *)(const void *)&a->addr)->sin6_addr, 16);
        return 16;
    }
    return 0;
}

// What libcurl's own opener does, plus close-on-exec so no child weft starts inherits the connection.
static inline curl_socket_t ccurl_open_socket(const struct curl_sockaddr *a) {
    return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

static inline CURLcode ccurl_getinfo_long(CURL *h, CURLINFO i, long *o) { return ccurl_api()->easy_getinfo(h, i, o); }
static inline CURLcode ccurl_getinfo_string(CURL *h, CURLINFO i, char **o) {
    return ccurl_api()->easy_getinfo(h, i, o);
}
static inline CURLcode ccurl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *o) {
    return ccurl_api()->easy_getinfo(h, i, o);
}
#endif
