// CFuzzerDriver only declares LLVMFuzzerRunDriver (see include/CFuzzerDriver.h); SwiftPM needs
// one source file for a C target.
#include "CFuzzerDriver.h"
