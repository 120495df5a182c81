#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Chinchilla fit of bench_scaling_fit.cpp done with scipy, for the speed and optimum comparison.

Same objective (sum of Huber(δ) of log L̂ − log L, L̂ = LSE(a − α log N, b − β log D, e)), same
parameters θ = [log E, log A, log B, α, β], same 4^5 start grid (log E [−1, 1], log A [0, 25],
log B [0, 25], α [0, 2], β [0, 2], first parameter slowest), same L-BFGS tolerances (scipy's ftol/gtol
have the semantics qs::scaling::LbfgsOptions copies), same bootstrap draws (SplitMix64, index = next
mod n, resample-major) refitted from the best optimum, same percentile CIs. Analytic gradient, numpy
vectorised over the points.

Usage: bench_scaling_fit.py CSV [--grid 4] [--resamples 100] [--seed 20240101] [--huber 1e-3]
                                [--ftol 1e-15] [--gtol 1e-10] [--maxiter 2000]
Prints one JSON object on stdout. Exit code 3 (with {"error": ...}) when numpy/scipy is missing.
"""

import argparse
import csv
import itertools
import json
import sys
import time

try:
    import numpy as np
    import scipy
    from scipy.optimize import minimize
except ImportError as exc:  # the C++ bench reports this clearly
    print(json.dumps({"error": "numpy/scipy not importable by %s: %s" % (sys.executable, exc)}))
    sys.exit(3)

MASK = (1 << 64) - 1
NAMES = ["E", "A", "B", "alpha", "beta"]
IS_LOG = [True, True, True, False, False]
RANGES = [(-1.0, 1.0), (0.0, 25.0), (0.0, 25.0), (0.0, 2.0), (0.0, 2.0)]


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def read_points(path):
    with open(path, newline="") as f:
        rows = [r for r in csv.reader(f) if r and not r[0].lstrip().startswith("#")]
    header = [h.strip().lower() for h in rows[0]]
    col = {name: header.index(name.lower()) for name in ("N", "D", "loss")}
    data = np.array([[float(r[col["N"]]), float(r[col["D"]]), float(r[col["loss"]])] for r in rows[1:]])
    return data[:, 0], data[:, 1], data[:, 2]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--grid", type=int, default=4)
    ap.add_argument("--resamples", type=int, default=100)
    ap.add_argument("--seed", type=int, default=20240101)
    ap.add_argument("--huber", type=float, default=1e-3)
    ap.add_argument("--ftol", type=float, default=1e-15)
    ap.add_argument("--gtol", type=float, default=1e-10)
    ap.add_argument("--maxiter", type=int, default=2000)
    args = ap.parse_args()

    N, D, L = read_points(args.csv)
    logN, logD, logL = np.log(N), np.log(D), np.log(L)
    n = len(L)
    delta = args.huber

    def objective(theta, w):
        e, a, b, alpha, beta = theta
        u1 = a - alpha * logN
        u2 = b - beta * logD
        m = np.maximum(np.maximum(u1, u2), e)
        e1 = np.exp(u1 - m)
        e2 = np.exp(u2 - m)
        e3 = np.exp(e - m)
        s = e1 + e2 + e3
        r = m + np.log(s) - logL
        ar = np.abs(r)
        quad = ar <= delta
        h = np.where(quad, 0.5 * r * r, delta * (ar - 0.5 * delta))
        d = np.where(quad, r, np.copysign(delta, r))
        c = w * d / s
        ce1, ce2 = c * e1, c * e2
        grad = np.array([np.dot(c, e3), ce1.sum(), ce2.sum(), -np.dot(ce1, logN), -np.dot(ce2, logD)])
        return float(np.dot(w, h)), grad

    options = {"maxiter": args.maxiter, "maxfun": 20000, "ftol": args.ftol, "gtol": args.gtol,
               "maxcor": 10, "maxls": 30}
    values = [np.linspace(lo, hi, args.grid) if args.grid > 1 else np.array([(lo + hi) / 2]) for lo, hi in RANGES]
    starts = [np.array(s) for s in itertools.product(*values)]
    ones = np.ones(n)

    t0 = time.perf_counter()
    best, converged = None, 0
    for x0 in starts:
        res = minimize(objective, x0, args=(ones,), jac=True, method="L-BFGS-B", options=options)
        converged += bool(res.success)
        if np.isfinite(res.fun) and (best is None or res.fun < best.fun):
            best = res
    t_starts = time.perf_counter() - t0

    rng = SplitMix64(args.seed)
    samples = []
    for _ in range(args.resamples):
        w = np.zeros(n)
        for _ in range(n):
            w[rng.next() % n] += 1.0
        res = minimize(objective, best.x, args=(w,), jac=True, method="L-BFGS-B", options=options)
        if res.success:
            samples.append([np.exp(v) if lg else v for v, lg in zip(res.x, IS_LOG)])
    seconds = time.perf_counter() - t0

    coeff = {name: float(np.exp(v) if lg else v) for name, v, lg in zip(NAMES, best.x, IS_LOG)}
    ci = {}
    if len(samples) >= 2:
        arr = np.array(samples)
        for j, name in enumerate(NAMES):
            ci[name] = [float(np.percentile(arr[:, j], 2.5)), float(np.percentile(arr[:, j], 97.5))]
    print(json.dumps({
        "scipy": scipy.__version__, "numpy": np.__version__,
        "seconds": seconds, "seconds_starts": t_starts,
        "starts": len(starts), "starts_converged": converged,
        "objective": float(best.fun), "message": str(best.message),
        "theta": [float(v) for v in best.x], "coefficients": coeff,
        "bootstrap_resamples": args.resamples, "bootstrap_converged": len(samples), "ci95": ci,
    }))


if __name__ == "__main__":
    main()
