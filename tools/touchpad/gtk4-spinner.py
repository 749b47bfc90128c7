#!/usr/bin/env python3
"""A GTK 4 window of the app's size (390x844) with a turning Gtk.Spinner in its top area, the
reference `bench-wayland.sh` measures beside Overscroll's spinner (needs python3-gi and
gir1.2-gtk-4.0). GSK_RENDERER=cairo or gl chooses GTK's renderer."""
import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gtk  # noqa: E402


def activate(app):
    win = Gtk.ApplicationWindow(application=app, title="GTK4 spinner")
    win.set_default_size(390, 844)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    spinner = Gtk.Spinner(spinning=True)
    spinner.set_size_request(28, 28)
    spinner.set_margin_top(20)
    box.append(spinner)
    box.append(Gtk.Label(label="GTK 4 spinner", vexpand=True))
    win.set_child(box)
    win.present()


app = Gtk.Application(application_id="dev.overscroll.Gtk4Spinner")
app.connect("activate", activate)
app.run(None)
