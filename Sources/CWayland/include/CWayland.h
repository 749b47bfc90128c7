#pragma once
#include <stdint.h>
#include <stddef.h>

/// A second wl_pointer on SDL's own Wayland connection, on a private event queue: what SDL 2
/// drops (axis_source, axis_stop, axis_value120, the compositor's timestamps) and the hold
/// gestures of zwp_pointer_gestures_v1. Main thread only (SDL's thread).

/// The kinds of `overscroll_wl_event`.
enum {
    OVERSCROLL_WL_ENTER = 1,
    OVERSCROLL_WL_LEAVE,
    OVERSCROLL_WL_AXIS,          /* time, axis, value (surface px) */
    OVERSCROLL_WL_AXIS_SOURCE,   /* number: wl_pointer.axis_source */
    OVERSCROLL_WL_AXIS_STOP,     /* time, axis */
    OVERSCROLL_WL_AXIS_DISCRETE, /* axis, number: steps */
    OVERSCROLL_WL_AXIS_VALUE120, /* axis, number: 120ths of a step */
    OVERSCROLL_WL_FRAME,
    OVERSCROLL_WL_HOLD_BEGIN,    /* time, number: fingers */
    OVERSCROLL_WL_HOLD_END,      /* time, number: cancelled */
};

/// One protocol event as received (times in the compositor's milliseconds).
typedef struct {
    int32_t kind;
    uint32_t time;
    uint32_t axis;
    int32_t number;
    double value;
} overscroll_wl_event;

typedef struct overscroll_wl_pointer overscroll_wl_pointer;

/// Opens the pointer on the Wayland connection of the SDL window `sdl_window`; NULL when it is
/// not a Wayland window, the seat has no pointer, or the seat is older than version 5 (no
/// frames, no axis_stop). `why` (size `why_size`) then says which.
overscroll_wl_pointer *overscroll_wl_pointer_open(void *sdl_window, char *why, size_t why_size);

/// Reads what the connection has now (never blocks), dispatches the private queue and copies
/// up to `max` received events into `out`; returns how many (call again while it returns `max`).
int overscroll_wl_pointer_drain(overscroll_wl_pointer *p, overscroll_wl_event *out, int max);

/// The bound versions: wl_seat's, and zwp_pointer_gestures_v1's (0: none, or under 3: no holds).
uint32_t overscroll_wl_pointer_seat_version(const overscroll_wl_pointer *p);
uint32_t overscroll_wl_pointer_gestures_version(const overscroll_wl_pointer *p);
/// Whether the seat currently gives a pointer.
int overscroll_wl_pointer_has_pointer(const overscroll_wl_pointer *p);
/// Events dropped because nobody drained them (a full buffer).
uint64_t overscroll_wl_pointer_dropped(const overscroll_wl_pointer *p);

/// Destroys every object made on the private queue, then the queue (before SDL closes the display).
void overscroll_wl_pointer_close(overscroll_wl_pointer *p);
