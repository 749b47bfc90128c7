#pragma once
#include <cairo/cairo.h>
