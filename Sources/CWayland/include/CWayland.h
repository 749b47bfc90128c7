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

/// A rectangle of buffer pixels.
typedef struct { int32_t x, y, width, height; } overscroll_wl_rect;

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

/// Presentation through wl_shm on SDL's wl_surface: a kept frame (XRGB8888, what cairo draws
/// into) and two shared-memory buffers the compositor reads; each commit copies into a released
/// buffer only what it is missing, damages only that, and asks for a frame callback; the next
/// commit waits for it (and for a released buffer). wp_presentation feedback, when offered,
/// gives each frame's presentation time.
/// Whether presenting is possible (wl_shm bound, a surface).
int overscroll_wl_present_available(const overscroll_wl_pointer *p);
/// (Re)makes the buffers for a `width`×`height` pixel frame at buffer scale `scale`; returns the
/// kept frame (NULL on failure) and its row length in bytes.
uint8_t *overscroll_wl_present_resize(overscroll_wl_pointer *p, int width, int height, int scale, int *stride);
/// `rects` of the kept frame changed: committed now when the compositor is ready, otherwise at
/// a later `overscroll_wl_present_pending`.
void overscroll_wl_present(overscroll_wl_pointer *p, const overscroll_wl_rect *rects, int n);
/// Reads the connection, commits a waiting frame if the compositor is ready; returns 1 while a
/// frame still waits.
int overscroll_wl_present_pending(overscroll_wl_pointer *p);
/// 1 with the seconds since the last presented frame was shown (on the presentation clock) and
/// the output's refresh period (s, 0 unknown); 0 before any feedback.
int overscroll_wl_presented_age(const overscroll_wl_pointer *p, double *age, double *refresh);
/// Commits made, feedbacks presented and discarded.
uint64_t overscroll_wl_present_commits(const overscroll_wl_pointer *p);
/// 1 with the seconds since the last commit; 0 before any.
int overscroll_wl_commit_age(const overscroll_wl_pointer *p, double *age);
uint64_t overscroll_wl_present_feedbacks(const overscroll_wl_pointer *p);
int overscroll_wl_present_has_feedback(const overscroll_wl_pointer *p);

/// Fractional scale (wp_fractional_scale_v1 with wp_viewporter, where the compositor offers both;
/// OVERSCROLL_FRACTIONAL_SCALE=0 ignores it): the compositor's preferred scale × 120, 0 when it
/// said none.
uint32_t overscroll_wl_preferred_scale120(const overscroll_wl_pointer *p);
/// 1 when SDL (2.28 and later) made the surface's fractional scale and viewport itself, the
/// compositor offering them: the window's pixel size is then the preferred one, shown through
/// SDL's viewport at buffer scale 1.
int overscroll_wl_sdl_viewport(const overscroll_wl_pointer *p);
/// 1 once after the preferred scale changed.
int overscroll_wl_take_scale_change(overscroll_wl_pointer *p);
/// After `overscroll_wl_present_resize` (scale 1): shows the buffers at `width`×`height`
/// surface-local units through the viewport, buffer scale 1. 0 without a viewporter.
int overscroll_wl_present_viewport(overscroll_wl_pointer *p, int width, int height);

/// The window loop's wait on SDL's Wayland connection (what `overscroll_wl_wait` returns, or'd).
enum {
    OVERSCROLL_WL_WOKE_QUEUE = 1,    /* the private queue got something: a frame callback, pointer events */
    OVERSCROLL_WL_WOKE_DISPLAY = 2,  /* the socket had events (SDL's among them: pump SDL) */
    OVERSCROLL_WL_WOKE_PIPE = 4,     /* `wake_fd` is readable */
    OVERSCROLL_WL_WOKE_ERROR = 8,    /* the connection failed */
};
/// The connection's socket.
int overscroll_wl_display_fd(const overscroll_wl_pointer *p);
/// Dispatches the private queue; when it got nothing new, reads the socket (prepare_read_queue,
/// poll with `wake_fd` for up to `timeout_ms`, -1 without limit, read_events) and dispatches the
/// queue again. Returns what woke it (0: the time ran out). SDL's events read here stay in SDL's
/// queue for its next pump.
int overscroll_wl_wait(overscroll_wl_pointer *p, int wake_fd, int timeout_ms);
/// Whether a committed frame's `wl_surface.frame` callback is still unanswered.
int overscroll_wl_frame_outstanding(const overscroll_wl_pointer *p);
/// Whether a presented frame waits for the callback to be committed.
int overscroll_wl_needs_commit(const overscroll_wl_pointer *p);
/// Frame callbacks received so far.
uint64_t overscroll_wl_frames_done(const overscroll_wl_pointer *p);
/// 1 with the seconds since the last frame callback's timestamp (the compositor's milliseconds,
/// read against CLOCK_MONOTONIC, which wlroots and mutter use); 0 before any callback.
int overscroll_wl_frame_time_age(const overscroll_wl_pointer *p, double *age);

/// Destroys every object made on the private queue, then the queue (before SDL closes the display).
void overscroll_wl_pointer_close(overscroll_wl_pointer *p);
