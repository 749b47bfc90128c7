#pragma once
#include <libdeflate.h>
#include "paeth.h"
#include "expand.h"
