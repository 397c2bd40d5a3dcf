"""Trains the dice-face classifier and writes vision/model/dice.onnx.

Trains on folds 1-4 of every dataset and reports on fold 0, which it never
trains on. See README.md in this folder for the command and the figures.
"""

import argparse
import itertools
import json
import math
import multiprocessing
import os
import shutil
import subprocess
import sys
import time

import cv2
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

import dicedata
import samples

ALL_FOLDS = set(range(dicedata.FOLDS))
TRAIN_FOLDS = ALL_FOLDS - {dicedata.HELD_OUT_FOLD}
EVAL_FOLDS = {dicedata.HELD_OUT_FOLD}
ASK_BELOW = 0.9


def block(cin, cout):
    return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]


class Contrast(nn.Module):
    """How far each pixel's colour lies from the colour of the crop's centre,
    the three channels' distances summed, over the crop's mean: one plane in
    which a red pip on a black die, a white one on a red die and a black one
    on a white die look alike. A model that reads colours learns the pairs
    its training dice show; the tray's dark dice with red pips, unseen, it
    read as 1s.

    The centre's colour is the mean of its middle 20/48 (about two thirds of
    a die's top face at the contract's context), spread back over the crop
    by a transposed convolution: OpenCV 4.6 misreads ONNX's broadcast for a
    batch, so every step is a fixed convolution or an elementwise op of two
    planes of one shape."""

    def __init__(self, crop, colour=False):
        super().__init__()
        self.colour = colour
        lo, hi = crop * 14 // 48, crop * 34 // 48

        def fixed(conv, weight):
            conv.weight.data.copy_(weight)
            conv.weight.requires_grad_(False)
            return conv
        centre = torch.zeros(3, 1, crop, crop)
        centre[:, :, lo:hi, lo:hi] = 1 / ((hi - lo) ** 2)
        self.centre = fixed(nn.Conv2d(3, 3, crop, groups=3, bias=False), centre)
        self.spread3 = fixed(nn.ConvTranspose2d(3, 3, crop, groups=3, bias=False), torch.ones(3, 1, crop, crop))
        self.sum = fixed(nn.Conv2d(3, 1, 1, bias=False), torch.ones(1, 3, 1, 1))
        self.mean = fixed(nn.Conv2d(1, 1, crop, bias=False), torch.full((1, 1, crop, crop), 1 / crop ** 2))
        self.spread1 = fixed(nn.ConvTranspose2d(1, 1, crop, bias=False), torch.ones(1, 1, crop, crop))

    def forward(self, x):
        d = self.sum((x - self.spread3(self.centre(x))).abs())
        d = d * self.spread1(torch.reciprocal(self.mean(d) + 0.05))
        return torch.cat([x, d], 1) if self.colour else d


class MixStyle(nn.Module):
    """While training, with probability p, gives each crop's feature maps the
    channel means and spreads of a mix of its own and another crop's of the
    batch (MixStyle, Zhou et al. 2021): early layers' statistics carry a crop's
    light, colours and texture, which another table or dice set changes, and
    mixing them asks the layers after to read the face whatever they are. It
    is the identity when reading, so the exported network has the same
    layers as one trained without it. Whether a batch is mixed and with
    which crop come from a generator of its own, the mixing shares from
    PyTorch's stream."""

    def __init__(self, p, seed, alpha=0.1):
        super().__init__()
        self.p, self.alpha = p, alpha
        self.gen = torch.Generator().manual_seed(seed)

    def forward(self, x):
        if not self.training or torch.rand(1, generator=self.gen).item() >= self.p:
            return x
        n = x.shape[0]
        mu = x.mean((2, 3), keepdim=True).detach()
        sig = (x.var((2, 3), keepdim=True) + 1e-6).sqrt().detach()
        lam = torch.distributions.Beta(self.alpha, self.alpha).sample((n, 1, 1, 1)).to(x.device)
        perm = torch.randperm(n, generator=self.gen).to(x.device)
        mu2, sig2 = lam * mu + (1 - lam) * mu[perm], lam * sig + (1 - lam) * sig[perm]
        return (x - mu) / sig * sig2 + mu2


class Net(nn.Module):
    """A few 3x3 convolutions, global average pooling and one linear layer: small
    enough (~120k weights) to run in well under a millisecond a crop in OpenCV.

    lean drops the second convolution at 24 and 12 px, where most of the
    multiplications are, and adds one at 6 px, where they are cheap: 11 million
    multiply-adds a crop against 19 million. slim keeps every convolution and
    narrows those at 24 and 12 px by a quarter: 12 million. contrast and
    colour-contrast put Contrast before the standard layers."""

    def __init__(self, kind="standard", crop=dicedata.CROP, mixstyle=0.0, seed=1):
        super().__init__()
        stem, cin = [], 3
        if kind == "contrast":
            stem, cin = [Contrast(crop)], 1
        if kind == "colour-contrast":
            stem, cin = [Contrast(crop, colour=True)], 4
        if kind == "slim":
            layers = [*block(3, 16), nn.MaxPool2d(2),
                      *block(16, 24), *block(24, 24), nn.MaxPool2d(2),
                      *block(24, 48), *block(48, 48), nn.MaxPool2d(2),
                      *block(48, 96)]
        elif kind == "lean":
            layers = [*block(3, 16), nn.MaxPool2d(2),
                      *block(16, 32), nn.MaxPool2d(2),
                      *block(32, 64), nn.MaxPool2d(2),
                      *block(64, 96), *block(96, 96)]
        else:
            layers = [*stem, *block(cin, 16), nn.MaxPool2d(2),
                      *block(16, 32), *block(32, 32), nn.MaxPool2d(2),
                      *block(32, 64), *block(64, 64), nn.MaxPool2d(2),
                      *block(64, 96)]
        if mixstyle > 0:
            # after the first two stages, whose statistics hold the look rather than the face
            relus = [i for i, m in enumerate(layers) if isinstance(m, nn.ReLU)]
            for k in (2, 0):
                layers.insert(relus[k] + 1, MixStyle(mixstyle, seed + k))
        self.features = nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.head = nn.Sequential(nn.Dropout(0.2), nn.Linear(96, 7))

    def forward(self, x):
        return self.head(self.features(x))


def randconv(x, gen, sizes=(1, 3, 5)):
    """The batch seen through one random convolution, blended with itself by a
    random share (RandConv, Xu et al. 2021): a random filter keeps the shapes
    of pips and edges but gives every crop new colours and textures, which
    teaches the network that a face is its shapes. The filter's weights are
    drawn so that the output spreads about as the input does, and the
    result is clipped to the range a blob holds."""
    k = sizes[int(torch.randint(len(sizes), (1,), generator=gen))]
    w = torch.randn(3, 3, k, k, generator=gen) / math.sqrt(3 * k * k)
    out = F.conv2d(x - 0.5, w.to(x.device), padding=k // 2) + 0.5
    a = torch.rand(x.shape[0], 1, 1, 1, generator=gen).to(x.device)
    return (a * x + (1 - a) * out).clamp(0, 1)


def to_tensor(crops):
    """uint8 [N,48,48,3] BGR to float32 NCHW in [0,1]: the contract's blob."""
    return torch.from_numpy(crops).permute(0, 3, 1, 2).float().div(255.0).contiguous()


def epoch_set(datasets, epoch, seed, neg_share, tray_draws=2, synth_per_real=0.5, synth_min=0,
              sizes=(0.8, 1.2), group_weight=0.0, hard_weight=0.15, duotone=0.0, brightest=0.0,
              brightest_synthetic=False, brightest_view="brightest", lowres=0.0):
    """Fresh augmented crops for one epoch: every real training die twice (a
    tray-topdown die tray_draws times: its marbled dice are the hard ones),
    synth_per_real synthetic dice for each real one (at least synth_min)
    drawn from the rendered ones, and class-0 crops to make up neg_share of
    the whole."""
    rng = np.random.default_rng([seed, epoch])
    plans, real = [], 0
    synthetic = [ds for ds in datasets if ds.synthetic]
    for di, ds in enumerate(datasets):
        folds = ALL_FOLDS if ds.synthetic else TRAIN_FOLDS
        pos = samples.positives(di, ds, folds, rng, jitter=True, sizes=sizes)
        if ds.synthetic and real > 0:
            want = max(synth_min, int(real * synth_per_real)) // len(synthetic)
            keep = rng.permutation(len(pos))[:want]
            pos = [pos[k] for k in sorted(keep)]
        elif ds.synthetic:
            # With no real dice to match (the poker model), every rendered
            # die is drawn, and more again until there are synth_min of them.
            while pos and len(pos) < synth_min // len(synthetic):
                pos += samples.positives(di, ds, folds, rng, jitter=True, sizes=sizes)
        else:
            draws = tray_draws if ds.name == "tray-topdown" else 2
            for _ in range(draws - 1):
                pos += samples.positives(di, ds, folds, rng, jitter=True, sizes=sizes)
            real += len(pos)
        n_neg = int(len(pos) * neg_share / (1 - neg_share))
        plans += pos + samples.negatives(di, ds, folds, rng, n_neg, group_weight, hard_weight)
    return samples.render(datasets, plans, rng, duotone, brightest, brightest_synthetic, brightest_view, lowres)


# The datasets the worker processes cut crops from: set before the pool forks,
# so that every worker shares the decoded photos rather than receiving a copy.
_POOL_DATASETS = None


def _epoch_in_worker(job):
    epoch, seed, kwargs = job
    return epoch_set(_POOL_DATASETS, epoch, seed, **kwargs)


def epoch_sets(datasets, epochs, seed, workers, **kwargs):
    """Yields every epoch's crops in order. An epoch's crops depend on its own
    seed alone, so workers processes cutting epochs side by side, while the
    network trains on those cut before, yield the same crops as this process
    cutting them itself (workers 0); at most two epochs a worker wait ahead
    of the training, each holding a few hundred megabytes."""
    if workers <= 0:
        for epoch in range(epochs):
            yield epoch_set(datasets, epoch, seed, **kwargs)
        return
    global _POOL_DATASETS
    _POOL_DATASETS = datasets
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        pending = []
        for epoch in range(epochs):
            pending.append(pool.apply_async(_epoch_in_worker, ((epoch, seed, kwargs),)))
            if len(pending) >= 2 * workers:
                yield pending.pop(0).get()
        for p in pending:
            yield p.get()


def synthesize(folder, n, seed):
    """Renders n pictures with cmd/dicegen, afresh, so the command alone
    reproduces the training data. Returns the folder's dataset."""
    shutil.rmtree(folder, ignore_errors=True)
    cmd = ["go", "run", "./cmd/dicegen", "scenes", "--out", folder, "--n", str(n), "--seed", str(seed)]
    print(" ".join(cmd), file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return dicedata.load(os.path.dirname(folder), os.path.basename(folder), synthetic=True)


def eval_set(datasets, di, seed, folds=None):
    """The held-out fold of one dataset (or the folds given): every die at
    the contract's crop and as many class-0 crops."""
    rng = np.random.default_rng([seed, 999, di])
    ds = datasets[di]
    folds = EVAL_FOLDS if folds is None else folds
    pos = samples.positives(di, ds, folds, rng, jitter=False)
    plans = pos + samples.negatives(di, ds, folds, rng, len(pos))
    crops, labels = samples.render(datasets, plans)
    return crops, labels, plans


def scale_line(model, datasets, di, seed):
    """How the reading holds when the reader's s is off the labelled box's."""
    rng = np.random.default_rng([seed, 998, di])
    parts = []
    for f in (0.75, 0.9, 1.15, 1.35):
        plans = samples.positives(di, datasets[di], EVAL_FOLDS, rng, jitter=False)
        for p in plans:
            p.s *= f
        crops, labels = samples.render(datasets, plans)
        prob = softmax(predict(model, crops))
        right = (prob.argmax(1) == labels).mean()
        asked = (prob.max(1) < ASK_BELOW).mean()
        wrong = ((prob.argmax(1) != labels) & (prob.max(1) >= ASK_BELOW)).sum()
        parts.append(f"{f}x: {100 * right:.1f} % right, {100 * asked:.1f} % asked, {wrong} wrong with p >= {ASK_BELOW}")
    return "- dice with s scaled by " + "; ".join(parts) + "\n"


def predict(model, crops):
    """Logits of crops from the PyTorch model or from an OpenCV dnn Net."""
    if isinstance(model, cv2.dnn.Net):
        blob = cv2.dnn.blobFromImages(list(crops), 1 / 255.0, (dicedata.CROP, dicedata.CROP), 0, False, False)
        model.setInput(blob)
        return model.forward()
    model.eval()
    device = next(model.parameters()).device
    with torch.no_grad():
        logits = torch.cat([model(to_tensor(crops[i:i + 512]).to(device)).cpu() for i in range(0, len(crops), 512)])
    return logits.numpy()


def softmax(z):
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def report(name, logits, labels):
    p = softmax(logits)
    pred, top = p.argmax(1), p.max(1)
    conf = np.zeros((7, 7), int)
    for t, q in zip(labels, pred):
        conf[t, q] += 1
    dice = labels > 0
    asked = top < ASK_BELOW
    wrong = pred != labels
    lines = [f"## {name}: {len(labels)} held-out crops ({dice.sum()} dice, {(~dice).sum()} not dice)",
             f"- crop accuracy {100 * (~wrong).mean():.1f} %; dice read right {100 * (~wrong[dice]).mean():.1f} %; "
             f"not-dice rejected {100 * (~wrong[~dice]).mean():.1f} %",
             f"- asked (top probability < {ASK_BELOW}) {100 * asked.mean():.1f} % of crops, "
             f"{100 * asked[dice].mean():.1f} % of dice",
             f"- wrong but confident {100 * (wrong & ~asked).mean():.2f} % of crops "
             f"({(wrong & ~asked).sum()}), of dice {100 * (wrong & ~asked)[dice].mean():.2f} %",
             f"- dice read right when not asked {100 * (~wrong & ~asked)[dice].sum() / max(1, (~asked)[dice].sum()):.1f} %",
             "- per class (recall): " + ", ".join(
                 f"{c}: {100 * conf[c, c] / max(1, conf[c].sum()):.1f} %" for c in range(7)),
             "", "| true \\ read | " + " | ".join(str(c) for c in range(7)) + " |",
             "|---" * 8 + "|"]
    lines += [f"| {t} | " + " | ".join(str(v) for v in conf[t]) + " |" for t in range(7)]
    return "\n".join(lines) + "\n"


def export(model, path):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    model = model.cpu().eval()
    dummy = torch.zeros(1, 3, dicedata.CROP, dicedata.CROP)
    # OpenCV 4.6 reads what the TorchScript exporter writes at opset 11; newer
    # PyTorch exports through dynamo unless told not to.
    extra = {"dynamo": False} if "dynamo" in torch.onnx.export.__code__.co_varnames else {}
    torch.onnx.export(model, dummy, path, opset_version=11, input_names=["crop"], output_names=["logits"],
                      dynamic_axes={"crop": {0: "n"}, "logits": {0: "n"}}, do_constant_folding=True, **extra)


def check_opencv(path, model, crops):
    """OpenCV's dnn must read the file and agree with PyTorch, batch of many included."""
    net = cv2.dnn.readNetFromONNX(path)
    blob = cv2.dnn.blobFromImages(list(crops), 1 / 255.0, (dicedata.CROP, dicedata.CROP), 0, False, False)
    net.setInput(blob)
    got = net.forward()
    want = predict(model, crops)
    diff = float(np.abs(got - want).max())
    if diff > 1e-3:
        raise SystemExit(f"OpenCV and PyTorch disagree on {path}: max difference {diff}")
    return diff


def write_golden(folder, model, crops, labels):
    """One fold-0 crop of each class with PyTorch's logits, for the Go test."""
    os.makedirs(folder, exist_ok=True)
    cases = []
    for c in range(7):
        k = int(np.flatnonzero(labels == c)[0])
        name = f"class{c}.png"
        cv2.imwrite(os.path.join(folder, name), crops[k])
        back = cv2.imread(os.path.join(folder, name), cv2.IMREAD_COLOR)
        logits = predict(model, back[None])[0]
        cases.append({"file": name, "label": c, "logits": [round(float(v), 5) for v in logits]})
    with open(os.path.join(folder, "golden.json"), "w") as f:
        json.dump(cases, f, indent=1)
        f.write("\n")


# The committed model learns every one of them (README.md here says how).
REAL = ("tray-topdown", "webcam-desk", "casino-crops", "whitebox-singles")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--datasets", default="../shared/datasets", help="folder holding the real photographs")
    ap.add_argument("--sources", default=",".join(REAL),
                    help="the real folders to train on, comma-separated; leave one out to measure the model on it")
    ap.add_argument("--corpus", default="", help="comma-separated folders of `dicegen corpus` scenes to train on too")
    ap.add_argument("--synth-per-real", type=float, default=0.5, help="corpus or synthetic dice drawn an epoch for each real one")
    ap.add_argument("--fronts", action="store_true",
                    help="learn the near side face of each corpus die seen at a slant as not a die")
    ap.add_argument("--synth-min", type=int, default=0, help="corpus or synthetic dice drawn an epoch at least")
    ap.add_argument("--faces", choices=("pips", "poker"), default="pips",
                    help="pips for vision/model/dice.onnx; poker for the poker face model, from the corpus's poker dice alone")
    ap.add_argument("--out", default="vision/model/dice.onnx")
    ap.add_argument("--golden", default="vision/model/testdata", help="where the Go test's crops go")
    ap.add_argument("--report", default="tools/train/report.md")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--workers", type=int, default=0,
                    help="processes cutting the epochs' crops while the network trains (0: this one, between epochs); "
                         "the crops are the same for any number")
    ap.add_argument("--device", default="cpu",
                    help="where PyTorch trains: cpu, or cuda where a GPU is; a GPU's kernels do not give the CPU's bytes")
    ap.add_argument("--tray-draws", type=int, default=2, help="crops of each tray-topdown die per epoch")
    ap.add_argument("--smooth", type=float, default=0.05, help="label smoothing")
    ap.add_argument("--logos", choices=("skip", "one"), default="skip",
                    help="pips: leave dice whose 1 face wears a logo out (skip), or learn them as 1s (one)")
    ap.add_argument("--synth", type=int, default=0, help="pictures to render with cmd/dicegen and train on too")
    ap.add_argument("--hold", type=int, default=dicedata.HELD_OUT_FOLD,
                    help="the fold of the real photographs kept out of training and scored: -1 for none")
    ap.add_argument("--crop", type=int, default=dicedata.CROP, help="side of the square the model reads, in pixels")
    ap.add_argument("--net", choices=("standard", "slim", "lean", "contrast", "colour-contrast"), default="standard",
                    help="the network: slim and lean have 37 and 40 %% fewer multiply-adds a crop; contrast is "
                         "standard reading each pixel's colour distance from the crop's centre instead of its colour, "
                         "colour-contrast both (README: tried, not committed)")
    ap.add_argument("--mixstyle", type=float, default=0.0,
                    help="share of training batches whose early feature statistics are mixed between crops (MixStyle)")
    ap.add_argument("--randconv", type=float, default=0.0,
                    help="share of training batches seen through a random convolution (RandConv)")
    ap.add_argument("--hard", help="mine.py CSVs of false dice to add to class 0, comma-separated")
    ap.add_argument("--hard-weight", type=float, default=0.15,
                    help="weight of those places among the class-0 kinds, whose others sum to 1")
    ap.add_argument("--sizes", type=lambda v: tuple(float(x) for x in v.split(",")), default=(0.8, 1.2),
                    help="the range of factors a training die's side is scaled by, as LOW,HIGH")
    ap.add_argument("--groups", type=float, default=0.0,
                    help="weight of class-0 crops of a few dice seen as one, beside the other kinds' 1.15")
    ap.add_argument("--duotone", type=float, default=0.0,
                    help="share of training crops painted in two random colours (dicedata.duotone)")
    ap.add_argument("--brightest", type=float, default=0.0,
                    help="share of training crops turned to their brightest channel, as grey (dicedata.brightest)")
    ap.add_argument("--brightest-view", choices=sorted(dicedata.VIEWS), default="brightest",
                    help="what --brightest turns crops to: the brightest channel, or the brightest or darkest, "
                         "whichever varies more over the die (dicedata.extreme)")
    ap.add_argument("--brightest-synthetic", action="store_true",
                    help="turn only the rendered sets' crops to their brightest channel, leaving the photographs' as they are")
    ap.add_argument("--lowres", type=float, default=0.0,
                    help="share of training crops shown as a die 15-40 px across shows (dicedata.lowres)")
    ap.add_argument("--synth-dir", default="/tmp/dicecam-synth", help="where those pictures go (emptied first)")
    args = ap.parse_args()

    if args.epochs < 1:
        raise SystemExit(f"--epochs {args.epochs}: give at least 1; the committed model trains 50")
    dicedata.CROP = args.crop
    global TRAIN_FOLDS, EVAL_FOLDS
    TRAIN_FOLDS, EVAL_FOLDS = ALL_FOLDS - {args.hold}, {args.hold}
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    torch.manual_seed(args.seed)
    if args.device.startswith("cuda"):
        if not torch.cuda.is_available():
            raise SystemExit(f"--device {args.device}: PyTorch sees no GPU here; leave --device out to train on the CPU")
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
        # pooling's backward pass has no deterministic CUDA kernel
        torch.use_deterministic_algorithms(True, warn_only=True)
    else:
        torch.use_deterministic_algorithms(True)
    started = time.time()
    sources = [n for n in args.sources.split(",") if n] if args.faces == "pips" else []
    for n in sources:
        if n not in REAL:
            raise SystemExit(f"--sources: {n} is not one of {', '.join(REAL)}")
    datasets = [dicedata.load(args.datasets, n) for n in sources]
    for path in [p for p in (args.hard or "").split(",") if p]:
        dicedata.add_hard(datasets, path)
    evals = [eval_set(datasets, di, args.seed) for di in range(len(datasets))] if args.hold >= 0 else []
    if args.synth > 0:
        datasets.append(synthesize(os.path.abspath(args.synth_dir), args.synth, args.seed))
    for folder in [f for f in args.corpus.split(",") if f]:
        folder = os.path.abspath(folder)
        corpus = dicedata.load(os.path.dirname(folder), os.path.basename(folder), synthetic=True)
        datasets.append(dicedata.fronts_as_hard(corpus) if args.fronts else corpus)
    if args.faces == "poker":
        datasets = [dicedata.as_poker(ds) for ds in datasets]
    elif args.logos == "one":
        datasets = [dicedata.logos_as_one(ds) for ds in datasets]
    if not datasets:
        raise SystemExit("nothing to train on: name --sources, --corpus or --synth")

    model = Net(args.net, args.crop, args.mixstyle, args.seed)
    steps_per_epoch = None
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    loss_fn = nn.CrossEntropyLoss(label_smoothing=args.smooth)
    sched = None
    gen = torch.Generator().manual_seed(args.seed)
    rc_gen = torch.Generator().manual_seed(args.seed + 1000)
    sets = epoch_sets(datasets, args.epochs, args.seed, args.workers, neg_share=0.3, tray_draws=args.tray_draws,
                      synth_per_real=args.synth_per_real, synth_min=args.synth_min,
                      sizes=args.sizes, group_weight=args.groups, hard_weight=args.hard_weight,
                      duotone=args.duotone, brightest=args.brightest,
                      brightest_synthetic=args.brightest_synthetic, brightest_view=args.brightest_view,
                      lowres=args.lowres)
    # The first epoch forks the workers; a process must not fork once CUDA has started in it.
    first = next(sets)
    model.to(args.device)
    for epoch, (crops, labels) in enumerate(itertools.chain([first], sets)):
        x, y = to_tensor(crops).to(args.device), torch.from_numpy(labels).to(args.device)
        if sched is None:
            steps_per_epoch = (len(y) + 127) // 128
            sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, epochs=args.epochs,
                                                        steps_per_epoch=steps_per_epoch + 2, pct_start=0.15)
        order = torch.randperm(len(y), generator=gen).to(args.device)
        model.train()
        total = 0.0
        for i in range(0, len(y), 128):
            idx = order[i:i + 128]
            opt.zero_grad()
            xb = x[idx]
            if args.randconv > 0 and torch.rand(1, generator=rc_gen).item() < args.randconv:
                xb = randconv(xb, rc_gen)
            loss = loss_fn(model(xb), y[idx])
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss) * len(idx)
        print(f"epoch {epoch + 1}/{args.epochs}: {len(y)} crops, loss {total / len(y):.4f}, "
              f"{time.time() - started:.0f} s", file=sys.stderr, flush=True)

    text = [f"# Fold-{args.hold} figures of {args.out}\n",
            f"Trained {args.epochs} epochs on folds {sorted(TRAIN_FOLDS)} of {', '.join(sources) or 'no real photographs'}, "
            f"corpus {args.corpus or 'none'}, {args.faces} faces, {args.crop} px crops, seed {args.seed}, {args.synth} synthetic pictures, "
            f"{args.net} network, hard negatives {args.hard or 'none'} at weight {args.hard_weight}, sizes {args.sizes[0]}-{args.sizes[1]}, group weight {args.groups}, duotone share {args.duotone}, MixStyle share {args.mixstyle}, RandConv share {args.randconv}, brightest share {args.brightest}"
            f"{'' if args.brightest_view == 'brightest' else ' (' + args.brightest_view + ' channel)'}"
            f"{' (rendered sets only)' if args.brightest_synthetic else ''}, low-resolution share {args.lowres}, "
            f"label smoothing {args.smooth}, {args.tray_draws} draws of each tray-topdown die, "
            f"in {time.time() - started:.0f} s.\n"]
    for (crops, labels, _), ds in zip(evals, datasets):  # the real ones only
        text.append(report(ds.name, predict(model, crops), labels))
        text.append(scale_line(model, datasets, datasets.index(ds), args.seed))
    export(model, args.out)
    # The golden crops and the OpenCV check need crops of every class: the
    # held-out ones where there are some, else the first dataset's.
    checks = [e[:2] for e in evals] or [eval_set(datasets, 0, args.seed, ALL_FOLDS)[:2]]
    diff = check_opencv(args.out, model, np.concatenate([c[0][:64] for c in checks]))
    write_golden(args.golden, model, checks[0][0], checks[0][1])
    text.append(f"OpenCV {cv2.__version__} dnn reads {args.out} ({os.path.getsize(args.out)} bytes) and agrees "
                f"with PyTorch to {diff:.1e} on 128 crops in one batch.\n")
    with open(args.report, "w") as f:
        f.write("\n".join(text))
    print("\n".join(text))


if __name__ == "__main__":
    main()
