"""Labelled photos turned into training patches for the dice centre detector.

The scale contract the Go detector codes against (see vision/detect/detect.go):
a frame is resized so that the typical die side (as the profile measures it,
max(w, h) of a labelled box) becomes DIE pixels, with INTER_AREA; the network
reads the BGR frame divided by 255 and writes, at stride STRIDE, a centre
heatmap and log(side / DIE).
"""

import csv
import math
import os
import zlib
from dataclasses import dataclass

import cv2
import numpy as np

DIE = 20
STRIDE = 4
PATCH = 128
FOLDS = 5
HELD_OUT_FOLD = 0


def fold_of(path):
    """The fold of a photo: crc32 of its base name, as Go's crc32.ChecksumIEEE."""
    return zlib.crc32(os.path.basename(path).encode()) % FOLDS


@dataclass
class Photo:
    path: str
    fold: int
    image: np.ndarray  # resized so that the photo's median die is DIE px
    scale: float  # the resize factor applied
    centres: np.ndarray  # (n, 2) top-face centres in resized pixels
    sides: np.ndarray  # (n,) die sides in resized pixels


def _read_boxes(folder):
    """Per image: list of (cx, cy, side). truth.csv (synthetic scenes) gives
    the top-face centre; dice.csv gives boxes whose centre is the target."""
    truth = os.path.join(folder, "truth.csv")
    boxes = {}
    if os.path.exists(truth):
        with open(truth, newline="") as f:
            for row in csv.DictReader(f):
                side = max(float(row["xmax"]) - float(row["xmin"]), float(row["ymax"]) - float(row["ymin"]))
                boxes.setdefault(row["image"], []).append((float(row["x"]), float(row["y"]), side))
        return boxes
    with open(os.path.join(folder, "dice.csv"), newline="") as f:
        for row in csv.DictReader(f):
            x0, y0, x1, y1 = (float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
            boxes.setdefault(row["image"], []).append(((x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)))
    return boxes


def load(folder, folds=None):
    """Reads one folder in the datasets format, keeping photos of the given folds."""
    boxes = _read_boxes(folder)
    photos = []
    with open(os.path.join(folder, "images.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        path = os.path.join(folder, row["image"])
        fold = fold_of(path)
        if folds is not None and fold not in folds:
            continue
        image = cv2.imread(path, cv2.IMREAD_COLOR)
        if image is None:
            raise SystemExit(f"read {path}: not an image; is {folder} complete?")
        dice = np.array(boxes.get(row["image"], []), dtype=np.float32).reshape(-1, 3)
        if len(dice) == 0:
            # an empty tray: scale as a frame without a profile would
            scale = DIE / default_die_size(image.shape[1], image.shape[0])
        else:
            scale = DIE / float(np.median(dice[:, 2]))
        small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        photos.append(Photo(path, fold, small, scale, dice[:, :2] * scale, dice[:, 2] * scale))
    return photos


def default_die_size(w, h):
    """The die side assumed, in training, for a photo without dice."""
    return min(w, h) / 13.0


def profile_die_size(photos_sides):
    """The typical die side a profile calibrated from these sides gives:
    the geometric middle of calibrate's [0.7*lo, 1.5*hi] range."""
    s = np.sort(np.asarray(photos_sides))
    n = len(s)
    lo, hi = s[n // 50], s[n - 1 - n // 50]
    return math.sqrt(math.floor(0.7 * lo) * math.ceil(1.5 * hi))


def photometric(img, rng):
    """Light, colour, blur and noise changes another camera or dice set brings."""
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + rng.integers(0, 180)) % 180
        sat = hsv[..., 1].astype(np.float32) * rng.uniform(0.6, 1.4)
        hsv[..., 1] = np.clip(sat, 0, 255).astype(np.uint8)
        img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    if rng.random() < 0.3:
        img = img[..., rng.permutation(3)]
    if rng.random() < 0.05:
        g = cv2.cvtColor(np.ascontiguousarray(img), cv2.COLOR_BGR2GRAY)
        img = cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
    f = img.astype(np.float32)
    mean = f.mean()
    f = (f - mean) * rng.uniform(0.6, 1.3) + mean
    f = f * rng.uniform(0.6, 1.4) * rng.uniform(0.85, 1.15, size=3) + rng.uniform(-30, 30)
    if rng.random() < 0.3:
        n = f.shape[0]
        ramp = np.linspace(-1, 1, n, dtype=np.float32)
        gx, gy = np.meshgrid(ramp, ramp)
        a = rng.uniform(0, 2 * np.pi)
        f = f * (1 + rng.uniform(0, 0.4) * (np.cos(a) * gx + np.sin(a) * gy))[..., None]
    if rng.random() < 0.5:
        f = f + rng.normal(0, rng.uniform(1, 8), size=f.shape).astype(np.float32)
    img = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.0))
    return img


def sample(photo, rng, zoom=(0.6, 1.8)):
    """One PATCH x PATCH training patch with its targets: any rotation, a flip,
    a scale drawn log-uniformly from zoom, centred on a die most of the time."""
    h, w = photo.image.shape[:2]
    if len(photo.centres) and rng.random() < 0.8:
        c = photo.centres[rng.integers(len(photo.centres))]
        cx, cy = c + rng.uniform(-PATCH / 3, PATCH / 3, size=2)
    else:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    zoom = math.exp(rng.uniform(math.log(zoom[0]), math.log(zoom[1])))
    angle = rng.uniform(0, 360)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, zoom)
    m[0, 2] += PATCH / 2 - cx
    m[1, 2] += PATCH / 2 - cy
    if rng.random() < 0.5:
        m[0] = -m[0]
        m[0, 2] += PATCH
    border = cv2.BORDER_REFLECT if rng.random() < 0.5 else cv2.BORDER_REPLICATE
    img = cv2.warpAffine(photo.image, m, (PATCH, PATCH), flags=cv2.INTER_LINEAR, borderMode=border)
    img = photometric(img, rng)
    pts = photo.centres @ m[:, :2].T + m[:, 2] if len(photo.centres) else np.zeros((0, 2))
    sides = photo.sides * zoom
    heat, size, mask = targets(pts, sides)
    return img, heat, size, mask


def targets(pts, sides):
    """CenterNet targets at stride STRIDE: a Gaussian per die, log side at its cell."""
    n = PATCH // STRIDE
    heat = np.zeros((n, n), np.float32)
    size = np.zeros((n, n), np.float32)
    mask = np.zeros((n, n), np.float32)
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    for (x, y), s in zip(pts, sides):
        gx, gy = x / STRIDE - 0.5, y / STRIDE - 0.5
        if not (-2 <= gx < n + 2 and -2 <= gy < n + 2):
            continue
        sigma = max(0.6, s / STRIDE / 4)
        heat = np.maximum(heat, np.exp(-((xs - gx) ** 2 + (ys - gy) ** 2) / (2 * sigma * sigma)))
        ix, iy = int(round(gx)), int(round(gy))
        if 0 <= ix < n and 0 <= iy < n:
            heat[iy, ix] = 1.0
            size[iy, ix] = math.log(s / DIE)
            mask[iy, ix] = 1.0
    return heat, size, mask
