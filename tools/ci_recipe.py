#!/usr/bin/env python3
"""Prints the commands of one job of a CI recipe in docs/CI.md, one per line, as written.

usage: tools/ci_recipe.py docs/CI.md gitlab JOB   (the job's `script:` items)
       tools/ci_recipe.py docs/CI.md github JOB   (the job's `run:` steps)

The recipes are the first ```yaml block after the "## GitLab CI" and "## GitHub Actions"
headings. Only the shapes used there are read (no YAML library on a fresh Debian)."""
import re
import sys


def block(text, heading):
    start = text.index("\n## " + heading)
    body = text[start:]
    match = re.search(r"```yaml\n(.*?)```", body, re.S)
    if not match:
        sys.exit(f"{heading}: no yaml block")
    return match.group(1).split("\n")


def gitlab(lines, job):
    out, in_job, in_script = [], False, False
    for line in lines:
        if re.match(r"^\S", line):
            in_job = line.rstrip() == job + ":"
            in_script = False
        elif in_job and re.match(r"^  \S", line):
            in_script = line.strip() == "script:"
        elif in_job and in_script and line.startswith("    - "):
            out.append(line[6:])
    return out


def github(lines, job):
    out, in_job = [], False
    for line in lines:
        if re.match(r"^  \S", line):
            in_job = line.strip() == job + ":"
        elif in_job and re.match(r"^      - run: ", line):
            out.append(line.split("- run: ", 1)[1])
    return out


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("gitlab", "github"):
        sys.exit(__doc__)
    text = open(sys.argv[1], encoding="utf-8").read()
    if sys.argv[2] == "gitlab":
        commands = gitlab(block(text, "GitLab CI"), sys.argv[3])
    else:
        commands = github(block(text, "GitHub Actions"), sys.argv[3])
    if not commands:
        sys.exit(f"{sys.argv[2]} job {sys.argv[3]}: no commands")
    print("\n".join(commands))


main()
