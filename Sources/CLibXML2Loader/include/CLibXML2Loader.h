// libxml2's SAX2 push parser, loaded when the first XML export is read rather than at process start.
//
// libxml2 brings ICU, liblzma and zlib with it; `weft get` and `weft resolve` (run every second from status bars)
// never read XML, so nothing links libxml2: Loader.c opens it on first use. The header names no libxml2 type, so
// Swift sees only this small API: a parser that calls back for each start tag with its attributes.
#ifndef WEFT_CLIBXML2_LOADER_H
#define WEFT_CLIBXML2_LOADER_H

// One start tag: its local name (NUL-terminated) and `count` attributes as five pointers each (local name,
// prefix, URI, value start, value end; the value is not NUL-terminated). Return nonzero to stop the parser.
typedef int (*cxml_start_element)(void *user, const unsigned char *name, int count, const unsigned char **attributes);

typedef struct cxml_parser cxml_parser;

// Loads libxml2 once; NULL when it is available, else why not (for an error message).
const char *cxml_load_error(void);

// A push parser calling `start` with `user` for every start tag; NULL when libxml2 is missing or out of memory.
// Entities are not substituted, nothing is fetched from the network, and errors are not printed.
cxml_parser *cxml_parser_create(void *user, cxml_start_element start);

// Parses the next chunk (`terminate` nonzero for the last one); 0 on success, else libxml2's error code.
int cxml_parser_feed(cxml_parser *parser, const char *bytes, int size, int terminate);

// The line the parser is on (for a start tag: the line its `>` is on).
int cxml_parser_line(cxml_parser *parser);

// The first error's message (NULL when there was none) and the line it was found on.
const char *cxml_parser_error(cxml_parser *parser, int *line);

// Frees the parser; call it exactly once.
void cxml_parser_free(cxml_parser *parser);

#endif
