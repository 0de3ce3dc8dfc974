/* The lint floor outside Swift: libxml2's SAX2 parser with no callbacks and the options the
 * inspector uses (XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_BIG_LINES), on a file read into
 * memory, as LibXML2.parseOnly does in the benchmark. Built and run by lint-floor-compare.sh:
 *
 *     gcc -O2 $(xml2-config --cflags) Benchmarks/Scripts/sax2-floor.c $(xml2-config --libs) -o /tmp/sax2-floor
 *     /tmp/sax2-floor /tmp/big.plist              # no callbacks: the floor
 *     /tmp/sax2-floor --callbacks /tmp/big.plist  # empty element and text callbacks, as C
 *
 * The second form shows what libxml2 itself does more once element and text callbacks are set
 * (it hands over every run of text, white space included), before any Swift runs.
 */
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void quiet(void *user, xmlErrorPtr error) { (void)user; (void)error; }
static unsigned long events;
static void start(void *user, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri, int nsCount,
                  const xmlChar **ns, int count, int defaulted, const xmlChar **attributes) {
    (void)user; (void)name; (void)prefix; (void)uri; (void)nsCount; (void)ns; (void)count; (void)defaulted; (void)attributes;
    events++;
}
static void end(void *user, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    (void)user; (void)name; (void)prefix; (void)uri;
    events++;
}
static void text(void *user, const xmlChar *bytes, int length) { (void)user; (void)bytes; (void)length; events++; }

int main(int argc, char **argv) {
    int callbacks = argc == 3 && strcmp(argv[1], "--callbacks") == 0;
    if (argc != 2 + callbacks) { fprintf(stderr, "usage: %s [--callbacks] FILE\n", argv[0]); return 2; }
    const char *path = argv[1 + callbacks];
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); return 2; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size);
    if (!bytes || fread(bytes, 1, (size_t)size, file) != (size_t)size) { perror("read"); return 2; }
    fclose(file);
    xmlInitParser();
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(bytes, (int)size);
    if (!ctxt) return 2;
    xmlCtxtUseOptions(ctxt, XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_BIG_LINES);
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.serror = quiet;
    if (callbacks) {
        sax.startElementNs = start;
        sax.endElementNs = end;
        sax.characters = text;
        sax.ignorableWhitespace = text;
        sax.cdataBlock = text;
    }
    *ctxt->sax = sax;
    ctxt->userData = NULL;
    xmlParseDocument(ctxt);
    int wellFormed = ctxt->wellFormed;
    xmlFreeParserCtxt(ctxt);
    free(bytes);
    if (callbacks) fprintf(stderr, "%lu events\n", events);
    return wellFormed ? 0 : 1;
}
