#pragma once
#include <rlottie_capi.h>
