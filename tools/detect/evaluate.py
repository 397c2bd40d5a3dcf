"""Scores a detector file, as OpenCV's dnn reads it, on held-out fold 0.

    /usr/bin/python3 tools/detect/evaluate.py --model vision/detect/detector.onnx

The die size given to the detector is the one a profile calibrated from folds
1-4 gives (data.profile_die_size), as `dicecam calibrate --exclude-fold 0/5`
would; "none" rows use the frame-only guess. Matching follows
../shared/datasets/README.md: a centre inside the labelled box grown by half
its width and height, greedy by distance, one to one.
"""

import argparse
import csv
import math
import os
import sys

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402

THRESHOLDS = (0.2, 0.3, 0.4, 0.5)


def prepare(image, die_size):
    """The network input for a frame, exactly as vision/detect cuts it."""
    h, w = image.shape[:2]
    s = data.DIE / die_size
    sw, sh = max(8, int(round(w * s))), max(8, int(round(h * s)))
    small = cv2.resize(image, (sw, sh), interpolation=cv2.INTER_AREA)
    pw, ph = -sw % 8, -sh % 8
    if pw or ph:
        small = cv2.copyMakeBorder(small, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    return small, (sw / w, sh / h)


def decode(out, sx, sy, threshold):
    """Peaks of the centre map (3x3 maximum at or above threshold), in frame pixels."""
    heat, logside = out[0, 0], out[0, 1]
    pad = np.pad(heat, 1, constant_values=-1)
    h, w = heat.shape
    peak = np.ones_like(heat, bool)
    for dy in range(3):
        for dx in range(3):
            if dy == 1 and dx == 1:
                continue
            n = pad[dy:dy + h, dx:dx + w]
            # ties go to the first cell in reading order, as the Go decoder does
            peak &= heat > n if (dy, dx) < (1, 1) else heat >= n
    ys, xs = np.nonzero(peak & (heat >= threshold))
    return [((x + 0.5) * data.STRIDE / sx, (y + 0.5) * data.STRIDE / sy,
             data.DIE * math.exp(logside[y, x]) / sx, float(heat[y, x])) for y, x in zip(ys, xs)]


def run(net, image, die_side):
    small, (sx, sy) = prepare(image, die_side)
    net.setInput(cv2.dnn.blobFromImage(small, 1 / 255.0))
    return net.forward(), sx, sy


FIRST_GUESS = 1 / 8.0


def guess_die_side(net, image, threshold=0.4, sure=0.5):
    """The die side vision/detect settles on for a frame without a profile:
    from an eighth of the short side, the median side of the sure dice
    found, until that agrees with the side looked for (three looks at most)."""
    guess = FIRST_GUESS * min(image.shape[:2])
    for look in range(3):
        sides = sorted(c[2] for c in decode(*run(net, image, guess), threshold) if c[3] >= sure)
        if not sides:
            return guess
        seen = sides[len(sides) // 2]
        if 0.85 < seen / guess < 1.18 or look == 2:
            return guess
        guess = seen


def match(found, boxes):
    """Greedy by distance, one to one; returns (matched, false)."""
    pairs = []
    for i, (x, y, *_rest) in enumerate(found):
        for j, (x0, y0, x1, y1) in enumerate(boxes):
            gw, gh = (x1 - x0) / 2, (y1 - y0) / 2
            if x0 - gw <= x <= x1 + gw and y0 - gh <= y <= y1 + gh:
                pairs.append((math.hypot(x - (x0 + x1) / 2, y - (y0 + y1) / 2), i, j))
    pairs.sort()
    used_i, used_j = set(), set()
    for _, i, j in pairs:
        if i not in used_i and j not in used_j:
            used_i.add(i)
            used_j.add(j)
    return len(used_j), len(found) - len(used_i)


def boxes_of(folder):
    out = {}
    with open(os.path.join(folder, "dice.csv"), newline="") as f:
        for row in csv.DictReader(f):
            out.setdefault(row["image"], []).append(tuple(float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax")))
    with open(os.path.join(folder, "images.csv"), newline="") as f:
        names = [row["image"] for row in csv.DictReader(f)]
    return names, out


def evaluate(model, root):
    net = cv2.dnn.readNetFromONNX(model)
    figures = {}
    for name in ("tray-topdown", "webcam-desk"):
        folder = os.path.join(root, name)
        names, boxes = boxes_of(folder)
        train_sides = [max(b[2] - b[0], b[3] - b[1])
                       for n in names if data.fold_of(n) != data.HELD_OUT_FOLD
                       for b, v in zip(boxes.get(n, []), values_of(folder, n)) if v >= 2]
        profile = data.profile_die_size(train_sides)
        for mode in ("profile", "none"):
            tally = {t: [0, 0] for t in THRESHOLDS}
            total = photos = 0
            for n in names:
                if data.fold_of(n) != data.HELD_OUT_FOLD:
                    continue
                image = cv2.imread(os.path.join(folder, n), cv2.IMREAD_COLOR)
                h, w = image.shape[:2]
                size = profile if mode == "profile" else guess_die_side(net, image)
                out, sx, sy = run(net, image, size)
                b = boxes.get(n, [])
                total += len(b)
                photos += 1
                for t in THRESHOLDS:
                    m, fa = match(decode(out, sx, sy, t), b)
                    tally[t][0] += m
                    tally[t][1] += fa
            figures[f"{name} ({mode_label(mode, profile)})"] = {
                str(t): {"recall": tally[t][0] / max(1, total), "false_per_photo": tally[t][1] / max(1, photos)}
                for t in THRESHOLDS} | {"photos": photos, "dice": total}
    return figures


def mode_label(mode, profile):
    return f"profile, die {profile:.0f} px" if mode == "profile" else "no profile, die side guessed from the frame"


_values = {}


def values_of(folder, name):
    if folder not in _values:
        v = {}
        with open(os.path.join(folder, "dice.csv"), newline="") as f:
            for row in csv.DictReader(f):
                v.setdefault(row["image"], []).append(int(row["value"]))
        _values[folder] = v
    return _values[folder].get(name, [])


def table(figures):
    lines = ["| set (die size given) | photos | dice | " + " | ".join(f"t={t}: recall, false/photo" for t in THRESHOLDS) + " |",
             "|---|---|---|" + "---|" * len(THRESHOLDS)]
    for k, f in figures.items():
        cells = [f"{100 * f[str(t)]['recall']:.1f} %, {f[str(t)]['false_per_photo']:.2f}" for t in THRESHOLDS]
        lines.append(f"| {k} | {f['photos']} | {f['dice']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="vision/detect/detector.onnx")
    ap.add_argument("--datasets", default="../shared/datasets")
    args = ap.parse_args()
    print(table(evaluate(args.model, args.datasets)))
