// SwiftPM needs a source file in a C target; the module only declares libFuzzer's driver.
#include "CLibFuzzer.h"
