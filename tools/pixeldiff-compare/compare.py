#!/usr/bin/env python3
"""Throughput of PixelDiff against the PyPI package pixelmatch-fast on the same 1000x1000 pairs, in one run.

Prerequisite (this script installs nothing): `pip install pixelmatch-fast`. Its import name is
`pixelmatch` (function `pixelmatch.pixelmatch(img1, img2, output=None, threshold=0.1, includeAA=False, ...)`),
and it takes PIL images or paths, not raw buffers, so PIL (one of its own dependencies) is used only to hand
it the same bytes. The images are generated here with plain Python and written as raw `.rgba` files
(width x height x 4 bytes, RGBA, row-major, straight alpha; the size is in the file name and the table).

Steps:
  1. Generate a deterministic pair: an identical one, and a differing one (gradient, a shifted rectangle,
     a 1-px line, and a faint tint over the right half that stays under the threshold).
  2. Build the Swift benchmark: swiftc -O over Sources/PixelDiff/*.swift plus Bench.swift.
  3. Time pixelmatch-fast (public API, with a diff output image: it always draws one) over several
     repeats, after a warm-up that pays numba's JIT compilation.
  4. Time PixelDiff through the benchmark binary (after a warm-up), with and without a diff image.
     Steps 3 and 4 alternate over several rounds so that load from other processes hits both alike.
  5. Print the table: engine, case, megapixels/s, ratio to pixelmatch-fast, and the mismatch counts.
     Counts and diff images must agree byte for byte (the pairs are opaque, where both alpha conventions
     coincide); a warning on stderr says otherwise.

Usage: python3 tools/pixeldiff-compare/compare.py [--repeats N] [--rounds N] [--workdir DIR]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time
from importlib.metadata import version

WIDTH = HEIGHT = 1000
last_pixelmatch_diff = b""  # the diff image of the latest pixelmatch-fast call, for the cross-check
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def gradient_row(y, tint_from=None):
    """One row of the background: red follows x, green follows y, blue fixed; optionally red+2 from x on."""
    g = y * 255 // (HEIGHT - 1)
    row = bytearray()
    for x in range(WIDTH):
        r = x * 255 // (WIDTH - 1)
        if tint_from is not None and x >= tint_from:
            r = min(r + 2, 255)
        row += bytes((r, g, 96, 255))
    return row


def fill_rect(image, left, top, w, h, rgba):
    span = bytes(rgba) * w
    for y in range(top, top + h):
        start = (y * WIDTH + left) * 4
        image[start:start + len(span)] = span


def generate():
    """1. The expected image and the differing actual image, as bytearrays."""
    expected = bytearray()
    actual = bytearray()
    for y in range(HEIGHT):
        expected += gradient_row(y)
        actual += gradient_row(y, tint_from=WIDTH // 2)
    fill_rect(expected, 300, 350, 400, 300, (30, 60, 200, 255))
    fill_rect(actual, 306, 353, 400, 300, (30, 60, 200, 255))  # shifted 6 right, 3 down
    fill_rect(actual, 100, 100, 800, 1, (0, 0, 0, 255))  # a 1-px line only in actual
    return bytes(expected), bytes(actual)


def write_raw(path, data):
    with open(path, "wb") as f:
        f.write(data)


def build_bench(binary):
    """2. Compile PixelDiff's sources and Bench.swift with optimisation into one executable."""
    sources = sorted(
        os.path.join(REPO, "Sources", "PixelDiff", name)
        for name in os.listdir(os.path.join(REPO, "Sources", "PixelDiff"))
        if name.endswith(".swift")
    )
    command = ["swiftc", "-O", "-wmo", "-parse-as-library", "-module-name", "PixelDiffBench", *sources,
               os.path.join(REPO, "tools", "pixeldiff-compare", "Bench.swift"), "-o", binary]
    subprocess.run(command, check=True)


def time_pixelmatch_fast(expected, actual, repeats):
    """3. Median seconds per pixelmatch-fast call with a diff output image, and its mismatch count."""
    from PIL import Image
    import pixelmatch

    img1 = Image.frombytes("RGBA", (WIDTH, HEIGHT), expected)
    img2 = Image.frombytes("RGBA", (WIDTH, HEIGHT), actual)
    output = Image.new("RGBA", (WIDTH, HEIGHT))
    mismatched = pixelmatch.pixelmatch(img1, img2, output)  # warm-up: numba JIT (cached after the first run)
    global last_pixelmatch_diff
    last_pixelmatch_diff = output.tobytes()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        mismatched = pixelmatch.pixelmatch(img1, img2, output)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), mismatched


def time_pixeldiff(binary, expected_path, actual_path, repeats, diff_path):
    """4. {variant: (median seconds, mismatched)} from the Swift benchmark; its diff image goes to diff_path."""
    out = subprocess.run([binary, str(WIDTH), str(HEIGHT), expected_path, actual_path, str(repeats), diff_path],
                         check=True, capture_output=True, text=True).stdout
    results = {}
    for line in out.splitlines():
        fields = dict(part.split("=", 1) for part in line.split())
        results[fields["variant"]] = (float(fields["median_s"]), int(fields["mismatched"]))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=9, help="timed calls per engine per round")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating rounds; each engine's figure is the median of its round medians, "
                             "so load from other processes hits both engines alike")
    parser.add_argument("--workdir", default="/tmp/pixeldiff-compare")
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)

    expected, actual = generate()
    paths = {name: os.path.join(args.workdir, f"{name}-{WIDTH}x{HEIGHT}.rgba")
             for name in ("expected", "actual")}
    write_raw(paths["expected"], expected)
    write_raw(paths["actual"], actual)
    binary = os.path.join(args.workdir, "pixeldiff-bench")
    build_bench(binary)

    megapixels = WIDTH * HEIGHT / 1e6
    cases = {"identical": (expected, paths["expected"]), "differing": (actual, paths["actual"])}
    rows = []
    for case, (other, other_path) in cases.items():
        base_rounds, ours_rounds = [], {}
        for _ in range(args.rounds):
            base_seconds, base_count = time_pixelmatch_fast(expected, other, args.repeats)
            base_rounds.append(base_seconds)
            diff_path = os.path.join(args.workdir, f"diff-{case}.rgba")
            timings = time_pixeldiff(binary, paths["expected"], other_path, args.repeats, diff_path)
            with open(diff_path, "rb") as f:
                if f.read() != last_pixelmatch_diff:
                    print(f"warning: {case}: the diff images differ", file=sys.stderr)
            for variant, (seconds, count) in timings.items():
                ours_rounds.setdefault(variant, []).append((seconds, count))
                if count != base_count:
                    print(f"warning: {case}: PixelDiff counts {count}, pixelmatch-fast {base_count}", file=sys.stderr)
        base_seconds = statistics.median(base_rounds)
        rows.append(("pixelmatch-fast " + version("pixelmatch-fast"), case, megapixels / base_seconds, 1.0, base_count))
        for variant, samples in ours_rounds.items():
            seconds = statistics.median(seconds for seconds, _ in samples)
            count = samples[-1][1]
            rows.append((f"PixelDiff ({variant})", case, megapixels / seconds, base_seconds / seconds, count))

    # 5. The table.
    print(f"{WIDTH}x{HEIGHT} RGBA, threshold 0.1, median over {args.rounds} alternating rounds "
          f"of {args.repeats} timed calls each (after a warm-up)")
    print(f"| {'engine':<28} | {'case':<9} | {'Mpx/s':>9} | {'ratio':>7} | {'mismatched':>10} |")
    print(f"|{'-' * 30}|{'-' * 11}|{'-' * 11}:|{'-' * 8}:|{'-' * 11}:|")
    for engine, case, throughput, ratio, count in rows:
        print(f"| {engine:<28} | {case:<9} | {throughput:>9.1f} | {ratio:>6.1f}x | {count:>10} |")


if __name__ == "__main__":
    main()
