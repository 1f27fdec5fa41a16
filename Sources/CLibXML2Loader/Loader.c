#include "CLibXML2Loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// The soname of the major version whose header the handler struct was compiled against.
#define CXML_SONAME "libxml2.so.2"

static struct {
    xmlParserCtxtPtr (*create)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*use_options)(xmlParserCtxtPtr, int);
    int (*parse_chunk)(xmlParserCtxtPtr, const char *, int, int);
    void (*free_context)(xmlParserCtxtPtr);
    xmlErrorPtr (*last_error)(void *);
    void (*stop)(xmlParserCtxtPtr);
    void (*init)(void);
} api;
static const char *failure;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen(CXML_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        failure = dlerror();
        return;
    }
#define CXML_RESOLVE(field, name) \
    if (!failure && !(*(void **)(&api.field) = dlsym(library, name))) failure = CXML_SONAME " lacks " name;
    CXML_RESOLVE(create, "xmlCreatePushParserCtxt")
    CXML_RESOLVE(use_options, "xmlCtxtUseOptions")
    CXML_RESOLVE(parse_chunk, "xmlParseChunk")
    CXML_RESOLVE(free_context, "xmlFreeParserCtxt")
    CXML_RESOLVE(last_error, "xmlCtxtGetLastError")
    CXML_RESOLVE(stop, "xmlStopParser")
    CXML_RESOLVE(init, "xmlInitParser")
#undef CXML_RESOLVE
    if (!failure) api.init();
}

const char *cxml_load_error(void) {
    pthread_once(&once, load);
    return failure;
}

struct cxml_parser {
    xmlParserCtxtPtr context;
    cxml_start_element start;
    void *user;
};

static void on_start(void *user, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri, int namespaces,
                     const xmlChar **namespaceList, int count, int defaulted, const xmlChar **attributes) {
    (void)prefix;
    (void)uri;
    (void)namespaces;
    (void)namespaceList;
    (void)defaulted;
    struct cxml_parser *parser = user;
    if (parser->start(parser->user, name, count, attributes) != 0) api.stop(parser->context);
}

// Errors are read back with cxml_parser_error; without a handler libxml2 would print them on stderr.
static void on_error(void *user, xmlErrorPtr error) {
    (void)user;
    (void)error;
}

cxml_parser *cxml_parser_create(void *user, cxml_start_element start) {
    if (cxml_load_error()) return NULL;
    struct cxml_parser *parser = calloc(1, sizeof *parser);
    if (!parser) return NULL;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.serror = on_error;
    parser->start = start;
    parser->user = user;
    // The handler is copied into the context, so a stack copy is enough.
    parser->context = api.create(&handler, parser, NULL, 0, NULL);
    if (!parser->context) {
        free(parser);
        return NULL;
    }
    api.use_options(parser->context, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    return parser;
}

int cxml_parser_feed(cxml_parser *parser, const char *bytes, int size, int terminate) {
    return api.parse_chunk(parser->context, bytes, size, terminate);
}

int cxml_parser_line(cxml_parser *parser) {
    xmlParserInputPtr input = parser->context->input;
    return input ? input->line : 0;
}

const char *cxml_parser_error(cxml_parser *parser, int *line) {
    xmlErrorPtr error = api.last_error(parser->context);
    if (!error || error->code == XML_ERR_OK) return NULL;
    if (line) *line = error->line;
    return error->message;
}

void cxml_parser_free(cxml_parser *parser) {
    api.free_context(parser->context);
    free(parser);
}
