#!/usr/bin/env python3
"""A virtual touchpad and mouse for a wlroots compositor (sway), with no hardware and no C.

Speaks the Wayland wire protocol itself over $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY: binds
zwlr_virtual_pointer_manager_v1 (wlr-protocols, unstable/wlr-virtual-pointer-unstable-v1.xml),
makes one virtual pointer on the default seat and turns commands, one a line on standard input,
into its requests. Prints "ready" once the pointer exists, and TEXT for `echo TEXT` once the
compositor has handled everything before it (a wl_display.sync round trip).

Commands (Wayland axis values: logical pixels, > 0 scrolls down):
  move X Y W H        absolute motion to X,Y in an extent of W x H
  rel DX DY           relative motion
  button CODE 1|0     press / release (272 = left)
  finger N V MS       N finger frames of axis V, MS ms apart, then axis_stop
  click N MS          N wheel clicks (axis_discrete ±1, axis ±15), MS ms apart; N < 0 scrolls up
  sleep MS            wait
  echo TEXT           round trip, then print TEXT
Every axis frame sends its axis_source first: wlroots resets it after each frame.
"""
import os
import socket
import struct
import sys
import time

# Requests by opcode (the protocol XML's order).
DISPLAY_SYNC, DISPLAY_GET_REGISTRY = 0, 1
REGISTRY_BIND = 0
MANAGER_CREATE = 0
VP_MOTION, VP_MOTION_ABSOLUTE, VP_BUTTON, VP_AXIS, VP_FRAME, VP_AXIS_SOURCE, VP_AXIS_STOP, VP_AXIS_DISCRETE = range(8)
AXIS_VERTICAL = 0
SOURCE_WHEEL, SOURCE_FINGER = 0, 1
MANAGER = "zwlr_virtual_pointer_manager_v1"
CLICK_VALUE = 15.0   # what sway 1.7 sends per click of a real mouse wheel


def fixed(v):
    return struct.pack("<i", int(round(v * 256)))


def u32(v):
    return struct.pack("<I", v & 0xFFFFFFFF)


def string(s):
    b = s.encode() + b"\0"
    return u32(len(b)) + b + b"\0" * (-len(b) % 4)


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.next_id = 2
        self.buf = b""
        self.t0 = time.monotonic()

    def new_id(self):
        i = self.next_id
        self.next_id += 1
        return i

    def ms(self):
        return int((time.monotonic() - self.t0) * 1000)

    def send(self, obj, opcode, payload=b""):
        self.sock.sendall(u32(obj) + u32(((8 + len(payload)) << 16) | opcode) + payload)

    def events(self):
        """Reads one batch from the socket; yields (object, opcode, payload)."""
        data = self.sock.recv(65536)
        if not data:
            raise SystemExit("vpointer: the compositor closed the connection")
        self.buf += data
        while len(self.buf) >= 8:
            obj, word = struct.unpack_from("<II", self.buf)
            size = word >> 16
            if len(self.buf) < size:
                break
            payload, self.buf = self.buf[8:size], self.buf[size:]
            if obj == 1 and (word & 0xFFFF) == 0:   # wl_display.error
                code = struct.unpack_from("<I", payload, 4)[0]
                message = payload[12:].split(b"\0")[0].decode(errors="replace")
                raise SystemExit(f"vpointer: protocol error {code}: {message}")
            yield obj, word & 0xFFFF, payload

    def roundtrip(self, on_event=None):
        cb = self.new_id()
        self.send(1, DISPLAY_SYNC, u32(cb))
        while True:
            for obj, op, payload in self.events():
                if obj == cb:
                    return
                if on_event:
                    on_event(obj, op, payload)


def globals_of(conn, registry):
    found = {}

    def on_event(obj, op, payload):
        if obj == registry and op == 0:     # wl_registry.global(name, interface, version)
            name, n = struct.unpack_from("<II", payload)
            iface = payload[8:8 + n - 1].decode()
            version = struct.unpack_from("<I", payload, 8 + n + (-n % 4))[0]
            found[iface] = (name, version)
    conn.roundtrip(on_event)
    return found


def main():
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    display = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    path = display if display.startswith("/") else os.path.join(runtime, display)
    try:
        conn = Connection(path)
    except OSError as e:
        raise SystemExit(f"vpointer: cannot connect to {path}: {e.strerror}")
    registry = conn.new_id()
    conn.send(1, DISPLAY_GET_REGISTRY, u32(registry))
    found = globals_of(conn, registry)
    if MANAGER not in found:
        raise SystemExit(f"vpointer: the compositor has no {MANAGER}")
    name, _ = found[MANAGER]
    manager = conn.new_id()
    conn.send(registry, REGISTRY_BIND, u32(name) + string(MANAGER) + u32(1) + u32(manager))
    vp = conn.new_id()
    conn.send(manager, MANAGER_CREATE, u32(0) + u32(vp))     # seat: null, the default one
    conn.roundtrip()
    print("ready", flush=True)

    def frame():
        conn.send(vp, VP_FRAME)

    def axis(source, value, discrete=None):
        conn.send(vp, VP_AXIS_SOURCE, u32(source))
        if discrete is None:
            conn.send(vp, VP_AXIS, u32(conn.ms()) + u32(AXIS_VERTICAL) + fixed(value))
        else:
            conn.send(vp, VP_AXIS_DISCRETE, u32(conn.ms()) + u32(AXIS_VERTICAL) + fixed(value) + struct.pack("<i", discrete))
        frame()

    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "move":
                x, y, w, h = (int(a) for a in args)
                conn.send(vp, VP_MOTION_ABSOLUTE, u32(conn.ms()) + u32(x) + u32(y) + u32(w) + u32(h))
                frame()
            elif cmd == "rel":
                conn.send(vp, VP_MOTION, u32(conn.ms()) + fixed(float(args[0])) + fixed(float(args[1])))
                frame()
            elif cmd == "button":
                conn.send(vp, VP_BUTTON, u32(conn.ms()) + u32(int(args[0])) + u32(int(args[1])))
                frame()
            elif cmd == "finger":
                n, v, gap = int(args[0]), float(args[1]), float(args[2])
                for k in range(n):
                    axis(SOURCE_FINGER, v)
                    if k + 1 < n:
                        time.sleep(gap / 1000)
                conn.send(vp, VP_AXIS_SOURCE, u32(SOURCE_FINGER))
                conn.send(vp, VP_AXIS_STOP, u32(conn.ms()) + u32(AXIS_VERTICAL))
                frame()
            elif cmd == "click":
                n, gap = int(args[0]), float(args[1])
                step = 1 if n > 0 else -1
                for k in range(abs(n)):
                    axis(SOURCE_WHEEL, CLICK_VALUE * step, discrete=step)
                    if k + 1 < abs(n):
                        time.sleep(gap / 1000)
            elif cmd == "sleep":
                time.sleep(float(args[0]) / 1000)
            elif cmd == "echo":
                conn.roundtrip()
                print(" ".join(args), flush=True)
            else:
                print(f"vpointer: unknown command '{cmd}'", file=sys.stderr, flush=True)
        except (ValueError, IndexError):
            print(f"vpointer: bad arguments: {line.strip()}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
