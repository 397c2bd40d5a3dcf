"""Labelled dice photos turned into 48x48 crops for the dice-face classifier.

The crop is the contract the Go reader codes against (see vision/model/README.md):
for a die with centre (cx, cy) and size s, the axis-aligned square of side 1.6*s
centred on the die, border-replicated outside the frame, resized to 48x48 with
INTER_AREA. Class 0 is "not a die", classes 1..6 are top face values.
"""

import csv
import math
import os
import zlib
from dataclasses import dataclass, field

import cv2
import numpy as np

CROP = 48
CONTEXT = 1.6
FOLDS = 5
HELD_OUT_FOLD = 0


def fold_of(path):
    """The fold of a photo: crc32 of its base name, as Go's crc32.ChecksumIEEE."""
    return zlib.crc32(os.path.basename(path).encode()) % FOLDS


@dataclass
class Die:
    photo: int  # index into Dataset.photos
    value: int
    cx: float
    cy: float
    s_box: float  # max(w, h) of the labelled box: the contract's s
    s_die: float  # best guess of the die's own side, for negatives and scale jitter
    face: str = ""  # the label of its top face: "1".."6", "9".."A", "logo"
    top: tuple = None  # (cx, cy, side) of the top face, where a corpus records it
    legible: bool = True  # False where the renderer blurred a face too small to read


@dataclass
class Photo:
    path: str
    fold: int
    image: np.ndarray


@dataclass
class Dataset:
    name: str
    photos: list
    dice: list  # value -1 marks a die whose face is no pip face (poker, logo)
    synthetic: bool = False
    hard: list = field(default_factory=list)  # (photo, cx, cy, s): false dice mine.py found


def add_hard(datasets, path):
    """Attaches the rows of a mine.py CSV to the datasets they name; rows of
    a dataset left out of training are left out too."""
    by_name = {ds.name: ds for ds in datasets}
    index = {ds.name: {os.path.basename(p.path): i for i, p in enumerate(ds.photos)} for ds in datasets}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            ds = by_name.get(row["dataset"])
            if ds is None:
                continue
            if row["image"] not in index[ds.name]:
                raise SystemExit(f"{path}: {row['dataset']}/{row['image']} is no photo here; run mine.py again")
            ds.hard.append((index[ds.name][row["image"]], float(row["cx"]), float(row["cy"]), float(row["s"])))


def _webcam_die_side(value, s_box):
    # webcam-desk boxes hold the pip group on the top face, not the die: for
    # 2..6 the group spans about three quarters of the face; a lone 1 is boxed
    # anywhere from the pip alone to the face, so guess from its size.
    if value == 1:
        return float(np.clip(2.0 * s_box, 35.0, 90.0))
    return 1.35 * s_box


def _tops(folder):
    """The top face of each listed die, (cx, cy, side), from the faces.csv
    cmd/dicegen corpus writes; None for a folder without one. A die seen at
    an angle has a box wider than its top face and centred off it."""
    path = os.path.join(folder, "faces.csv")
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return [(float(r["x"]), float(r["y"]), float(r["side"])) for r in csv.DictReader(f) if r["listed"] == "1"]


# A rendered face at least this many pixels across, under at most this much
# defocus and shake (dicegen's scenes.csv units), still shows its letters.
LEGIBLE_SIDE, LEGIBLE_DEFOCUS, LEGIBLE_SHAKE = 20, 1.0, 2.0


def _blurs(folder):
    """Each rendered picture's defocus and shake, from the scenes.csv
    cmd/dicegen corpus writes; None for a folder without one."""
    path = os.path.join(folder, "scenes.csv")
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return {r["image"]: (float(r["defocus"]), math.hypot(*(float(v) for v in r["shake"].split())))
                for r in csv.DictReader(f)}


def _faces(folder):
    """The face label of each die, from the truth.csv cmd/dicegen writes beside
    dice.csv; None for a folder without one (the real photos: all pips)."""
    path = os.path.join(folder, "truth.csv")
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return [row["face"] for row in csv.DictReader(f)]


POKER = ("9", "10", "J", "Q", "K", "A")


# Folders labelled with values only, and the CSV, beside this file, that
# places their dice (locate.py wrote it).
LOCATED = {"whitebox-singles": os.path.join(os.path.dirname(os.path.abspath(__file__)), "whitebox.csv")}


def load(root, name, synthetic=False):
    """Reads one dataset folder (images.csv and dice.csv) into memory. A
    corpus from cmd/dicegen corpus adds its distractors (other dice, tokens,
    cards, board spaces) as hard class-0 places. A folder labelled with
    values only is read with the boxes LOCATED names, and only its photos
    with a placed die: the others show a die that a class-0 crop of their
    background could cut."""
    folder = os.path.join(root, name)
    faces, tops, blurs = _faces(folder), _tops(folder), _blurs(folder)
    with open(LOCATED.get(name, os.path.join(folder, "dice.csv")), newline="") as f:
        rows = list(csv.DictReader(f))
    placed = {row["image"] for row in rows}
    photos, index = [], {}
    with open(os.path.join(folder, "images.csv"), newline="") as f:
        for row in csv.DictReader(f):
            if name in LOCATED and row["image"] not in placed:
                continue
            path = os.path.join(folder, row["image"])
            image = cv2.imread(path, cv2.IMREAD_COLOR)
            if image is None:
                raise SystemExit(f"read {path}: not an image; is {folder} complete?")
            index[row["image"]] = len(photos)
            photos.append(Photo(path, fold_of(path), image))
    dice = []
    for k, row in enumerate(rows):
        x0, y0, x1, y1 = (float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
        value = int(row["value"])
        face = faces[k] if faces is not None else str(value)
        if face not in ("1", "2", "3", "4", "5", "6"):
            value = -1
        s_box = max(x1 - x0, y1 - y0)
        s_die = _webcam_die_side(value, s_box) if name == "webcam-desk" else s_box
        top = tops[k] if tops is not None else None
        legible = True
        if top is not None and blurs is not None:
            defocus, shake = blurs[row["image"]]
            legible = top[2] >= LEGIBLE_SIDE and defocus <= LEGIBLE_DEFOCUS and shake <= LEGIBLE_SHAKE
        dice.append(Die(index[row["image"]], value, (x0 + x1) / 2, (y0 + y1) / 2, s_box, s_die, face, top, legible))
    _frame_filled(photos, dice)
    ds = Dataset(name, photos, dice, synthetic)
    distractors = os.path.join(folder, "distractors.csv")
    if os.path.exists(distractors):
        with open(distractors, newline="") as f:
            for row in csv.DictReader(f):
                x0, y0, x1, y1 = (float(row[k]) for k in ("xmin", "ymin", "xmax", "ymax"))
                ds.hard.append((index[row["image"]], (x0 + x1) / 2, (y0 + y1) / 2, max(x1 - x0, y1 - y0)))
    if synthetic:
        _shrink(ds)
    return ds


# The reader reads a photo its die fills (a crop cut to the die, or a die
# at least FILLING of the short side) inside a grey frame as wide as the short
# side (vision/detect.Framed), so that the die lies on a table of its own; the
# model learns such a die as the reader will show it, not with the photo's
# edges smeared outwards.
CROPPED_SIDE, FILLING, FRAME_GREY = 128, 0.6, 110


def _frame_filled(photos, dice):
    by_photo = {}
    for d in dice:
        by_photo.setdefault(d.photo, []).append(d)
    for i, p in enumerate(photos):
        h, w = p.image.shape[:2]
        short = min(w, h)
        mine = by_photo.get(i, [])
        if not mine or short >= CROPPED_SIDE and max(d.s_box for d in mine) < FILLING * short:
            continue
        p.image = cv2.copyMakeBorder(p.image, short, short, short, short, cv2.BORDER_CONSTANT,
                                     value=(FRAME_GREY, FRAME_GREY, FRAME_GREY))
        for d in mine:
            d.cx, d.cy = d.cx + short, d.cy + short


# A rendered picture is kept shrunk so that its largest die is at most this
# many pixels: crops are read at 48 px, and thousands of pictures at full
# size would not fit in memory.
KEEP_SIDE = 96


def _shrink(ds):
    largest = {}
    for d in ds.dice:
        largest[d.photo] = max(largest.get(d.photo, 0), d.s_die)
    scale = {i: min(1.0, KEEP_SIDE / s) for i, s in largest.items()}
    for i, f in scale.items():
        if f < 1:
            p = ds.photos[i]
            p.image = cv2.resize(p.image, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    for d in ds.dice:
        f = scale[d.photo]
        d.cx, d.cy, d.s_box, d.s_die = d.cx * f, d.cy * f, d.s_box * f, d.s_die * f
        if d.top is not None:
            d.top = tuple(v * f for v in d.top)
    ds.hard = [(i, x * scale.get(i, 1), y * scale.get(i, 1), s * scale.get(i, 1)) for i, x, y, s in ds.hard]


def logos_as_one(ds):
    """The dataset with every logo face learnt as the 1 it stands for: a
    model never shown a logo reads its strokes as pips, and surely."""
    for d in ds.dice:
        if d.face == "logo":
            d.value = 1
    return ds


def fronts_as_hard(ds, slant=0.2):
    """The dataset with the near side face of each die seen at a slant added
    as a hard class-0 place. A die seen from a low camera shows its top face
    above its front, and its box holds both; the detector may centre a die
    on the front, whose pips the model then reads as the die's value. The
    front's centre is the top face's mirrored through the box's centre, at
    the top face's side; dice whose top face lies within slant of their side
    from the box's centre are seen from above and have none."""
    for d in ds.dice:
        if d.top is None or d.value < 1:
            continue
        tx, ty, ts = d.top
        dx, dy = d.cx - tx, d.cy - ty
        if math.hypot(dx, dy) < slant * d.s_box:
            continue
        ds.hard.append((d.photo, d.cx + dx, d.cy + dy, ts))
    return ds


def as_poker(ds):
    """The dataset relabelled for the poker face model: a poker face is its
    rank 1..6 (9 to A), and every other die is a hard class-0 place, since a
    poker set's reader must not take a pip face for one of its own. A poker
    face rendered too small or blurred to read is left out: its letters are
    gone, and learning to guess it teaches the model nothing of them."""
    for d in ds.dice:
        if d.face in POKER and not d.legible:
            d.value = -1
        elif d.face in POKER:
            d.value = POKER.index(d.face) + 1
            if d.top is not None:
                # Centred on the face the reader reads, sized from that face
                # to the die's box, as the detector may report either.
                d.cx, d.cy, d.s_box, d.s_die = d.top[0], d.top[1], d.top[2], max(d.top[2], d.s_box)
        else:
            ds.hard.append((d.photo, d.cx, d.cy, d.s_die))
            d.value = -1
    return ds


def contract_crop(image, cx, cy, s):
    """The exact crop of the contract, as the Go reader cuts it.

    side = floor(1.6*s + 0.5), x0 = floor(cx - side/2 + 0.5), y0 likewise; the
    square [x0, x0+side) x [y0, y0+side), border-replicated, INTER_AREA to 48x48.
    """
    side = max(1, int(math.floor(CONTEXT * s + 0.5)))
    x0 = int(math.floor(cx - side / 2 + 0.5))
    y0 = int(math.floor(cy - side / 2 + 0.5))
    h, w = image.shape[:2]
    pad_l, pad_t = max(0, -x0), max(0, -y0)
    pad_r, pad_b = max(0, x0 + side - w), max(0, y0 + side - h)
    if pad_l or pad_t or pad_r or pad_b:
        image = cv2.copyMakeBorder(image, pad_t, pad_b, pad_l, pad_r, cv2.BORDER_REPLICATE)
        x0, y0 = x0 + pad_l, y0 + pad_t
    patch = image[y0:y0 + side, x0:x0 + side]
    return cv2.resize(patch, (CROP, CROP), interpolation=cv2.INTER_AREA)


def warped_crop(image, cx, cy, s, angle):
    """A crop like the contract's but rotated by angle degrees about its centre,
    sampled at native resolution first so INTER_AREA does the shrinking."""
    side = CONTEXT * s
    n = int(np.clip(round(side), CROP, 160))
    scale = n / side
    m = cv2.getRotationMatrix2D((cx, cy), angle, scale)
    m[0, 2] += n / 2 - cx
    m[1, 2] += n / 2 - cy
    patch = cv2.warpAffine(image, m, (n, n), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return patch


def duotone(patch, rng):
    """The patch's grey levels, stretched to their full range and maybe
    turned over, painted from one random colour to another: a die of two
    colours of any contrast, such as red pips on a black body, which no
    photographed set and no hue turn of one shows."""
    g = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32)
    lo, hi = np.percentile(g, (2, 98))
    g = np.clip((g - lo) / max(hi - lo, 1.0), 0, 1)[..., None]
    if rng.random() < 0.5:
        g = 1 - g
    while True:
        a, b = rng.uniform(0, 255, size=3), rng.uniform(0, 255, size=3)
        if np.abs(a - b).sum() >= 90:  # pips that still show
            break
    return np.clip(a * (1 - g) + b * g, 0, 255).astype(np.uint8)


def brightest(patch):
    """The patch's brightest channel at each pixel, as grey: pips that
    differ from the body in one channel only, red on black or on dark blue,
    stand out as white pips on a black die do, where the grey levels a
    camera gives (red weighed at about a third) leave them faint."""
    m = patch.max(axis=2)
    return cv2.merge([m, m, m])


def extreme(patch):
    """The patch's brightest or darkest channel at each pixel, as grey,
    whichever varies more over its centre, where the die lies. The
    brightest shows a red pip on a black body; on a white body it shows a
    red or blue pip hardly at all, and the darkest shows it as a black
    one."""
    hi, lo = patch.max(axis=2), patch.min(axis=2)
    n = patch.shape[0]
    centre = slice(n // 4, n - n // 4)
    m = hi if hi[centre, centre].std() >= lo[centre, centre].std() else lo
    return cv2.merge([m, m, m])


VIEWS = {"brightest": brightest, "extreme": extreme}


def jpeg(patch, quality):
    """patch as a JPEG file of that quality gives it back."""
    _, buf = cv2.imencode(".jpg", patch, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# The sides, in pixels, lowres draws a crop's die at: from the smallest die
# the reader is meant to read to a little over the side whose crop (CONTEXT
# times it) the contract cuts at 48 px unresized.
LOWRES_SIDES = (15.0, 40.0)


def lowres(patch, rng):
    """patch as a camera sees its die when that die is 15-40 px across (the
    side drawn evenly on a log scale): shrunk to that size by area, JPEG-
    compressed there half the time, as a small die's pixels are, and
    enlarged back by the contract's INTER_AREA. Photographs of large dice
    then also teach the model small ones, whose pixels and compression blocks
    are not a blurred large die's. A die already smaller is left as it is."""
    n = patch.shape[0]
    die = n / CONTEXT
    target = float(np.exp(rng.uniform(np.log(LOWRES_SIDES[0]), np.log(LOWRES_SIDES[1]))))
    if target >= die:
        return patch
    m = max(8, int(round(n * target / die)))
    small = cv2.resize(patch, (m, m), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        small = jpeg(small, int(rng.integers(40, 95)))
    return cv2.resize(small, (n, n), interpolation=cv2.INTER_AREA)


def photometric(patch, rng, hue_p, duotone_p=0.0, brightest_p=0.0, brightest_view="brightest"):
    """Light, colour, blur and compression changes a webcam or another dice set brings."""
    if duotone_p > 0 and rng.random() < duotone_p:
        patch = duotone(patch, rng)
    if rng.random() < hue_p:
        hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + rng.integers(0, 180)) % 180
        if rng.random() < 0.5:
            sat = hsv[..., 1].astype(np.float32) * rng.uniform(0.5, 1.5)
            hsv[..., 1] = np.clip(sat, 0, 255).astype(np.uint8)
        patch = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    if rng.random() < 0.3:
        patch = patch[..., rng.permutation(3)]
    if brightest_p > 0 and rng.random() < brightest_p:
        patch = VIEWS[brightest_view](patch)
    if rng.random() < 0.12:
        patch = 255 - patch  # a dark die with light pips
    if rng.random() < 0.08:
        g = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
        patch = cv2.cvtColor(g, cv2.COLOR_GRAY2BGR)
    f = patch.astype(np.float32)
    gain = rng.uniform(0.6, 1.4) * rng.uniform(0.85, 1.15, size=3)
    mean = f.mean()
    f = (f - mean) * rng.uniform(0.7, 1.3) + mean  # contrast
    f = f * gain + rng.uniform(-35, 35)
    if rng.random() < 0.3:
        # a soft light gradient across the crop, as from a lamp to one side
        n = f.shape[0]
        ramp = np.linspace(-1, 1, n, dtype=np.float32)
        gx, gy = np.meshgrid(ramp, ramp)
        a = rng.uniform(0, 2 * np.pi)
        f = f * (1 + rng.uniform(0, 0.35) * (np.cos(a) * gx + np.sin(a) * gy))[..., None]
    if rng.random() < 0.5:
        f = f + rng.normal(0, rng.uniform(1, 7), size=f.shape).astype(np.float32)
    patch = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        sigma = rng.uniform(0.4, 1.4) * patch.shape[0] / 64
        patch = cv2.GaussianBlur(patch, (0, 0), sigma)
    if rng.random() < 0.3:
        patch = jpeg(patch, int(rng.integers(25, 90)))
    return patch


def to_crop(patch):
    if patch.shape[0] != CROP:
        patch = cv2.resize(patch, (CROP, CROP), interpolation=cv2.INTER_AREA)
    return patch
