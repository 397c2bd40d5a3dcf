"""Measures whether calibration helps: for each labelled folder, a profile
made from one half of its photos (folds 1 of 2) reads the other half (fold 0
of 2), beside the built-in defaults reading the same half. It prints the
README's table, each profile's row naming the way of reading calibrate kept.

    make build
    /usr/bin/python3 tools/loso/calibration.py [--models DIR] [--fold 0/5] FOLDER...

--fold 0/5 calibrates on folds 1-4 and reads fold 0: the split the committed
models train on, so that the photos read are ones they never saw.

--played adds a row calibrated as `dicecam play --keep-rolls` would let a
table calibrate: on the photos of the calibrating folds where the reader
found every labelled die and no other, labelled at the reader's own boxes
with the faces the labels give, as the table's confirmations would (a photo
labelled with values only, where it shows one die).
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import zlib


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--dicecam", default="bin/dicecam")
    ap.add_argument("--models", default="", help="read with these models instead of the built-in ones")
    ap.add_argument("--fold", default="0/2", help="the fold K/N read; calibration takes the others")
    ap.add_argument("--played", action="store_true", help="add a row calibrated on the rolls play --keep-rolls would keep")
    args = ap.parse_args()
    models = ["--models", args.models] if args.models else []
    pct = lambda x: "-" if x is None else f"{100 * x:.1f} %"
    print("| folder (fold read) | profile | found | first time | clean photos | silently wrong | asked | false dice a photo |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=home)
        for folder in args.folders:
            profile = os.path.join(home, os.path.basename(folder.rstrip("/")) + ".json")
            way = calibrate(args, env, ["--from", folder, "--exclude-fold", args.fold, "--out", profile] + models)
            rows = [("none", []), (f"from the other folds: {way}", ["--profile", profile])]
            if args.played:
                played = os.path.join(home, "played-" + os.path.basename(folder.rstrip("/")))
                kept, total = keep_played(args, env, models, folder, played)
                profile = played + ".json"
                way = calibrate(args, env, ["--from", played, "--out", profile] + models)
                rows.append((f"from the other folds' photos play would keep ({kept} of {total}): {way}", ["--profile", profile]))
            for name, extra in rows:
                out = subprocess.run([args.dicecam, "eval", "--json", "--fold", args.fold] + models + extra + [folder],
                                     env=env, check=True, capture_output=True, text=True).stdout
                r = json.loads(out)[0]
                print(f"| {os.path.basename(folder.rstrip('/'))} ({r['photos']}) | {name} | {pct(r['found'])} | "
                      f"{pct(r['first_time'])} | {pct(r['clean_photos'])} | {pct(r['silently_wrong'])} | "
                      f"{pct(r['asked'])} | {r['false_dice_per_photo']:.2f} |", flush=True)


def calibrate(args, env, flags):
    """Runs dicecam calibrate and returns the name of the way it kept, from
    the line it logs for each way it read the sample with."""
    run = subprocess.run([args.dicecam, "calibrate"] + flags, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"dicecam calibrate {' '.join(flags)} failed:\n{run.stderr}")
    for line in run.stderr.splitlines():
        m = re.search(r"read the sample (.+?) photos=.* kept=true", line)
        if m:
            return m.group(1)
    return "the way kept not logged"


def keep_played(args, env, models, folder, out):
    """Writes into out the photos of folder's calibrating folds that play
    --keep-rolls would keep, and returns how many it kept of how many."""
    k, n = (int(x) for x in args.fold.split("/"))
    photos = {}
    with open(os.path.join(folder, "images.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if zlib.crc32(os.path.basename(row["image"]).encode()) % n != k:
                photos[row["image"]] = []
    with open(os.path.join(folder, "dice.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["image"] in photos:
                photos[row["image"]].append(row)
    names = sorted(photos)
    read = subprocess.run([args.dicecam, "read", "--json"] + models + [os.path.join(folder, p) for p in names],
                          env=env, check=True, capture_output=True, text=True).stdout
    os.makedirs(os.path.join(out, "images"))
    kept = 0
    with open(os.path.join(out, "images.csv"), "w", newline="") as fi, open(os.path.join(out, "dice.csv"), "w", newline="") as fd:
        wi, wd = csv.writer(fi), csv.writer(fd)
        wi.writerow(["image", "n_dice", "values"])
        wd.writerow(["image", "value", "xmin", "ymin", "xmax", "ymax"])
        for name, line in zip(names, read.splitlines()):
            dice = json.loads(line)["dice"]
            labels = photos[name]
            matched = match(labels, dice)
            if matched is None:
                continue
            kept += 1
            target = os.path.join(out, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.symlink(os.path.abspath(os.path.join(folder, name)), target)
            wi.writerow([name, len(labels), " ".join(sorted(l["value"] for l in labels))])
            for label, die in matched:
                xs, ys = [p[0] for p in die["box"]], [p[1] for p in die["box"]]
                wd.writerow([name, label["value"], min(xs), min(ys), max(xs), max(ys)])
    return kept, len(names)


def match(labels, dice):
    """Pairs each labelled die with the one die read whose centre lies in its
    box, or None where some label has none, or a die read lies on none. A
    photo labelled with values only pairs its one die with the one die read,
    as the table's word on a roll of one die would."""
    if len(labels) != len(dice):
        return None
    if any(not l["xmin"] for l in labels):
        return list(zip(labels, dice)) if len(labels) == 1 else None
    pairs, used = [], set()
    for l in labels:
        x0, y0, x1, y1 = (float(l[c]) for c in ("xmin", "ymin", "xmax", "ymax"))
        at = [i for i, d in enumerate(dice) if i not in used and x0 <= d["x"] <= x1 and y0 <= d["y"] <= y1]
        if len(at) != 1:
            return None
        used.add(at[0])
        pairs.append((l, dice[at[0]]))
    return pairs


if __name__ == "__main__":
    sys.exit(main())
