"""Where to cut crops: dice (classes 1..6) and the things a die finder mistakes
for dice (class 0): bare background, the gap between two touching dice, half a
die, a die seen far too small or far too large."""

from dataclasses import dataclass

import numpy as np

import dicedata


@dataclass
class Plan:
    dataset: int  # index into the list of datasets
    photo: int
    cx: float
    cy: float
    s: float
    label: int
    kind: str  # "die", "background", "between", "offset", "large", "small", "hard", "group"


def _dice_by_photo(ds):
    by = {}
    for d in ds.dice:
        by.setdefault(d.photo, []).append(d)
    return by


def positives(di, ds, folds, rng, jitter, sizes=(0.8, 1.2)):
    """One plan per die; with jitter the centre moves by up to 15% of s, the size
    by a factor drawn from sizes, and (for webcam-desk) s lies anywhere from the
    labelled pip group to the whole die."""
    plans = []
    for d in ds.dice:
        if ds.photos[d.photo].fold not in folds or d.value < 1:
            continue
        if not jitter:
            plans.append(Plan(di, d.photo, d.cx, d.cy, d.s_box, d.value, "die"))
            continue
        lo = d.s_box if d.value != 1 else max(d.s_box, 0.6 * d.s_die)
        s = rng.uniform(min(lo, d.s_die), d.s_die) * rng.uniform(*sizes)
        cx = d.cx + rng.uniform(-0.15, 0.15) * s
        cy = d.cy + rng.uniform(-0.15, 0.15) * s
        plans.append(Plan(di, d.photo, cx, cy, s, d.value, "die"))
    return plans


def negatives(di, ds, folds, rng, count, group_weight=0.0, hard_weight=0.15):
    """count plans of class 0, drawn over the photos of the given folds.
    group_weight is the weight, beside the other kinds' (which sum to 1.15
    with hard_weight at 0.15), of a few dice lying near one another seen as
    one die of two to five times their side: a detector settling a table's
    dice size itself draws such boxes, and a model never shown one reads it
    as a 1 or a 2. hard_weight is that of the places mine.py found."""
    by = _dice_by_photo(ds)
    photos = [i for i, p in enumerate(ds.photos) if p.fold in folds]
    dice = [d for d in ds.dice if ds.photos[d.photo].fold in folds and d.value > 0]
    pairs = []
    for i in photos:
        ds_i = by.get(i, [])
        for a in range(len(ds_i)):
            for b in range(a + 1, len(ds_i)):
                p, q = ds_i[a], ds_i[b]
                if np.hypot(p.cx - q.cx, p.cy - q.cy) < 1.5 * (p.s_die + q.s_die) / 2:
                    pairs.append((p, q))
    hard = [h for h in ds.hard if ds.photos[h[0]].fold in folds]
    median_s = float(np.median([d.s_die for d in dice or ds.dice]))
    groups = [i for i in photos if len(by.get(i, [])) >= 2]
    kinds = ["background", "offset", "between", "large", "small", "hard", "group"]
    weights = np.array([0.35, 0.3, 0.15, 0.12, 0.08, hard_weight, group_weight])
    if not pairs:
        weights[2] = 0
    if not groups:
        weights[6] = 0
    if not dice:
        weights[[1, 3, 4]] = 0
    if not hard:
        weights[5] = 0
    weights /= weights.sum()
    plans = []
    while len(plans) < count:
        kind = kinds[rng.choice(len(kinds), p=weights)]
        if kind == "background":
            plan = _background(di, ds, photos, by, median_s, rng)
        elif kind == "between":
            p, q = pairs[rng.integers(len(pairs))]
            s = (p.s_die + q.s_die) / 2 * rng.uniform(0.85, 1.15)
            cx = (p.cx + q.cx) / 2 + rng.uniform(-0.1, 0.1) * s
            cy = (p.cy + q.cy) / 2 + rng.uniform(-0.1, 0.1) * s
            plan = Plan(di, p.photo, cx, cy, s, 0, kind)
        elif kind == "offset":
            d = dice[rng.integers(len(dice))]
            a = rng.uniform(0, 2 * np.pi)
            r = rng.uniform(0.55, 0.85) * d.s_die
            s = d.s_die * rng.uniform(0.85, 1.15)
            plan = Plan(di, d.photo, d.cx + r * np.cos(a), d.cy + r * np.sin(a), s, 0, kind)
        elif kind == "hard":
            photo, hx, hy, hs = hard[rng.integers(len(hard))]
            s = hs * rng.uniform(0.85, 1.2)
            plan = Plan(di, photo, hx + rng.uniform(-0.1, 0.1) * s, hy + rng.uniform(-0.1, 0.1) * s, s, 0, kind)
        elif kind == "group":
            plan = _group(di, by[groups[rng.integers(len(groups))]], rng)
        elif kind == "large":
            d = dice[rng.integers(len(dice))]
            plan = Plan(di, d.photo, d.cx, d.cy, d.s_die * rng.uniform(2.3, 3.0), 0, kind)
        else:
            # the centre of a 1, 3 or 5 seen small is a fair 1: only 2, 4, 6 are "not a die" there
            d = dice[rng.integers(len(dice))]
            if d.value % 2 == 1:
                continue
            plan = Plan(di, d.photo, d.cx, d.cy, d.s_die * rng.uniform(0.3, 0.45), 0, kind)
        if plan is not None:
            plans.append(plan)
    return plans


def _group(di, dice, rng):
    """A crop holding a die and one to three of its nearest neighbours within
    four of its sides, centred between them, at two to five times their side
    and at least as wide as they lie: two dice apart pass for a 2's pips."""
    d = dice[rng.integers(len(dice))]
    near = sorted((q for q in dice if q is not d and np.hypot(q.cx - d.cx, q.cy - d.cy) < 4 * d.s_die),
                  key=lambda q: np.hypot(q.cx - d.cx, q.cy - d.cy))
    if not near:
        return None
    chosen = [d] + near[:rng.integers(1, min(3, len(near)) + 1)]
    cx = float(np.mean([q.cx for q in chosen]))
    cy = float(np.mean([q.cy for q in chosen]))
    reach = max(max(abs(q.cx - cx), abs(q.cy - cy)) + q.s_die / 2 for q in chosen)
    s = max(2 * reach, d.s_die * rng.uniform(2.0, 5.0))
    return Plan(di, d.photo, cx, cy, s, 0, "group")


def _background(di, ds, photos, by, median_s, rng):
    i = photos[rng.integers(len(photos))]
    near = by.get(i, [])
    s = (near[rng.integers(len(near))].s_die if near else median_s) * rng.uniform(0.8, 1.2)
    h, w = ds.photos[i].image.shape[:2]
    for _ in range(20):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if all(np.hypot(cx - d.cx, cy - d.cy) > 0.9 * max(s, d.s_die) for d in near):
            return Plan(di, i, cx, cy, s, 0, "background")
    return None


def render(datasets, plans, rng=None, duotone=0.0, brightest=0.0, brightest_synthetic=False,
           brightest_view="brightest", lowres=0.0):
    """Cuts the crops: augmented (rotated, recoloured, a share duotone of them
    painted in two random colours, a share brightest of them turned to the
    view dicedata.VIEWS names brightest_view, of the rendered sets' crops
    only where brightest_synthetic, a share lowres of them shown as a small
    die shows, dicedata.lowres) when rng is given, else the exact contract
    crop.
    Returns uint8 [N,48,48,3] BGR and labels [N]."""
    out = np.empty((len(plans), dicedata.CROP, dicedata.CROP, 3), np.uint8)
    for k, p in enumerate(plans):
        ds = datasets[p.dataset]
        image = ds.photos[p.photo].image
        if rng is None:
            out[k] = dicedata.contract_crop(image, p.cx, p.cy, p.s)
            continue
        patch = dicedata.warped_crop(image, p.cx, p.cy, p.s, rng.uniform(0, 360))
        if lowres > 0 and rng.random() < lowres:
            patch = dicedata.lowres(patch, rng)
        hue_p = 0.6 if ds.name == "tray-topdown" else 0.3
        b = 0.0 if brightest_synthetic and not ds.synthetic else brightest
        out[k] = dicedata.to_crop(dicedata.photometric(patch, rng, hue_p, duotone, b, brightest_view))
    return out, np.array([p.label for p in plans], np.int64)
