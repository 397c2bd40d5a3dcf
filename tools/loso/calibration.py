"""Measures whether calibration helps: for each labelled folder, a profile
made from one half of its photos (folds 1 of 2) reads the other half (fold 0
of 2), beside the built-in defaults reading the same half. It prints the
README's table.

    make build
    /usr/bin/python3 tools/loso/calibration.py [--models DIR] [--fold 0/5] FOLDER...

--fold 0/5 calibrates on folds 1-4 and reads fold 0: the split the committed
models train on, so that the photos read are ones they never saw.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--dicecam", default="bin/dicecam")
    ap.add_argument("--models", default="", help="read with these models instead of the built-in ones")
    ap.add_argument("--fold", default="0/2", help="the fold K/N read; calibration takes the others")
    args = ap.parse_args()
    models = ["--models", args.models] if args.models else []
    pct = lambda x: "-" if x is None else f"{100 * x:.1f} %"
    print("| folder (fold read) | profile | found | first time | clean photos | silently wrong | asked | false dice a photo |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, XDG_CONFIG_HOME=home)
        for folder in args.folders:
            profile = os.path.join(home, os.path.basename(folder.rstrip("/")) + ".json")
            subprocess.run([args.dicecam, "calibrate", "--from", folder, "--exclude-fold", args.fold, "--out", profile] + models,
                           env=env, check=True, stderr=subprocess.DEVNULL)
            for name, extra in (("none", []), ("from the other folds", ["--profile", profile])):
                out = subprocess.run([args.dicecam, "eval", "--json", "--fold", args.fold] + models + extra + [folder],
                                     env=env, check=True, capture_output=True, text=True).stdout
                r = json.loads(out)[0]
                print(f"| {os.path.basename(folder.rstrip('/'))} ({r['photos']}) | {name} | {pct(r['found'])} | "
                      f"{pct(r['first_time'])} | {pct(r['clean_photos'])} | {pct(r['silently_wrong'])} | "
                      f"{pct(r['asked'])} | {r['false_dice_per_photo']:.2f} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
