#pragma once
#include <libdeflate.h>
#include "paeth.h"
#include "expand.h"
#include "argb_up.h"
#include "sha256_ni.h"
#include "row_deflate.h"
#include "pixel_scan.h"
