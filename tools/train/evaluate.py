"""Measures an exported model (read by OpenCV's dnn, as the Go reader reads it)
on fold 0 of the datasets, with the same crops and figures as train.py.

    /usr/bin/python3 tools/train/evaluate.py [--model vision/model/dice.onnx]

The poker face model trains on rendered scenes alone, so it is measured on
rendered folders it never saw and on the poker fixtures, at the crop the
reader cuts (the top face's centre, the die's box side):

    /usr/bin/python3 tools/train/evaluate.py --faces poker --model vision/model/poker.onnx \
        --folders testdata/fixtures/poker,/tmp/dicecam-corpus/only

A pip face model given rendered folders reads their pip dice at that crop and
says, for each family of dice looks, how many it reads right and how many
surely: which looks of the corpus it has not learnt, whatever it trained on.

    /usr/bin/python3 tools/train/evaluate.py --model vision/model/dice.onnx --folders /tmp/looks
"""

import argparse
import csv
import os

import cv2
import numpy as np

import dicedata
import train


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--model", default="vision/model/dice.onnx")
    ap.add_argument("--seed", type=int, default=1, help="the seed the model was trained with: it picks the class-0 crops")
    ap.add_argument("--faces", choices=("pips", "poker"), default="pips")
    ap.add_argument("--folders", help="comma-separated rendered folders with a truth.csv (poker: default the fixtures; "
                                      "pips: read by look family, with the corpus's faces.csv)")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    net = cv2.dnn.readNetFromONNX(args.model)
    if args.faces == "poker":
        for folder in [f for f in (args.folders or "testdata/fixtures/poker").split(",") if f]:
            print(poker_line(net, folder))
        return
    if args.folders:
        for folder in [f for f in args.folders.split(",") if f]:
            print(looks_table(net, folder))
        return
    datasets = [dicedata.load(args.datasets, n) for n in ("tray-topdown", "webcam-desk")]
    for di, ds in enumerate(datasets):
        crops, labels, _ = train.eval_set(datasets, di, args.seed)
        print(train.report(ds.name, train.predict(net, crops), labels))
        print(train.scale_line(net, datasets, di, args.seed))


def truth_crops(folder, keep):
    """The crop the reader cuts of every die of a rendered folder's truth.csv
    that keep(row) holds, at the top face's centre and the die's box side,
    with the rows kept."""
    crops, rows, images = [], [], {}
    with open(os.path.join(folder, "truth.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if not keep(row):
                continue
            path = os.path.join(folder, row["image"])
            if path not in images:
                images = {path: cv2.imread(path, cv2.IMREAD_COLOR)}  # the file lists each picture's dice together
            side = max(float(row["xmax"]) - float(row["xmin"]), float(row["ymax"]) - float(row["ymin"]))
            crops.append(dicedata.contract_crop(images[path], float(row["x"]), float(row["y"]), side))
            rows.append(row)
    return crops, rows


def read_crops(net, crops, labels):
    """Whether the model reads each crop right, and whether surely."""
    prob = train.softmax(train.predict(net, np.stack(crops)))
    return prob.argmax(1) == np.array(labels), prob.max(1) >= train.ASK_BELOW


def looks_table(net, folder):
    """How a pip face model reads the pip dice of a rendered corpus folder,
    a row for each family of dice looks (faces.csv names each die's)."""
    if not os.path.exists(os.path.join(folder, "faces.csv")):
        raise SystemExit(f"--folders: {folder} has no faces.csv; name a folder `dicegen corpus` wrote")

    def at(row):
        return row["image"], round(float(row["x"]), 1), round(float(row["y"]), 1)

    with open(os.path.join(folder, "faces.csv"), newline="") as f:
        looks = {at(row): (row["look"], row["design"]) for row in csv.DictReader(f)}
    crops, rows = truth_crops(folder, lambda row: looks.get(at(row), ("", ""))[1].startswith("pips")
                              and row["face"] in ("1", "2", "3", "4", "5", "6"))
    if not crops:
        return f"- {folder}: no pip dice with a look in faces.csv"
    right, sure = read_crops(net, crops, [int(row["face"]) for row in rows])
    family = np.array([looks[at(row)][0] for row in rows])
    lines = [f"{folder}: pip dice by look, read at the box of each (p >= {train.ASK_BELOW} is sure)", "",
             "| look | dice | read right | right and sure | wrong and sure |", "|---|---|---|---|---|"]
    for look in sorted(set(family)) + ["all"]:
        k = np.ones(len(rows), bool) if look == "all" else family == look
        lines.append(f"| {look} | {k.sum()} | {100 * right[k].mean():.1f} % | {100 * (right & sure)[k].mean():.1f} % "
                     f"| {(~right & sure)[k].sum()} |")
    return "\n".join(lines)


def poker_line(net, folder):
    """How the poker model reads every poker die of a rendered folder."""
    crops, rows = truth_crops(folder, lambda row: row["face"] in dicedata.POKER)
    if not crops:
        return f"- {folder}: no poker dice"
    right, sure = read_crops(net, crops, [dicedata.POKER.index(row["face"]) + 1 for row in rows])
    return (f"- {folder}: {len(rows)} poker dice, {100 * right.mean():.1f} % read right, "
            f"{100 * (right & sure).mean():.1f} % right with p >= {train.ASK_BELOW}, "
            f"{(~right & sure).sum()} wrong with p >= {train.ASK_BELOW}")


if __name__ == "__main__":
    main()
