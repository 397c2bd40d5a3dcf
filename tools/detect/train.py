"""Trains the dice centre detector in vision/detect/detector.onnx.

Usage (from the repository root, see README.md beside this file):

    nice -n 10 /usr/bin/python3 tools/detect/train.py --synth /tmp/detect/synth --minutes 15 --seed 1
"""

import argparse
import json
import math
import os
import sys
import time

import cv2
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import evaluate  # noqa: E402


def block(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Detector(nn.Module):
    """Stride-4 CenterNet head on a tiny encoder with one skip connection.

    Output (1, 2, H/4, W/4): channel 0 the centre score in 0..1, channel 1
    log(side / DIE). H and W must be multiples of 8. width scales every
    layer's channels.
    """

    def __init__(self, width=1.0):
        super().__init__()
        a, b, c = (int(round(n * width)) for n in (16, 24, 48))
        self.c1 = block(3, a, 2)      # /2
        self.c2 = block(a, b, 2)      # /4
        self.c3 = block(b, b)
        self.c4 = block(b, c, 2)      # /8
        self.c5 = block(c, c)
        self.c6 = block(c, c)
        self.lat = nn.Conv2d(c, b, 1)
        self.fuse = block(b, b)
        self.head = nn.Conv2d(b, 2, 1)
        self.head.bias.data[0] = -2.2  # a rare positive class at the start

    def forward(self, x):
        x = self.c1(x - 0.5)
        s4 = self.c3(self.c2(x))
        x = self.c6(self.c5(self.c4(s4)))
        x = F.interpolate(self.lat(x), scale_factor=2.0, mode="nearest")
        x = self.head(self.fuse(x + s4))
        return torch.cat([torch.sigmoid(x[:, :1]), x[:, 1:]], 1)


def focal(pred, gt):
    """CenterNet's penalty-reduced focal loss on probabilities."""
    pred = pred.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pl = torch.log(pred) * (1 - pred) ** 2 * pos
    nl = torch.log(1 - pred) * pred ** 2 * (1 - gt) ** 4 * neg
    n = pos.sum().clamp(min=1)
    return -(pl.sum() + nl.sum()) / n


def batch(photos, weights, rng, n, zoom):
    idx = rng.choice(len(photos), size=n, p=weights)
    imgs, heats, sizes, masks = [], [], [], []
    for i in idx:
        img, heat, size, mask = data.sample(photos[i], rng, zoom)
        imgs.append(img)
        heats.append(heat)
        sizes.append(size)
        masks.append(mask)
    x = torch.from_numpy(np.stack(imgs)).permute(0, 3, 1, 2).float() / 255.0
    return x, torch.from_numpy(np.stack(heats))[:, None], torch.from_numpy(np.stack(sizes))[:, None], \
        torch.from_numpy(np.stack(masks))[:, None]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--synth", default="", help="folder of `go run ./cmd/dicegen scenes` output")
    ap.add_argument("--corpus", default="", help="comma-separated folders of `dicegen corpus` scenes")
    ap.add_argument("--sources", default="tray-topdown,webcam-desk",
                    help="the real folders to train on, comma-separated; leave one out to measure the detector on it")
    ap.add_argument("--shares", default="tray-topdown=0.45,webcam-desk=0.3,synthetic=0.25,corpus=0",
                    help="the share of patches each kind of folder gives; a left-out source's share goes to the rest")
    ap.add_argument("--width", type=float, default=1.0, help="scales the network's channels")
    ap.add_argument("--minutes", type=float, default=15)
    ap.add_argument("--steps", type=int, default=4000, help="schedule length; stops earlier at --minutes")
    ap.add_argument("--batch", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--zoom", default="0.6,1.8",
                    help="the scales patches are drawn at, as times the contract's; Detect without a "
                         "profile sizes a die far outside them about as the range's end")
    ap.add_argument("--hold", type=int, default=data.HELD_OUT_FOLD,
                    help="the fold of the real photographs kept out of training and scored: -1 for none")
    ap.add_argument("--out", default="vision/detect/detector.onnx")
    ap.add_argument("--report", default="tools/detect/report.md")
    ap.add_argument("--golden", default="vision/detect/testdata/golden.json",
                    help="PyTorch's output on a fixture, for the Go test to compare OpenCV's with")
    args = ap.parse_args()

    zoom = tuple(float(z) for z in args.zoom.split(","))
    if len(zoom) != 2 or not 0 < zoom[0] < zoom[1]:
        raise SystemExit(f"--zoom {args.zoom}: want two scales, the smaller first, such as 0.6,1.8")
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    data.HELD_OUT_FOLD = args.hold
    train_folds = set(range(data.FOLDS)) - {args.hold}
    share = {k: float(v) for k, v in (kv.split("=") for kv in args.shares.split(","))}
    sets = {}
    for name in [n for n in args.sources.split(",") if n]:
        sets[name] = data.load(os.path.join(args.datasets, name), train_folds)
    if args.synth:
        sets["synthetic"] = data.load(args.synth)
    corpora = [f for f in args.corpus.split(",") if f]
    for folder in corpora:
        sets[folder] = data.load(folder)
        share[folder] = share.get("corpus", 0) / len(corpora)
    photos, weights = [], []
    for name, ps in sets.items():
        if share.get(name, 0) <= 0 or not ps:
            raise SystemExit(f"{name}: give it a share in --shares, or leave it out")
        print(f"{name}: {len(ps)} training photos, share {share[name]}", flush=True)
        photos += ps
        weights += [share[name] / len(ps)] * len(ps)
    weights = np.array(weights) / np.sum(weights)

    model = Detector(args.width)
    print(f"{sum(p.numel() for p in model.parameters())} weights", flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=args.steps, pct_start=0.1)
    start = time.time()
    step = 0
    model.train()
    while step < args.steps and time.time() - start < args.minutes * 60:
        x, heat, size, mask = batch(photos, weights, rng, args.batch, zoom)
        out = model(x)
        lh = focal(out[:, :1], heat)
        ls = (F.l1_loss(out[:, 1:], size, reduction="none") * mask).sum() / mask.sum().clamp(min=1)
        loss = lh + 0.5 * ls
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        if step % 100 == 0:
            print(f"step {step} loss {loss.item():.3f} heat {lh.item():.3f} size {ls.item():.3f} "
                  f"{time.time() - start:.0f}s", flush=True)
    minutes = (time.time() - start) / 60
    model.eval()
    export(model, args.out)
    write_golden(model, args.out, args.golden)
    print(f"trained {step} steps in {minutes:.1f} min; wrote {args.out}", flush=True)
    if args.hold < 0:
        return
    figures = evaluate.evaluate(args.out, args.datasets)
    with open(args.report, "w") as f:
        f.write(f"# Detector alone on held-out fold {args.hold}\n\n")
        f.write(f"Trained {step} steps (batch {args.batch}, seed {args.seed}, width {args.width}) on "
                f"{', '.join(sets)} in {minutes:.1f} min on one thread.\n\n")
        f.write(evaluate.table(figures))
    print(json.dumps(figures, indent=1))


def export(model, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    x = torch.zeros(1, 3, 96, 128)
    torch.onnx.export(model, x, path, opset_version=11, input_names=["frame"], output_names=["centres"],
                      dynamic_axes={"frame": {2: "h", 3: "w"}, "centres": {2: "h4", 3: "w4"}})


GOLDEN_IMAGE = "testdata/fixtures/touching/images/touching-0.jpg"


def write_golden(model, onnx_path, path):
    """PyTorch's output for one fixture frame, cut as vision/detect cuts it,
    and a check that OpenCV's dnn reads the exported file the same way."""
    image = cv2.imread(GOLDEN_IMAGE, cv2.IMREAD_COLOR)
    if image is None:
        raise SystemExit(f"read {GOLDEN_IMAGE}: run from the repository root")
    die_side = 60.0
    small, _ = evaluate.prepare(image, die_side)
    x = torch.from_numpy(small).permute(2, 0, 1)[None].float() / 255.0
    with torch.no_grad():
        want = model(x).numpy()
    net = cv2.dnn.readNetFromONNX(onnx_path)
    net.setInput(cv2.dnn.blobFromImage(small, 1 / 255.0))
    got = net.forward()
    diff = float(np.abs(got - want).max())
    print(f"OpenCV dnn vs PyTorch on {GOLDEN_IMAGE}: largest difference {diff:.2e}", flush=True)
    if diff > 1e-3:
        raise SystemExit("OpenCV's dnn reads the exported detector differently from PyTorch")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump({"image": GOLDEN_IMAGE, "die_side": die_side, "shape": list(want.shape),
                   "output": [round(float(v), 6) for v in want.ravel()]}, f)


if __name__ == "__main__":
    main()
