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


def looks_table(net, folder):
    """How a pip face model reads the pip dice of a rendered corpus folder,
    a row for each family of dice looks (faces.csv names each die's)."""
    looks = {}
    if not os.path.exists(os.path.join(folder, "faces.csv")):
        raise SystemExit(f"--folders: {folder} has no faces.csv; name a folder `dicegen corpus` wrote")
    with open(os.path.join(folder, "faces.csv"), newline="") as f:
        for row in csv.DictReader(f):
            looks[(row["image"], round(float(row["x"]), 1), round(float(row["y"]), 1))] = (row["look"], row["design"])
    crops, labels, family, images = [], [], [], {}
    with open(os.path.join(folder, "truth.csv"), newline="") as f:
        for row in csv.DictReader(f):
            look, design = looks.get((row["image"], round(float(row["x"]), 1), round(float(row["y"]), 1)), ("", ""))
            if not design.startswith("pips") or row["face"] not in ("1", "2", "3", "4", "5", "6"):
                continue
            path = os.path.join(folder, row["image"])
            if path not in images:
                images = {path: cv2.imread(path, cv2.IMREAD_COLOR)}
            side = max(float(row["xmax"]) - float(row["xmin"]), float(row["ymax"]) - float(row["ymin"]))
            crops.append(dicedata.contract_crop(images[path], float(row["x"]), float(row["y"]), side))
            labels.append(int(row["face"]))
            family.append(look)
    if not crops:
        return f"- {folder}: no pip dice with a look in faces.csv"
    prob = train.softmax(train.predict(net, np.stack(crops)))
    labels, family = np.array(labels), np.array(family)
    right = prob.argmax(1) == labels
    sure = prob.max(1) >= train.ASK_BELOW
    lines = [f"{folder}: pip dice by look, read at the box of each (p >= {train.ASK_BELOW} is sure)", "",
             "| look | dice | read right | right and sure | wrong and sure |", "|---|---|---|---|---|"]
    for look in sorted(set(family)) + ["all"]:
        k = np.ones(len(labels), bool) if look == "all" else family == look
        lines.append(f"| {look} | {k.sum()} | {100 * right[k].mean():.1f} % | {100 * (right & sure)[k].mean():.1f} % "
                     f"| {(~right & sure)[k].sum()} |")
    return "\n".join(lines)


def poker_line(net, folder):
    """How the poker model reads every poker die of a rendered folder."""
    crops, labels, images = [], [], {}
    with open(os.path.join(folder, "truth.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if row["face"] not in dicedata.POKER:
                continue
            path = os.path.join(folder, row["image"])
            if path not in images:
                images[path] = cv2.imread(path, cv2.IMREAD_COLOR)
            side = max(float(row["xmax"]) - float(row["xmin"]), float(row["ymax"]) - float(row["ymin"]))
            crops.append(dicedata.contract_crop(images[path], float(row["x"]), float(row["y"]), side))
            labels.append(dicedata.POKER.index(row["face"]) + 1)
    if not crops:
        return f"- {folder}: no poker dice"
    prob = train.softmax(train.predict(net, np.stack(crops)))
    labels = np.array(labels)
    right = prob.argmax(1) == labels
    sure = prob.max(1) >= train.ASK_BELOW
    return (f"- {folder}: {len(labels)} poker dice, {100 * right.mean():.1f} % read right, "
            f"{100 * (right & sure).mean():.1f} % right with p >= {train.ASK_BELOW}, "
            f"{(~right & sure).sum()} wrong with p >= {train.ASK_BELOW}")


if __name__ == "__main__":
    main()
