#!/usr/bin/env python3
"""Makes the PNG pairs `overscroll-bench --only compare` times against odiff, encoded by other tools.

    python3 tools/make-compare-pairs.py SOURCE_DIR OUT_DIR [--other]

SOURCE_DIR holds four frames of one size rendered by the project (any PNG encoding; only their
pixels are used): a.png (list at offset 300), shift.png (the same 1 pt further), overlay.png
(debug overlay on) and dark.png (dark theme). Each is re-encoded by other encoders, one folder
per encoder under OUT_DIR:

    pillow-rgb    Pillow, 8-bit RGB (no alpha), zlib level 6, adaptive per-row filters
                  (Pillow picks None/Sub/Up/Average/Paeth per row by the libpng heuristic)
    pillow-rgba   Pillow, 8-bit RGBA (opaque alpha channel), adaptive per-row filters
    magick-rgb    ImageMagick `convert -strip PNG24:` (libpng, adaptive filters, level 7)
    magick-rgb16  ImageMagick `convert -strip -depth 16 PNG48:` (16 bits per sample)
    cairo-rgb     cairo's cairo_surface_write_to_png on an RGB24 surface (libpng, RGB, its
                  default filters), called through ctypes

With --other, a second set of encoders writes them instead (for frames of other sizes, so the
speed is not tuned to one encoder or size):

    magick-rgba-q95  ImageMagick `convert -strip -quality 95 PNG32:` (8-bit RGBA, zlib level 9,
                     adaptive filters)
    pillow-rgb-l9    Pillow, 8-bit RGB, zlib level 9, adaptive filters
    pillow-rgba-l1   Pillow, 8-bit RGBA, zlib level 1, adaptive filters

and OUT_DIR/pairs.tsv lists the pairs, one a line: set, class, file A, file B (paths relative to
OUT_DIR). Classes: identical files (a byte copy), same pixels re-encoded (this set's a against
the next set's a), debug overlay on, 1 pt scroll, light vs dark. A set whose tool is missing
(ImageMagick, libcairo) is left out with a note on stderr.

Needs Python 3 and Pillow (`pip install pillow`, or Debian's python3-pil).
"""
import ctypes
import ctypes.util
import os
import shutil
import subprocess
import sys

from PIL import Image

FRAMES = ["a", "shift", "overlay", "dark"]
CLASSES = [  # class name, file A, file B (within one set; "@next" is the next set's a)
    ("identical files", "a.png", "a-copy.png"),
    ("same pixels re-encoded", "a.png", "@next"),
    ("debug overlay on", "a.png", "overlay.png"),
    ("1 pt scroll", "a.png", "shift.png"),
    ("light vs dark", "a.png", "dark.png"),
]


def pillow(mode, level=None):
    def write(image, path):
        if level is None:
            image.convert(mode).save(path, format="PNG")  # default: level 6, adaptive filters
        else:
            image.convert(mode).save(path, format="PNG", compress_level=level)
    return write


def magick_tool():
    for name in ("magick", "convert"):
        path = shutil.which(name)
        if path is None:
            continue
        probe = subprocess.run([path, "-version"], capture_output=True, text=True)
        if probe.returncode == 0 and "ImageMagick" in probe.stdout:
            return path
    return None


def magick(fmt, depth, quality=None):
    tool = magick_tool()
    if tool is None:
        return None

    def write(image, path):
        source = path + ".source.png"
        image.save(source, format="PNG")
        args = [tool, source, "-strip"] + (["-depth", str(depth)] if depth else [])
        args += (["-quality", str(quality)] if quality else []) + [fmt + ":" + path]
        subprocess.run(args, check=True)
        os.remove(source)
    return write


def cairo():
    name = ctypes.util.find_library("cairo")
    if name is None:
        return None
    lib = ctypes.CDLL(name)
    lib.cairo_image_surface_create_for_data.restype = ctypes.c_void_p
    lib.cairo_image_surface_create_for_data.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int,
                                                        ctypes.c_int, ctypes.c_int]
    lib.cairo_surface_write_to_png.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.cairo_surface_destroy.argtypes = [ctypes.c_void_p]
    format_rgb24 = 1

    def write(image, path):
        width, height = image.size
        # RGB24: native-endian 32-bit words 0x00RRGGBB, i.e. bytes B, G, R, X on little-endian.
        data = ctypes.create_string_buffer(image.convert("RGB").tobytes("raw", "BGRX"), width * height * 4)
        surface = lib.cairo_image_surface_create_for_data(data, format_rgb24, width, height, width * 4)
        status = lib.cairo_surface_write_to_png(surface, path.encode())
        lib.cairo_surface_destroy(surface)
        if status != 0:
            raise RuntimeError(f"cairo_surface_write_to_png failed ({status}) for {path}")
    return write


def main():
    args = [a for a in sys.argv[1:] if a != "--other"]
    if len(args) != 2:
        sys.exit(__doc__)
    source, out = args
    images = {name: Image.open(os.path.join(source, name + ".png")).convert("RGB") for name in FRAMES}
    encoders = [
        ("pillow-rgb", pillow("RGB")),
        ("pillow-rgba", pillow("RGBA")),
        ("magick-rgb", magick("PNG24", None)),
        ("magick-rgb16", magick("PNG48", 16)),
        ("cairo-rgb", cairo()),
    ]
    if "--other" in sys.argv[1:]:
        encoders = [
            ("magick-rgba-q95", magick("PNG32", None, 95)),
            ("pillow-rgb-l9", pillow("RGB", 9)),
            ("pillow-rgba-l1", pillow("RGBA", 1)),
        ]
    sets = []
    for name, write in encoders:
        if write is None:
            print(f"make-compare-pairs: {name} skipped (its tool is not installed)", file=sys.stderr)
            continue
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        for frame, image in images.items():
            write(image, os.path.join(folder, frame + ".png"))
        shutil.copyfile(os.path.join(folder, "a.png"), os.path.join(folder, "a-copy.png"))
        sets.append(name)
    lines = []
    for k, name in enumerate(sets):
        following = sets[(k + 1) % len(sets)]
        for label, a, b in CLASSES:
            if b == "@next":
                if following == name:
                    continue
                b = os.path.join("..", following, "a.png")
            lines.append("\t".join([name, label, os.path.join(name, a), os.path.normpath(os.path.join(name, b))]))
    with open(os.path.join(out, "pairs.tsv"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
