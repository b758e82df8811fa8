"""The trash's chores, in a second interpreter (`python -I -S trash_worker.py`, started by
`persist.empty_trash`), so that they run on the other core while the build works: a thread
making thousands of system calls would compete with it for the interpreter lock.

Standard library only (`-I -S`: neither the project's folder nor site-packages is on the
path). Arguments: `RECYCLED MANIFEST OUT_DIR FOLDER...` (`-` for RECYCLED, MANIFEST and
OUT_DIR when no site is recycled).

1. RECYCLED, the site the last swap moved into the trash, which the build takes as its staging
   folder (`output.StagingOutput`): every file in it that is not the live site's own (not the
   inode the output manifest MANIFEST gives for that path in OUT_DIR: a file an older build
   wrote, anything planted there, a link) is removed, and so are the folders that leaves
   empty. Then one line of JSON on stdout: `{"kept": {path: inode}, "folders": [path]}`
   (paths relative to RECYCLED), or `{}` when it could not be done; the build checks every
   kept file against its own manifest before it trusts the line.
2. Each FOLDER (older sites, left-overs) is removed.
"""

from __future__ import annotations

import json
import os
import shutil
import sys


def keep_shared(folder: str, prefix: str, known: dict[str, int], kept: dict[str, int], folders: list[str]) -> bool:
    """Keep the files of `folder` whose inode `known` gives for their path, remove the rest
    and the folders that leaves empty; True when `folder` kept something. One scandir a
    folder: the inode comes with the entry."""
    any_kept = False
    with os.scandir(folder) as entries:
        for entry in entries:
            relative = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                if keep_shared(entry.path, relative + "/", known, kept, folders):
                    folders.append(relative)
                    any_kept = True
                else:
                    os.rmdir(entry.path)
                continue
            inode = known.get(relative)
            if inode is not None and entry.is_file(follow_symlinks=False) and entry.inode() == inode:
                kept[relative] = inode
                any_kept = True
            else:
                os.unlink(entry.path)  # a link is removed, never followed
    return any_kept


def prepare(recycled: str, manifest: str, out_dir: str) -> dict[str, object]:
    try:
        with open(manifest, "rb") as handle:
            data = json.load(handle)
        if not isinstance(data, dict) or data.get("out_dir") != out_dir:
            return {}
        known = {str(path): int(entry[3]) for path, entry in dict(data["files"]).items()}
        kept: dict[str, int] = {}
        folders: list[str] = []
        keep_shared(recycled, "", known, kept, folders)
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return {}
    return {"kept": kept, "folders": folders}


def main(argv: list[str]) -> None:
    recycled, manifest, out_dir, *folders = argv
    if recycled != "-":
        try:
            print(json.dumps(prepare(recycled, manifest, out_dir)), flush=True)
            sys.stdout.close()  # the build reads no more
        except BrokenPipeError:
            pass  # the build stopped reading: the trash is emptied all the same
    for path in folders:
        shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
