// Everything lives in include/CCRC32.h (static inline); SwiftPM wants one source file per C target.
#include "CCRC32.h"
