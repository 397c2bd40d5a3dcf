"""Places the dice of a folder labelled with values only, so that the face
model can learn from it: `whitebox-singles` says which face its one die
shows, not where the die lies.

It runs `dicecam read --json` on the folder's photos and, for each photo
with one labelled die on which the reader reports exactly one die, writes
that die's box with the labelled value: `image,value,xmin,ymin,xmax,ymax`,
the datasets' dice.csv. Where the reader boxed a die's near side face rather
than its top, as it often does from a low camera, the crop is still labelled
with the top face's value: the model learns to read the top face from where
the reader will look. A photo on which the reader reports no die or several
is left out rather than guessed.

    make build && /usr/bin/python3 tools/train/locate.py

The committed CSV was written once, by the reader and models of commit
c388bbd, and is what training reads, so that it does not depend on the
reader of the day.
"""

import argparse
import csv
import os
import sys

import mine


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--source", default="whitebox-singles")
    ap.add_argument("--binary", default="bin/dicecam", help="a dicecam built from this tree (make build)")
    ap.add_argument("--out", default="tools/train/whitebox.csv")
    args = ap.parse_args()
    folder = os.path.join(args.datasets, args.source)
    values = {}
    with open(os.path.join(folder, "images.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["n_dice"] == "1":
                values[row["image"]] = int(row["values"])
    paths = {os.path.join(folder, image): image for image in values}
    by = mine.reported(args.binary, sorted(paths))
    rows = []
    for path, image in sorted(paths.items()):
        dice = by.get(path, [])
        if len(dice) != 1:
            continue
        xs = [p[0] for p in dice[0]["box"]]
        ys = [p[1] for p in dice[0]["box"]]
        rows.append((image, values[image], min(xs), min(ys), max(xs), max(ys)))
    print(f"{args.source}: {len(rows)} of {len(values)} photos with one die placed", file=sys.stderr)
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["image", "value", "xmin", "ymin", "xmax", "ymax"])
        w.writerows(rows)


if __name__ == "__main__":
    main()
