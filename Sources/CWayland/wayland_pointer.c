#define _GNU_SOURCE
#include "CWayland.h"
#include <errno.h>
#include <poll.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>

// ---- zwp_pointer_gestures_v1 (pointer-gestures-unstable-v1.xml, version 3), the parts used:
// the manager's get_hold_gesture request (opcode 3, since 3) and the hold object's begin/end
// events and destroy request. Written from the protocol's message list; the swipe and pinch
// requests are declared (the opcodes count) but never sent.

static const struct wl_interface overscroll_hold_interface;

static const struct wl_interface *overscroll_gestures_types[] = {
    NULL, NULL,                                  // get_swipe_gesture: new_id, wl_pointer
    NULL, NULL,                                  // get_pinch_gesture
    &overscroll_hold_interface, &wl_pointer_interface, // get_hold_gesture
};
static const struct wl_message overscroll_gestures_requests[] = {
    { "get_swipe_gesture", "no", overscroll_gestures_types + 0 },
    { "get_pinch_gesture", "no", overscroll_gestures_types + 2 },
    { "release", "2", overscroll_gestures_types + 0 },
    { "get_hold_gesture", "3no", overscroll_gestures_types + 4 },
};
static const struct wl_interface overscroll_gestures_interface = {
    "zwp_pointer_gestures_v1", 3, 4, overscroll_gestures_requests, 0, NULL,
};

static const struct wl_interface *overscroll_hold_types[] = { NULL, NULL, &wl_surface_interface, NULL };
static const struct wl_message overscroll_hold_requests[] = {
    { "destroy", "3", overscroll_hold_types + 0 },
};
static const struct wl_message overscroll_hold_events[] = {
    { "begin", "3uuou", overscroll_hold_types + 0 },
    { "end", "3uui", overscroll_hold_types + 0 },
};
static const struct wl_interface overscroll_hold_interface = {
    "zwp_pointer_gesture_hold_v1", 3, 1, overscroll_hold_requests, 2, overscroll_hold_events,
};

struct overscroll_hold_listener {
    void (*begin)(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, struct wl_surface *surface, uint32_t fingers);
    void (*end)(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, int32_t cancelled);
};

// ---- wp_presentation (stable/presentation-time.xml, version 1): the feedback request and the
// feedback object's presented/discarded events, written from the protocol's message list.

static const struct wl_interface overscroll_feedback_interface;
static const struct wl_interface *overscroll_presentation_types[] = {
    &wl_surface_interface, &overscroll_feedback_interface,   // feedback(surface, callback)
    &wl_output_interface,                                    // sync_output(output)
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,                // presented: 7 uints
};
static const struct wl_message overscroll_presentation_requests[] = {
    { "destroy", "", overscroll_presentation_types + 3 },
    { "feedback", "on", overscroll_presentation_types + 0 },
};
static const struct wl_message overscroll_presentation_events[] = {
    { "clock_id", "u", overscroll_presentation_types + 3 },
};
static const struct wl_interface overscroll_presentation_interface = {
    "wp_presentation", 1, 2, overscroll_presentation_requests, 1, overscroll_presentation_events,
};
static const struct wl_message overscroll_feedback_events[] = {
    { "sync_output", "o", overscroll_presentation_types + 2 },
    { "presented", "uuuuuuu", overscroll_presentation_types + 3 },
    { "discarded", "", overscroll_presentation_types + 3 },
};
static const struct wl_interface overscroll_feedback_interface = {
    "wp_presentation_feedback", 1, 0, NULL, 3, overscroll_feedback_events,
};

// ---- wp_viewporter (stable/viewporter.xml, version 1) and wp_fractional_scale_manager_v1
// (staging/fractional-scale/fractional-scale-v1.xml, version 1), written from their message
// lists: get_viewport and set_destination; get_fractional_scale and its preferred_scale event.

static const struct wl_interface overscroll_viewport_interface;
static const struct wl_interface overscroll_fractional_interface;
static const struct wl_interface *overscroll_viewporter_types[] = {
    NULL, NULL, NULL, NULL,
    &overscroll_viewport_interface, &wl_surface_interface,      // get_viewport(new_id, surface)
    &overscroll_fractional_interface, &wl_surface_interface,    // get_fractional_scale(new_id, surface)
};
static const struct wl_message overscroll_viewporter_requests[] = {
    { "destroy", "", overscroll_viewporter_types + 0 },
    { "get_viewport", "no", overscroll_viewporter_types + 4 },
};
static const struct wl_interface overscroll_viewporter_interface = {
    "wp_viewporter", 1, 2, overscroll_viewporter_requests, 0, NULL,
};
static const struct wl_message overscroll_viewport_requests[] = {
    { "destroy", "", overscroll_viewporter_types + 0 },
    { "set_source", "ffff", overscroll_viewporter_types + 0 },
    { "set_destination", "ii", overscroll_viewporter_types + 0 },
};
static const struct wl_interface overscroll_viewport_interface = {
    "wp_viewport", 1, 3, overscroll_viewport_requests, 0, NULL,
};
static const struct wl_message overscroll_fractional_manager_requests[] = {
    { "destroy", "", overscroll_viewporter_types + 0 },
    { "get_fractional_scale", "no", overscroll_viewporter_types + 6 },
};
static const struct wl_interface overscroll_fractional_manager_interface = {
    "wp_fractional_scale_manager_v1", 1, 2, overscroll_fractional_manager_requests, 0, NULL,
};
static const struct wl_message overscroll_fractional_requests[] = {
    { "destroy", "", overscroll_viewporter_types + 0 },
};
static const struct wl_message overscroll_fractional_events[] = {
    { "preferred_scale", "u", overscroll_viewporter_types + 0 },
};
static const struct wl_interface overscroll_fractional_interface = {
    "wp_fractional_scale_v1", 1, 1, overscroll_fractional_requests, 1, overscroll_fractional_events,
};

// ---- SDL's window-manager info, with SDL 2's stable layout (as CXInput2 declares it for X11):
// version, subsystem, then the union whose Wayland member starts {wl_display *, wl_surface *}.
struct overscroll_sdl_wminfo_wl {
    struct { unsigned char major, minor, patch; } version;
    int subsystem;
    union {
        struct { struct wl_display *display; struct wl_surface *surface; } wl;
        unsigned char dummy[64];
    } info;
};
extern int SDL_GetWindowWMInfo(void *window, struct overscroll_sdl_wminfo_wl *info);
struct overscroll_sdl_version { unsigned char major, minor, patch; };
extern void SDL_GetVersion(struct overscroll_sdl_version *version);

/// SDL 2.28 and later (and sdl2-compat) make the window surface's wp_fractional_scale_v1 and
/// wp_viewport themselves (for SDL_WINDOW_ALLOW_HIGHDPI): a second of either on the surface is a
/// protocol error. With them the window's pixel size is already the fractional one and SDL's
/// viewport shows it at the window's size.
static int sdl_scales_fractionally(void) {
    struct overscroll_sdl_version v = { 0, 0, 0 };
    SDL_GetVersion(&v);
    return v.major > 2 || (v.major == 2 && v.minor >= 28);
}
enum { OVERSCROLL_SDL_SYSWM_WAYLAND = 6 };

// ---- the connection

#define OVERSCROLL_WL_CAPACITY 4096

struct overscroll_wl_pointer {
    struct wl_display *display;
    struct wl_event_queue *queue;
    struct wl_registry *registry;
    struct wl_seat *seat;
    uint32_t seat_version;
    struct wl_proxy *gestures;
    uint32_t gestures_version;
    struct wl_pointer *pointer;
    struct wl_proxy *hold;
    // Presentation through wl_shm (see overscroll_wl_present).
    struct wl_surface *surface;
    struct wl_surface *surface_wrapper;
    struct wl_shm *shm;
    struct wl_proxy *presentation;
    uint32_t presentation_clock;
    struct wl_proxy *viewporter, *viewport, *fractional_manager, *fractional;
    uint32_t scale120;        // the compositor's preferred scale × 120 (0: none said)
    int scale_changed;
    int viewport_active;      // buffers are scaled to the surface by the viewport (buffer scale 1)
    int sdl_fractional;       // SDL scales fractionally itself: its viewport shows the buffers
    struct { struct wl_buffer *buffer; uint8_t *data; int busy; int full; int nmissing; overscroll_wl_rect missing[32]; } buffers[2];
    uint8_t *pool_data;
    size_t pool_size;
    int width, height, stride, scale;
    uint8_t *kept;
    struct wl_callback *frame_callback;
    uint32_t frame_time;      // the last frame callback's timestamp (ms)
    uint64_t frames_done;     // frame callbacks received
    int woken;                // the private queue dispatched something since the last wait
    int needs_commit;
    uint64_t commits, feedbacks, discarded;
    int feedbacks_out;   // requested, not yet answered
    struct wl_proxy *feedback[8];
    struct timespec last_presented;
    struct timespec last_commit;   // CLOCK_MONOTONIC
    uint32_t last_refresh_ns;
    int has_presented;
    overscroll_wl_event events[OVERSCROLL_WL_CAPACITY];
    int count;
    uint64_t dropped;
};

static void push(struct overscroll_wl_pointer *p, int32_t kind, uint32_t time, uint32_t axis, int32_t number, double value) {
    if (p->count >= OVERSCROLL_WL_CAPACITY) { p->dropped++; return; }
    p->woken = 1;
    overscroll_wl_event *e = &p->events[p->count++];
    e->kind = kind; e->time = time; e->axis = axis; e->number = number; e->value = value;
}

static void hold_begin(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, struct wl_surface *surface, uint32_t fingers) {
    (void)hold; (void)serial; (void)surface;
    push(data, OVERSCROLL_WL_HOLD_BEGIN, time, 0, (int32_t)fingers, 0);
}
static void hold_end(void *data, struct wl_proxy *hold, uint32_t serial, uint32_t time, int32_t cancelled) {
    (void)hold; (void)serial;
    push(data, OVERSCROLL_WL_HOLD_END, time, 0, cancelled, 0);
}
static const struct overscroll_hold_listener hold_listener = { hold_begin, hold_end };

static void pointer_enter(void *data, struct wl_pointer *ptr, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y) {
    (void)ptr; (void)serial; (void)s; (void)x; (void)y;
    push(data, OVERSCROLL_WL_ENTER, 0, 0, 0, 0);
}
static void pointer_leave(void *data, struct wl_pointer *ptr, uint32_t serial, struct wl_surface *s) {
    (void)ptr; (void)serial; (void)s;
    push(data, OVERSCROLL_WL_LEAVE, 0, 0, 0, 0);
}
static void pointer_motion(void *data, struct wl_pointer *ptr, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    (void)data; (void)ptr; (void)time; (void)x; (void)y;
}
static void pointer_button(void *data, struct wl_pointer *ptr, uint32_t serial, uint32_t time, uint32_t button, uint32_t state) {
    (void)data; (void)ptr; (void)serial; (void)time; (void)button; (void)state;
}
static void pointer_axis(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis, wl_fixed_t value) {
    (void)ptr;
    push(data, OVERSCROLL_WL_AXIS, time, axis, 0, wl_fixed_to_double(value));
}
static void pointer_frame(void *data, struct wl_pointer *ptr) {
    (void)ptr;
    push(data, OVERSCROLL_WL_FRAME, 0, 0, 0, 0);
}
static void pointer_axis_source(void *data, struct wl_pointer *ptr, uint32_t source) {
    (void)ptr;
    push(data, OVERSCROLL_WL_AXIS_SOURCE, 0, 0, (int32_t)source, 0);
}
static void pointer_axis_stop(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis) {
    (void)ptr;
    push(data, OVERSCROLL_WL_AXIS_STOP, time, axis, 0, 0);
}
static void pointer_axis_discrete(void *data, struct wl_pointer *ptr, uint32_t axis, int32_t discrete) {
    (void)ptr;
    push(data, OVERSCROLL_WL_AXIS_DISCRETE, 0, axis, discrete, 0);
}
static void pointer_axis_value120(void *data, struct wl_pointer *ptr, uint32_t axis, int32_t value120) {
    (void)ptr;
    push(data, OVERSCROLL_WL_AXIS_VALUE120, 0, axis, value120, 0);
}
static const struct wl_pointer_listener pointer_listener = {
    .enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion, .button = pointer_button,
    .axis = pointer_axis, .frame = pointer_frame, .axis_source = pointer_axis_source,
    .axis_stop = pointer_axis_stop, .axis_discrete = pointer_axis_discrete, .axis_value120 = pointer_axis_value120,
};

static void drop_pointer(struct overscroll_wl_pointer *p) {
    if (p->hold) {
        wl_proxy_marshal((struct wl_proxy *)p->hold, 0);   // zwp_pointer_gesture_hold_v1.destroy
        wl_proxy_destroy(p->hold);
        p->hold = NULL;
    }
    if (p->pointer) {
        if (p->seat_version >= 3) wl_pointer_release(p->pointer); else wl_pointer_destroy(p->pointer);
        p->pointer = NULL;
    }
}

static void make_hold(struct overscroll_wl_pointer *p) {
    if (!p->pointer || !p->gestures || p->hold) return;
    p->hold = wl_proxy_marshal_constructor_versioned(p->gestures, 3, &overscroll_hold_interface, 3, NULL, p->pointer);
    if (p->hold) wl_proxy_add_listener(p->hold, (void (**)(void))&hold_listener, p);
}

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps) {
    struct overscroll_wl_pointer *p = data;
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !p->pointer && p->seat_version >= 5) {
        p->pointer = wl_seat_get_pointer(seat);
        wl_pointer_add_listener(p->pointer, &pointer_listener, p);
        make_hold(p);
    } else if (!(caps & WL_SEAT_CAPABILITY_POINTER) && p->pointer) {
        drop_pointer(p);
    }
}
static void seat_name(void *data, struct wl_seat *seat, const char *name) { (void)data; (void)seat; (void)name; }
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void presentation_clock_id(void *data, struct wl_proxy *presentation, uint32_t clock) {
    (void)presentation;
    ((struct overscroll_wl_pointer *)data)->presentation_clock = clock;
}
static const struct { void (*clock_id)(void *, struct wl_proxy *, uint32_t); } presentation_listener = { presentation_clock_id };

static void fractional_preferred_scale(void *data, struct wl_proxy *fractional, uint32_t scale) {
    struct overscroll_wl_pointer *p = data;
    (void)fractional;
    if (scale != p->scale120) { p->scale120 = scale; p->scale_changed = 1; p->woken = 1; }
}
static const struct { void (*preferred_scale)(void *, struct wl_proxy *, uint32_t); } fractional_listener = { fractional_preferred_scale };

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct overscroll_wl_pointer *p = data;
    if (strcmp(interface, "wl_seat") == 0 && !p->seat) {
        p->seat_version = min_u32(min_u32(version, (uint32_t)wl_seat_interface.version), 8);
        p->seat = wl_registry_bind(registry, name, &wl_seat_interface, p->seat_version);
        wl_seat_add_listener(p->seat, &seat_listener, p);
    } else if (strcmp(interface, "wl_shm") == 0 && !p->shm) {
        p->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, "wp_presentation") == 0 && !p->presentation) {
        p->presentation = wl_registry_bind(registry, name, &overscroll_presentation_interface, 1);
        wl_proxy_add_listener(p->presentation, (void (**)(void))&presentation_listener, p);
    } else if (strcmp(interface, "wp_viewporter") == 0 && !p->viewporter) {
        p->viewporter = wl_registry_bind(registry, name, &overscroll_viewporter_interface, 1);
    } else if (strcmp(interface, "wp_fractional_scale_manager_v1") == 0 && !p->fractional_manager) {
        p->sdl_fractional = sdl_scales_fractionally();
        const char *off = getenv("OVERSCROLL_FRACTIONAL_SCALE");
        if ((!off || strcmp(off, "0") != 0) && !sdl_scales_fractionally())
            p->fractional_manager = wl_registry_bind(registry, name, &overscroll_fractional_manager_interface, 1);
    } else if (strcmp(interface, "zwp_pointer_gestures_v1") == 0 && !p->gestures && version >= 3) {
        p->gestures_version = 3;
        p->gestures = wl_registry_bind(registry, name, &overscroll_gestures_interface, 3);
        make_hold(p);
    }
}
static void registry_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

overscroll_wl_pointer *overscroll_wl_pointer_open(void *sdl_window, char *why, size_t why_size) {
    struct overscroll_sdl_wminfo_wl info;
    memset(&info, 0, sizeof info);
    info.version.major = 2; info.version.minor = 0; info.version.patch = 22;
    if (!SDL_GetWindowWMInfo(sdl_window, &info) || info.subsystem != OVERSCROLL_SDL_SYSWM_WAYLAND || !info.info.wl.display) {
        snprintf(why, why_size, "not a Wayland window");
        return NULL;
    }
    struct overscroll_wl_pointer *p = calloc(1, sizeof *p);
    if (!p) { snprintf(why, why_size, "out of memory"); return NULL; }
    p->display = info.info.wl.display;
    p->surface = info.info.wl.surface;
    p->presentation_clock = CLOCK_MONOTONIC;
    p->queue = wl_display_create_queue(p->display);
    struct wl_display *wrapper = wl_proxy_create_wrapper(p->display);
    if (!p->queue || !wrapper) {
        if (wrapper) wl_proxy_wrapper_destroy(wrapper);
        snprintf(why, why_size, "cannot make an event queue");
        overscroll_wl_pointer_close(p);
        return NULL;
    }
    wl_proxy_set_queue((struct wl_proxy *)wrapper, p->queue);
    p->registry = wl_display_get_registry(wrapper);
    wl_proxy_wrapper_destroy(wrapper);
    wl_registry_add_listener(p->registry, &registry_listener, p);
    if (wl_display_roundtrip_queue(p->display, p->queue) < 0 || !p->seat) {
        snprintf(why, why_size, "no wl_seat");
        overscroll_wl_pointer_close(p);
        return NULL;
    }
    if (p->seat_version < 5) {
        snprintf(why, why_size, "wl_seat version %u has no axis frames (5 needed)", p->seat_version);
        overscroll_wl_pointer_close(p);
        return NULL;
    }
    if (wl_display_roundtrip_queue(p->display, p->queue) < 0) {
        snprintf(why, why_size, "the connection failed");
        overscroll_wl_pointer_close(p);
        return NULL;
    }
    // The preferred scale (a fraction) needs the viewport to show a buffer of that many pixels.
    if (p->fractional_manager && p->viewporter && p->surface) {
        p->fractional = wl_proxy_marshal_constructor(p->fractional_manager, 1, &overscroll_fractional_interface, NULL, p->surface);
        if (p->fractional) {
            wl_proxy_add_listener(p->fractional, (void (**)(void))&fractional_listener, p);
            wl_display_roundtrip_queue(p->display, p->queue);
        }
    }
    p->count = 0;   // enter/leave of the round trips: the app starts from here
    return p;
}

/// Reads what the socket has now (never blocks) and dispatches the private queue.
static void pump(struct overscroll_wl_pointer *p) {
    while (wl_display_prepare_read_queue(p->display, p->queue) != 0)
        wl_display_dispatch_queue_pending(p->display, p->queue);
    wl_display_flush(p->display);
    struct pollfd fd = { wl_display_get_fd(p->display), POLLIN, 0 };
    if (poll(&fd, 1, 0) > 0) wl_display_read_events(p->display); else wl_display_cancel_read(p->display);
    wl_display_dispatch_queue_pending(p->display, p->queue);
}

int overscroll_wl_pointer_drain(overscroll_wl_pointer *p, overscroll_wl_event *out, int max) {
    if (p->count == 0) pump(p);
    int n = p->count < max ? p->count : max;
    memcpy(out, p->events, (size_t)n * sizeof *out);
    memmove(p->events, p->events + n, (size_t)(p->count - n) * sizeof *out);
    p->count -= n;
    return n;
}

uint32_t overscroll_wl_pointer_seat_version(const overscroll_wl_pointer *p) { return p->seat_version; }
uint32_t overscroll_wl_pointer_gestures_version(const overscroll_wl_pointer *p) { return p->gestures ? p->gestures_version : 0; }
int overscroll_wl_pointer_has_pointer(const overscroll_wl_pointer *p) { return p->pointer != NULL; }
uint64_t overscroll_wl_pointer_dropped(const overscroll_wl_pointer *p) { return p->dropped; }

// ---- presentation

static void buffer_release(void *data, struct wl_buffer *buffer) {
    struct overscroll_wl_pointer *p = data;
    for (int i = 0; i < 2; i++) if (p->buffers[i].buffer == buffer) p->buffers[i].busy = 0;
    p->woken = 1;
}
static const struct wl_buffer_listener buffer_listener = { buffer_release };

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    struct overscroll_wl_pointer *p = data;
    wl_callback_destroy(callback);
    if (p->frame_callback == callback) p->frame_callback = NULL;
    p->frame_time = time;
    p->frames_done++;
    p->woken = 1;
}
static const struct wl_callback_listener frame_listener = { frame_done };

static void forget_feedback(struct overscroll_wl_pointer *p, struct wl_proxy *fb) {
    for (int i = 0; i < 8; i++) if (p->feedback[i] == fb) { p->feedback[i] = NULL; p->feedbacks_out--; }
    wl_proxy_destroy(fb);
}

static void feedback_sync_output(void *data, struct wl_proxy *fb, struct wl_proxy *output) { (void)data; (void)fb; (void)output; }
static void feedback_presented(void *data, struct wl_proxy *fb, uint32_t sec_hi, uint32_t sec_lo, uint32_t nsec,
                               uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo, uint32_t flags) {
    struct overscroll_wl_pointer *p = data;
    (void)seq_hi; (void)seq_lo; (void)flags;
    p->last_presented.tv_sec = (time_t)(((uint64_t)sec_hi << 32) | sec_lo);
    p->last_presented.tv_nsec = (long)nsec;
    p->last_refresh_ns = refresh;
    p->has_presented = 1;
    p->feedbacks++;
    forget_feedback(p, fb);
}
static void feedback_discarded(void *data, struct wl_proxy *fb) {
    ((struct overscroll_wl_pointer *)data)->discarded++;
    forget_feedback(data, fb);
}
static const struct {
    void (*sync_output)(void *, struct wl_proxy *, struct wl_proxy *);
    void (*presented)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);
    void (*discarded)(void *, struct wl_proxy *);
} feedback_listener = { feedback_sync_output, feedback_presented, feedback_discarded };

int overscroll_wl_present_available(const overscroll_wl_pointer *p) { return p->shm && p->surface; }

static void free_buffers(struct overscroll_wl_pointer *p) {
    for (int i = 0; i < 2; i++) {
        if (p->buffers[i].buffer) wl_buffer_destroy(p->buffers[i].buffer);
        memset(&p->buffers[i], 0, sizeof p->buffers[i]);
    }
    if (p->pool_data) munmap(p->pool_data, p->pool_size);
    p->pool_data = NULL; p->pool_size = 0;
    free(p->kept);
    p->kept = NULL;
    p->width = p->height = p->stride = 0;
}

uint8_t *overscroll_wl_present_resize(overscroll_wl_pointer *p, int width, int height, int scale, int *stride) {
    free_buffers(p);
    if (!p->shm || width <= 0 || height <= 0) return NULL;
    int row = width * 4;
    size_t one = (size_t)row * (size_t)height;
    int fd = memfd_create("overscroll-wl-shm", MFD_CLOEXEC);
    if (fd < 0) return NULL;
    if (ftruncate(fd, (off_t)(2 * one)) != 0) { close(fd); return NULL; }
    void *data = mmap(NULL, 2 * one, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) { close(fd); return NULL; }
    struct wl_shm_pool *pool = wl_shm_create_pool(p->shm, fd, (int32_t)(2 * one));
    close(fd);
    p->pool_data = data; p->pool_size = 2 * one;
    for (int i = 0; i < 2; i++) {
        p->buffers[i].buffer = wl_shm_pool_create_buffer(pool, (int32_t)(i * one), width, height, row, WL_SHM_FORMAT_XRGB8888);
        wl_buffer_add_listener(p->buffers[i].buffer, &buffer_listener, p);
        p->buffers[i].data = (uint8_t *)data + i * one;
        p->buffers[i].full = 1;
    }
    wl_shm_pool_destroy(pool);
    p->kept = calloc(1, one);
    if (!p->kept) { free_buffers(p); return NULL; }
    p->width = width; p->height = height; p->stride = row; p->scale = scale < 1 ? 1 : scale;
    if (!p->surface_wrapper && p->surface) {
        p->surface_wrapper = wl_proxy_create_wrapper(p->surface);
        if (p->surface_wrapper) wl_proxy_set_queue((struct wl_proxy *)p->surface_wrapper, p->queue);
    }
    if (p->surface_wrapper) wl_surface_set_buffer_scale(p->surface_wrapper, p->scale);
    p->viewport_active = 0;
    if (p->viewport) wl_proxy_marshal(p->viewport, 2, -1, -1);   // unset: the buffer scale sizes the surface
    *stride = row;
    return p->kept;
}

static void copy_rect(struct overscroll_wl_pointer *p, uint8_t *to, overscroll_wl_rect r) {
    for (int y = r.y; y < r.y + r.height; y++)
        memcpy(to + (size_t)y * p->stride + (size_t)r.x * 4, p->kept + (size_t)y * p->stride + (size_t)r.x * 4, (size_t)r.width * 4);
}

static void commit_now(struct overscroll_wl_pointer *p) {
    if (!p->needs_commit || p->frame_callback || !p->surface_wrapper || !p->kept) return;
    int i = !p->buffers[0].busy ? 0 : (!p->buffers[1].busy ? 1 : -1);
    if (i < 0) return;
    // Of two free buffers, the one that misses less.
    if (i == 0 && !p->buffers[1].busy && !p->buffers[1].full && (p->buffers[0].full || p->buffers[1].nmissing < p->buffers[0].nmissing)) i = 1;
    typeof(p->buffers[0]) *b = &p->buffers[i];
    overscroll_wl_rect whole = { 0, 0, p->width, p->height };
    const overscroll_wl_rect *rects = b->full ? &whole : b->missing;
    int n = b->full ? 1 : b->nmissing;
    for (int k = 0; k < n; k++) copy_rect(p, b->data, rects[k]);
    wl_surface_attach(p->surface_wrapper, b->buffer, 0, 0);
    if (p->viewport_active) wl_surface_set_buffer_scale(p->surface_wrapper, 1);   // whatever SDL set
    for (int k = 0; k < n; k++) wl_surface_damage_buffer(p->surface_wrapper, rects[k].x, rects[k].y, rects[k].width, rects[k].height);
    b->nmissing = 0; b->full = 0; b->busy = 1;
    p->frame_callback = wl_surface_frame(p->surface_wrapper);
    wl_callback_add_listener(p->frame_callback, &frame_listener, p);
    // A compositor that never answers (sway 1.7's headless output) gets no more than 8 requests.
    if (p->presentation && p->feedbacks_out < 8) {
        struct wl_proxy *fb = wl_proxy_marshal_constructor(p->presentation, 1, &overscroll_feedback_interface, p->surface, NULL);
        if (fb) {
            wl_proxy_add_listener(fb, (void (**)(void))&feedback_listener, p);
            for (int k = 0; k < 8; k++) if (!p->feedback[k]) { p->feedback[k] = fb; p->feedbacks_out++; break; }
        }
    }
    wl_surface_commit(p->surface_wrapper);
    wl_display_flush(p->display);
    p->needs_commit = 0;
    p->commits++;
    clock_gettime(CLOCK_MONOTONIC, &p->last_commit);
}

void overscroll_wl_present(overscroll_wl_pointer *p, const overscroll_wl_rect *rects, int n) {
    if (!p->kept || n <= 0) return;
    for (int i = 0; i < 2; i++) {
        typeof(p->buffers[0]) *b = &p->buffers[i];
        for (int k = 0; k < n && !b->full; k++) {
            if (b->nmissing == (int)(sizeof b->missing / sizeof b->missing[0])) { b->full = 1; break; }
            b->missing[b->nmissing++] = rects[k];
        }
    }
    p->needs_commit = 1;
    pump(p);
    commit_now(p);
}

int overscroll_wl_present_pending(overscroll_wl_pointer *p) {
    if (!p->needs_commit) return 0;
    pump(p);
    commit_now(p);
    return p->needs_commit;
}

int overscroll_wl_presented_age(const overscroll_wl_pointer *p, double *age, double *refresh) {
    if (!p->has_presented) return 0;
    struct timespec now;
    clock_gettime((clockid_t)p->presentation_clock, &now);
    *age = (double)(now.tv_sec - p->last_presented.tv_sec) + (double)(now.tv_nsec - p->last_presented.tv_nsec) / 1e9;
    *refresh = (double)p->last_refresh_ns / 1e9;
    return 1;
}

uint64_t overscroll_wl_present_commits(const overscroll_wl_pointer *p) { return p->commits; }

int overscroll_wl_commit_age(const overscroll_wl_pointer *p, double *age) {
    if (p->commits == 0) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    *age = (double)(now.tv_sec - p->last_commit.tv_sec) + (double)(now.tv_nsec - p->last_commit.tv_nsec) / 1e9;
    return 1;
}
uint64_t overscroll_wl_present_feedbacks(const overscroll_wl_pointer *p) { return p->feedbacks; }
int overscroll_wl_present_has_feedback(const overscroll_wl_pointer *p) { return p->presentation != NULL; }

// ---- fractional scale

uint32_t overscroll_wl_preferred_scale120(const overscroll_wl_pointer *p) {
    return (p->fractional && p->viewporter) ? p->scale120 : 0;
}

int overscroll_wl_sdl_viewport(const overscroll_wl_pointer *p) { return p->sdl_fractional; }

int overscroll_wl_take_scale_change(overscroll_wl_pointer *p) {
    int c = p->scale_changed;
    p->scale_changed = 0;
    return c;
}

int overscroll_wl_present_viewport(overscroll_wl_pointer *p, int width, int height) {
    if (!p->viewporter || !p->surface_wrapper || width <= 0 || height <= 0) return 0;
    if (!p->viewport) {
        p->viewport = wl_proxy_marshal_constructor((struct wl_proxy *)p->viewporter, 1, &overscroll_viewport_interface, NULL, p->surface);
        if (!p->viewport) return 0;
    }
    wl_surface_set_buffer_scale(p->surface_wrapper, 1);
    wl_proxy_marshal(p->viewport, 2, width, height);   // set_destination, surface-local
    p->viewport_active = 1;
    p->scale = 1;
    return 1;
}

// ---- the window loop's wait

int overscroll_wl_display_fd(const overscroll_wl_pointer *p) { return wl_display_get_fd(p->display); }

int overscroll_wl_wait(overscroll_wl_pointer *p, int wake_fd, int timeout_ms) {
    wl_display_dispatch_queue_pending(p->display, p->queue);
    if (p->woken) { p->woken = 0; return OVERSCROLL_WL_WOKE_QUEUE; }
    while (wl_display_prepare_read_queue(p->display, p->queue) != 0)
        wl_display_dispatch_queue_pending(p->display, p->queue);
    if (p->woken) { wl_display_cancel_read(p->display); p->woken = 0; return OVERSCROLL_WL_WOKE_QUEUE; }
    wl_display_flush(p->display);
    struct pollfd fds[2] = { { wl_display_get_fd(p->display), POLLIN, 0 }, { wake_fd, POLLIN, 0 } };
    int n = poll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms);
    if (n > 0 && (fds[0].revents & POLLIN)) {
        if (wl_display_read_events(p->display) < 0) return OVERSCROLL_WL_WOKE_ERROR;
    } else {
        wl_display_cancel_read(p->display);
    }
    if (n > 0 && (fds[0].revents & (POLLERR | POLLHUP | POLLNVAL))) return OVERSCROLL_WL_WOKE_ERROR;
    wl_display_dispatch_queue_pending(p->display, p->queue);
    int woke = 0;
    if (p->woken) { p->woken = 0; woke |= OVERSCROLL_WL_WOKE_QUEUE; }
    if (n > 0 && (fds[0].revents & POLLIN)) woke |= OVERSCROLL_WL_WOKE_DISPLAY;
    if (n > 0 && wake_fd >= 0 && fds[1].revents) woke |= OVERSCROLL_WL_WOKE_PIPE;
    return woke;
}

int overscroll_wl_frame_outstanding(const overscroll_wl_pointer *p) { return p->frame_callback != NULL; }
int overscroll_wl_needs_commit(const overscroll_wl_pointer *p) { return p->needs_commit; }
uint64_t overscroll_wl_frames_done(const overscroll_wl_pointer *p) { return p->frames_done; }

int overscroll_wl_frame_time_age(const overscroll_wl_pointer *p, double *age) {
    if (p->frames_done == 0) return 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    uint32_t now_ms = (uint32_t)((uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u);
    *age = (double)(int32_t)(now_ms - p->frame_time) / 1000.0;
    return 1;
}

void overscroll_wl_pointer_close(overscroll_wl_pointer *p) {
    if (!p) return;
    if (p->frame_callback) wl_callback_destroy(p->frame_callback);
    for (int i = 0; i < 8; i++) if (p->feedback[i]) wl_proxy_destroy(p->feedback[i]);
    free_buffers(p);
    if (p->surface_wrapper) wl_proxy_wrapper_destroy(p->surface_wrapper);
    if (p->presentation) { wl_proxy_marshal(p->presentation, 0); wl_proxy_destroy(p->presentation); }
    if (p->viewport) { wl_proxy_marshal(p->viewport, 0); wl_proxy_destroy(p->viewport); }
    if (p->fractional) { wl_proxy_marshal(p->fractional, 0); wl_proxy_destroy(p->fractional); }
    if (p->fractional_manager) { wl_proxy_marshal(p->fractional_manager, 0); wl_proxy_destroy(p->fractional_manager); }
    if (p->viewporter) { wl_proxy_marshal(p->viewporter, 0); wl_proxy_destroy(p->viewporter); }
    if (p->shm) wl_shm_destroy(p->shm);
    drop_pointer(p);
    if (p->gestures) {
        if (p->gestures_version >= 2) wl_proxy_marshal(p->gestures, 2);   // release
        wl_proxy_destroy(p->gestures);
    }
    if (p->seat) { if (p->seat_version >= 5) wl_seat_release(p->seat); else wl_seat_destroy(p->seat); }
    if (p->registry) wl_registry_destroy(p->registry);
    if (p->display) wl_display_flush(p->display);
    if (p->queue) wl_event_queue_destroy(p->queue);
    free(p);
}
