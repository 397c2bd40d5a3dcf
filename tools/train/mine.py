"""Finds the places the reader, without a profile, takes for dice where there
are none: the hard class-0 crops that random background rarely draws (the
holes in a tray's rim, screw heads, specks, a cable's end).

It runs `dicecam read --json` on the photos of the given folds and writes one
CSV row for each reported die that lies away from every labelled die:
`dataset,image,cx,cy,s`. train.py --hard FILE adds crops of them to class 0.
"""

import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

import dicedata


def reported(binary, paths, models=""):
    """The dice `dicecam read --json` reports on each path, without a profile,
    read with the models in the folder models where one is given."""
    cmd = [binary, "read", "--json"] + (["--models", models] if models else []) + paths
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=home)  # no saved profile is read
        out = subprocess.run(cmd, env=env, capture_output=True, text=True).stdout
    by = {}
    for line in out.splitlines():
        j = json.loads(line)
        by[j["image"]] = j.get("dice") or []
    return by


def false_dice(ds, folds, binary, models=""):
    """Reported dice whose centre lies in no labelled box grown by half its
    size on each side: the README's rule for a report that matches nothing."""
    photos = [i for i, p in enumerate(ds.photos) if p.fold in folds]
    by = reported(binary, [ds.photos[i].path for i in photos], models)
    labelled = {}
    for d in ds.dice:
        labelled.setdefault(d.photo, []).append(d)
    rows = []
    for i in photos:
        path = ds.photos[i].path
        for r in by.get(path, []):
            xs = [p[0] for p in r["box"]]
            ys = [p[1] for p in r["box"]]
            s = max(max(xs) - min(xs), max(ys) - min(ys))
            near = any(abs(r["x"] - d.cx) < d.s_die and abs(r["y"] - d.cy) < d.s_die for d in labelled.get(i, []))
            if not near:
                rows.append((ds.name, os.path.basename(path), round(r["x"], 1), round(r["y"], 1), round(s, 1)))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--binary", default="bin/dicecam", help="a dicecam built from this tree (make build)")
    ap.add_argument("--models", default="", help="a folder with the dice.onnx and detector.onnx to mine, as train.py writes them")
    ap.add_argument("--folds", default="1,2,3,4", help="folds to mine; keep the held-out fold out")
    ap.add_argument("--out", default="tools/train/hard.csv")
    args = ap.parse_args()
    folds = {int(f) for f in args.folds.split(",")}
    rows = []
    for name in ("tray-topdown", "webcam-desk"):
        ds = dicedata.load(args.datasets, name)
        found = false_dice(ds, folds, args.binary, args.models)
        print(f"{name}: {len(found)} false dice on folds {sorted(folds)}", file=sys.stderr)
        rows += found
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["dataset", "image", "cx", "cy", "s"])
        w.writerows(rows)


if __name__ == "__main__":
    main()
