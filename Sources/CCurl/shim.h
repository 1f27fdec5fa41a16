// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed wrapper
// per argument type instead.
#ifndef WEFT_CCURL_SHIM_H
#define WEFT_CCURL_SHIM_H
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

typedef size_t (*ccurl_data_cb)(char *, size_t, size_t, void *);
typedef int (*ccurl_xferinfo_cb)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode ccurl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_ptr(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_datacb(CURL *h, CURLoption o, ccurl_data_cb cb) { return curl_easy_setopt(h, o, cb); }
static inline CURLcode ccurl_setopt_xferinfo(CURL *h, ccurl_xferinfo_cb cb) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, cb);
}
static inline CURLcode ccurl_getinfo_long(CURL *h, CURLINFO i, long *o) { return curl_easy_getinfo(h, i, o); }
static inline CURLcode ccurl_getinfo_string(CURL *h, CURLINFO i, char **o) { return curl_easy_getinfo(h, i, o); }
static inline CURLcode ccurl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *o) { return curl_easy_getinfo(h, i, o); }
#endif
