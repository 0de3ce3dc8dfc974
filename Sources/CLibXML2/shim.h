// The libxml2 headers SerializeXML needs. Only SerializeXML imports this module; no libxml2 type
// appears in any public signature of the package.
#ifndef SERIALIZE_CLIBXML2_SHIM_H
#define SERIALIZE_CLIBXML2_SHIM_H

// Debian's libxml2 is built with ICU, so <libxml/encoding.h> includes the system's
// <unicode/ucnv.h>, whose `UErrorCode` clashes with the ICU Foundation bundles (_FoundationICU)
// in any compilation that sees both modules ("'U_MF_SYNTAX_ERROR' from module '_FoundationICU'
// is not present in definition of 'enum UErrorCode' in module 'CLibXML2'", seen once building
// the benchmarks). Nothing here uses ICU: encoding.h only names these two types inside a struct
// reached through pointers, so declare them and skip the header.
#ifndef UCNV_H
#define UCNV_H
typedef struct UConverter UConverter;
typedef unsigned short UChar;
#endif

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
