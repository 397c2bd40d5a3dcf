"""Measures an exported model (read by OpenCV's dnn, as the Go reader reads it)
on fold 0 of the datasets, with the same crops and figures as train.py.

    /usr/bin/python3 tools/train/evaluate.py [--model vision/model/dice.onnx]
"""

import argparse

import cv2

import dicedata
import train


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", default="../shared/datasets")
    ap.add_argument("--model", default="vision/model/dice.onnx")
    ap.add_argument("--seed", type=int, default=1, help="the seed the model was trained with: it picks the class-0 crops")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    net = cv2.dnn.readNetFromONNX(args.model)
    datasets = [dicedata.load(args.datasets, n) for n in ("tray-topdown", "webcam-desk")]
    for di, ds in enumerate(datasets):
        crops, labels, _ = train.eval_set(datasets, di, args.seed)
        print(train.report(ds.name, train.predict(net, crops), labels))
        print(train.scale_line(net, datasets, di, args.seed))


if __name__ == "__main__":
    main()
