// The libxml2 headers SerializeXML needs. Only SerializeXML imports this module; no libxml2 type
// appears in any public signature of the package.
#ifndef SERIALIZE_CLIBXML2_SHIM_H
#define SERIALIZE_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
