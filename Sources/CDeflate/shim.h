#pragma once
#include <libdeflate.h>
#include "paeth.h"
