// Everything lives in include/CDeflate.h (static inline); SwiftPM wants one source file per C target.
#include "CDeflate.h"
