"""Measures the reader leave-one-source-out: for each real source of
photographs, trains the detector and the face model without it (and
without the corpus scenes that paste its dice), then reads all of it with
no profile, as a new user with those dice would. It prints the table the
README holds.

    make build
    /usr/bin/python3 tools/loso/loso.py --corpus /tmp/dicecam-corpus --out /tmp/dicecam-loso

With --read tools/loso/models it trains nothing and reads each real source
with the models committed there, trained by the committed recipe without
it: a change to the reader is measured in minutes.

The corpus folder holds the scenes of tools/loso/README.md: pure/ (drawn
dice only), paste-<source>/ for each source whose dice are pasted, and
held/ and only/ (scenes without, and with only, the held-out styles).
"""

import argparse
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile

REAL = ("tray-topdown", "webcam-desk", "casino-crops")
DETECTOR_REAL = ("tray-topdown", "webcam-desk")  # casino crops are single dice: pasted only
# Values only: no die to cut or place, so no model here trains on it, and
# one trained on every other source reads it. The committed face model does
# learn it, at the boxes tools/train/locate.py found, so it cannot stand in.
NEVER_TRAINED = ("whitebox-singles",)
# The row of the corpus styles its models never saw.
HELD = "synthetic-held"


def run(cmd, log):
    print("+ " + " ".join(cmd), file=sys.stderr, flush=True)
    with open(log, "a") as f:
        subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.STDOUT)


def corpora(root, without):
    """The corpus folders a model left without a source trains on."""
    out = [os.path.join(root, "pure")]
    out += [os.path.join(root, f"paste-{s}") for s in REAL if s != without and os.path.isdir(os.path.join(root, f"paste-{s}"))]
    return out


def train(args, out, without, corpus):
    os.makedirs(out, exist_ok=True)
    log = os.path.join(out, "train.log")
    detector_real = [s for s in DETECTOR_REAL if s != without]
    shares = ",".join([f"{s}={args.real_share / len(detector_real)}" for s in detector_real] +
                      [f"corpus={1 - args.real_share}"])
    if args.detector:
        # Face models compared with each other need no detector of their own;
        # one trained without the source, already here, is not overwritten.
        have = os.path.join(out, "detector.onnx")
        if not os.path.exists(have):
            shutil.copyfile(args.detector, have)
        elif not filecmp.cmp(have, args.detector, shallow=False):
            raise SystemExit(f"{have} is another detector than --detector {args.detector}: "
                             "move it away, or name another --out")
    if not os.path.exists(os.path.join(out, "detector.onnx")):
        run([args.python, "tools/detect/train.py", "--corpus", ",".join(corpus), "--sources", ",".join(detector_real),
             "--shares", shares, "--steps", str(args.detector_steps), "--batch", "32", "--minutes", "600",
             "--width", str(args.width), "--hold", "0", "--seed", "1", "--out", os.path.join(out, "detector.onnx"),
             "--report", os.path.join(out, "detector.md"), "--golden", os.path.join(out, "detector-golden.json")], log)
    if not os.path.exists(os.path.join(out, "dice.onnx")):
        sources = [s for s in args.face_sources.split(",") if s and s != without]
        face_corpus = ([] if args.face_own_corpus else corpus) + [f for f in args.face_corpus.split(",") if f]
        synth = ["--synth", str(args.synth), "--synth-dir", os.path.join(out, "synth")] if args.synth else []
        run([args.python, "tools/train/train.py", "--sources", ",".join(sources), "--corpus", ",".join(face_corpus),
             "--epochs", str(args.epochs), "--threads", "1", "--smooth", "0.02", "--seed", str(args.face_seed), "--hold", "0",
             "--hard", args.hard, "--hard-weight", str(args.hard_weight), "--tray-draws", str(args.tray_draws), "--logos", args.logos, "--synth-per-real", str(args.synth_per_real),
             "--sizes", args.sizes, "--groups", str(args.groups), "--brightest", str(args.brightest),
             "--brightest-view", args.brightest_view, "--workers", str(args.face_workers),
             "--device", args.face_device, *synth,
             "--out", os.path.join(out, "dice.onnx"), "--golden", os.path.join(out, "golden"),
             "--report", os.path.join(out, "dice.md")], log)


# The two ways the reader reads without calibration: the built-in defaults,
# and the detector and the model alone.
WAYS = {
    "defaults": None,
    "detector only": {"format": "dicecam-profile", "version": 1, "faces": "pips", "tray": [0, 0, 0, 0],
                      "background": [0, 0, 0], "die_size": [16, 260], "detector": True, "detector_only": True},
}


def evaluate(args, models, folders, way):
    home = os.path.join(args.out, "config")  # no saved profile is read
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=home)
    cmd = [args.dicecam, "eval", "--json"] + (["--models", models] if models else [])
    if WAYS[way] is not None:
        path = os.path.join(args.out, way.replace(" ", "-") + ".json")
        with open(path, "w") as f:
            json.dump(WAYS[way], f)
        cmd += ["--profile", path]
    cmd += folders
    print("+ " + " ".join(cmd), file=sys.stderr, flush=True)
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def row(name, way, r):
    pct = lambda x: "-" if x is None else f"{100 * x:.1f} %"
    return (f"| {name} | {way} | {r['photos']} | {r['dice']} | {pct(r['found'])} | {pct(r['first_time'])} | "
            f"{pct(r['clean_photos'])} | {pct(r['silently_wrong'])} | {pct(r['asked'])} | "
            f"{r['false_dice_per_photo']:.2f} |")


HEADER = ("| source (left out of training) | read with | photos | dice | found | first time | clean photos | silently wrong | asked | false dice a photo |",
          "|---|---|---|---|---|---|---|---|---|---|")


def read(args):
    """Reads the rows whose models are committed, training none: those --only names,
    or every one with a folder in --read. The held-out styles' row reads the scenes
    of --corpus's only/, so it is read where --corpus is given."""
    rows = REAL + NEVER_TRAINED + (HELD,)
    wanted = [s for s in args.only.split(",") if s] or [
        s for s in rows if os.path.isdir(os.path.join(args.read, s)) and (s != HELD or args.corpus)]
    if not args.only and not args.corpus and os.path.isdir(os.path.join(args.read, HELD)):
        print(f"{HELD} is not read: it reads the corpus's only/ scenes, so name the corpus with --corpus",
              file=sys.stderr, flush=True)
    for source in wanted:  # all checked before minutes of reading
        models = os.path.join(args.read, source)
        if source not in rows or not os.path.exists(os.path.join(models, "dice.onnx")):
            raise SystemExit(f"{models} holds no dice.onnx: --read reads only the rows whose models "
                             "are committed; train the others with --corpus and --out")
        if source == HELD and not os.path.isdir(os.path.join(args.corpus, "only")):
            raise SystemExit(f"{HELD} reads the scenes of {os.path.join(args.corpus or 'CORPUS', 'only')}, "
                             "which is not there: render them as tools/loso/README.md says, and name the corpus with --corpus")
    lines = list(HEADER)
    with tempfile.TemporaryDirectory() as out:
        args.out = out  # the profiles and the empty config home go here
        for source in wanted:
            models = os.path.join(args.read, source)
            for way in WAYS:
                lines.append(row(source, way, evaluate(args, models, folders(args, source), way)[0]))
            print("\n".join(lines[-2:]), file=sys.stderr, flush=True)
    print("\n".join(lines))


def folders(args, source):
    """The photographs a row reads: all of a real source, or the held-out styles' scenes."""
    if source == HELD:
        return [os.path.join(args.corpus, "only")]
    return [os.path.join(args.datasets, source)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="", help="folder of the corpus scenes (see above)")
    ap.add_argument("--out", default="", help="where each left-out source's models go")
    ap.add_argument("--read", default="",
                    help="read each real source with the models in READ/<source> (tools/loso/models), training none; "
                         "a folder without detector.onnx reads with the built-in detector")
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--dicecam", default="bin/dicecam")
    ap.add_argument("--python", default="/usr/bin/python3")
    ap.add_argument("--only", default="", help="comma-separated sources to measure, default all")
    ap.add_argument("--detector-steps", type=int, default=5000)
    ap.add_argument("--width", type=float, default=1.25)
    ap.add_argument("--epochs", type=int, default=45)
    ap.add_argument("--real-share", type=float, default=0.5)
    ap.add_argument("--synth-per-real", type=float, default=0.5)
    ap.add_argument("--sizes", default="0.8,1.2", help="train.py's --sizes for the face model")
    ap.add_argument("--groups", type=float, default=0.0, help="train.py's --groups for the face model")
    ap.add_argument("--hard", default="tools/train/hard.csv", help="train.py's --hard for the face model")
    ap.add_argument("--hard-weight", type=float, default=0.15, help="train.py's --hard-weight for the face model")
    ap.add_argument("--tray-draws", type=int, default=2, help="train.py's --tray-draws for the face model")
    ap.add_argument("--logos", default="skip", help="train.py's --logos for the face model")
    ap.add_argument("--brightest", type=float, default=0.0, help="train.py's --brightest for the face model")
    # train.py's own choices, named here so that a misspelt view fails before a detector has trained
    ap.add_argument("--brightest-view", choices=("brightest", "extreme"), default="brightest",
                    help="train.py's --brightest-view for the face model")
    ap.add_argument("--face-corpus", default="",
                    help="comma-separated corpus folders the face model trains on besides the detector's, such as --only marbled scenes")
    ap.add_argument("--face-own-corpus", action="store_true",
                    help="the face model trains on --face-corpus and --synth alone, not on the detector's corpus, as the committed one does")
    ap.add_argument("--face-sources", default=",".join(REAL),
                    help="the real sources the face model learns, less the one left out; add whitebox-singles as the committed model does")
    ap.add_argument("--face-seed", type=int, default=1, help="train.py's --seed for the face model")
    ap.add_argument("--detector", default="",
                    help="read every row with this detector file (such as vision/detect/detector.onnx) instead of training one "
                         "without the source: for comparing face models, not a leave-one-source-out row")
    ap.add_argument("--face-workers", type=int, default=0,
                    help="train.py's --workers: processes cutting the face model's crops while it trains, where cores are spare")
    ap.add_argument("--face-device", default="cpu", help="train.py's --device for the face model: cuda where a GPU is")
    ap.add_argument("--synth", type=int, default=0, help="train.py's --synth: pictures dicegen renders for the face model alone")
    args = ap.parse_args()
    if args.read:
        read(args)
        return
    if not args.corpus or not args.out:
        raise SystemExit("name the corpus (--corpus) and where the models go (--out), or the models to read (--read)")
    wanted = [s for s in args.only.split(",") if s] or list(REAL) + list(NEVER_TRAINED) + [HELD]
    if args.synth and HELD in wanted:
        raise SystemExit("--synth renders the fixtures' dice, a black one with yellow pips among them, which is "
                         "the held-out gold-on-black in all but name: name the real sources in --only, and measure "
                         "synthetic-held in a run without --synth (tools/loso/README.md)")

    lines = list(HEADER)
    for source in wanted:
        models = os.path.join(args.out, source)
        if source == HELD:
            train(args, models, None, [os.path.join(args.corpus, "held")])
        else:
            train(args, models, source, corpora(args.corpus, source))
        for way in WAYS:
            lines.append(row(source, way, evaluate(args, models, folders(args, source), way)[0]))
        print("\n".join(lines), flush=True)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
