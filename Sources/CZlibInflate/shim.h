// zlib's raw inflate and CRC-32, for reading a zip member straight from the file (WeftSteps' ZipMember).
//
// inflateInit2 is a macro, which Swift cannot call: one inline wrapper. ZIPFoundation links the same libz.
#ifndef WEFT_CZLIBINFLATE_SHIM_H
#define WEFT_CZLIBINFLATE_SHIM_H
#include <zlib.h>

// Starts a raw deflate stream (no zlib or gzip header: a zip member's data).
static inline int czlib_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }
#endif
