# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layers of docs/architecture.md, checked on the sources: every project include of a file names a
folder its layer may depend on, a library's private headers are included only inside it, each core
library links only the libraries (and HDF5 and torch only where) its layer allows, no fuzzer but the
results store's links HDF5, torch is included only by the engine (and the tests and benchmarks that
test it), a header that brings torch in (directly or through another project header) is included only
by core/ .cpp files, the engine's own headers, tests and benchmarks, and the core includes no Qt.
Prints each violation as file:line and exits 1 when there is one.

    check_layers.py PROJECT_DIR
"""
import os
import re
import sys

# folder -> the folders its files may include (its own always allowed). Longest prefix wins.
ALLOWED = {
    "core/common": [],
    "core/formats": ["core/common"],
    "core/tokenizer": ["core/common"],
    "core/config": ["core/common", "core/formats"],
    "core/store": ["core/common", "core/config", "core/formats"],
    "core/hf": ["core/common", "core/formats", "core/tokenizer", "core/config", "core/store"],
    "core/analysis": ["core/common", "core/formats", "core/config", "core/store", "core/hf"],
    "core/scalinglaws": ["core/common"],
    "core/engine": ["core/common", "core/formats", "core/tokenizer", "core/config", "core/store", "core/hf",
                    "core/analysis"],
    "core/lab": ["core/common", "core/formats", "core/config", "core/store", "core/hf", "core/analysis",
                 "core/engine", "core/scalinglaws"],
    "itemmodels": ["core"],
    "widgets/plot": ["core", "itemmodels"],
    "widgets/pages": ["core", "itemmodels", "widgets/plot"],
    "widgets/dialogs": ["core", "itemmodels", "widgets/plot"],
    "app/cli": ["core", "itemmodels"],
    "app/gui": ["core", "itemmodels", "widgets", "app/cli"],
    "app": ["core", "itemmodels", "widgets", "app"],
    # The fuzzers link only the torch-free core (the torch checks below hold them to it).
    "fuzz": ["core"],
}
# Headers private to their library: included only from its own folder (the HDF5 helpers of the store,
# the tokenizer's stages).
PRIVATE_HEADERS = {
    "core/store": ["h5util.h", "storeprivate.h", "storetable.h", "storescan.h", "storesalvage.h", "storepadding.h"],
    "core/tokenizer": ["pretokenizer.h", "normalizer.h", "decoder.h"],
}
# The libraries of the core: what each links (target_link_libraries in core/<folder>/CMakeLists.txt),
# mirroring ALLOWED; and the outside libraries only some may link.
TARGETS = {
    "common": "qs_common", "formats": "qs_formats", "tokenizer": "qs_tokenizer", "config": "qs_config",
    "store": "qs_store", "hf": "qs_hf", "analysis": "qs_analysis", "scalinglaws": "qs_scalinglaws",
    "engine": "qs_engine",
}
HEAVY = {"QuantScope::HDF5": ("core/store",), "QuantScope::Torch": ("core/engine",)}

# Only these may include torch (headers: the engine's own torch headers).
TORCH_OK = ("core/engine/", "tests/", "bench/")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def layer_of(path):
    best = None
    for folder in ALLOWED:
        if path.startswith(folder + "/") and (best is None or len(folder) > len(best)):
            best = folder
    return best


def torch_headers(root):
    """Project headers that include torch, directly or through other project headers."""
    includes = {}
    for top in ("core", "itemmodels", "widgets", "app"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if name.endswith(".h"):
                    full = os.path.join(dirpath, name)
                    with open(full, encoding="utf-8") as f:
                        targets = [m.group(2) for m in map(INCLUDE.match, f) if m]
                    includes[os.path.relpath(full, root)] = targets
    heavy = {h for h, targets in includes.items() if any(t.startswith("torch/") for t in targets)}
    grew = True
    while grew:
        grew = False
        for h, targets in includes.items():
            if h not in heavy and any(t in heavy for t in targets):
                heavy.add(h)
                grew = True
    return heavy


def link_problems(root):
    """Each core library links only the core libraries its folder may include, HDF5 and torch only where
    HEAVY allows; every fuzzer links neither (fuzz/CMakeLists.txt's QS_FUZZ_LIBS)."""
    problems = []
    link = re.compile(r"target_link_libraries\(\s*(\S+)([^)]*)\)", re.S)
    by_target = {t: f for f, t in TARGETS.items()}
    for folder, target in TARGETS.items():
        path = os.path.join(root, "core", folder, "CMakeLists.txt")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in link.finditer(text):
            if m.group(1) != target:
                continue
            for dep in m.group(2).split():
                where = f"core/{folder}/CMakeLists.txt: {target}"
                if dep in by_target and f"core/{by_target[dep]}" not in ALLOWED[f"core/{folder}"]:
                    problems.append(f"{where} links {dep}, a library its layer may not use")
                if dep in HEAVY and f"core/{folder}" not in HEAVY[dep]:
                    problems.append(f"{where} links {dep}")
    with open(os.path.join(root, "fuzz", "CMakeLists.txt"), encoding="utf-8") as f:
        text = f.read()
    for m in re.finditer(r"set\(QS_FUZZ_LIBS_(\w+)([^)]*)\)", text):
        for dep in m.group(2).split():
            store = m.group(1) in ("store", "storeschema")
            if dep not in ("qs_formats", "qs_tokenizer", "qs_config", "qs_scalinglaws", "qs_recipe") and not (
                    store and dep in ("qs_store", "QuantScope::HDF5")):
                problems.append(f"fuzz/CMakeLists.txt: fuzz_{m.group(1)} links {dep}")
            if dep in ("qs_store", "QuantScope::HDF5") and not store:
                problems.append(f"fuzz/CMakeLists.txt: fuzz_{m.group(1)} links HDF5 (qs_store) but fuzzes no store")
    return problems


def main(root):
    problems = []
    heavy = torch_headers(root)
    for top in ("core", "itemmodels", "widgets", "app", "fuzz"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, root)
                layer = layer_of(rel)
                allowed = [layer] + ALLOWED[layer]
                with open(full, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        kind, target = m.groups()
                        where = f"{rel}:{number}"
                        if kind == '"' and "/" in target and not target.endswith(".moc"):
                            if not any(target.startswith(a + "/") for a in allowed):
                                problems.append(f"{where}: {layer} includes {target}")
                        for owner, names in PRIVATE_HEADERS.items():
                            if (kind == '"' and os.path.dirname(target) == owner and os.path.basename(target) in names
                                    and not rel.startswith(owner + "/")):
                                problems.append(f"{where}: {target} is private to {owner}")
                        if target.startswith("torch/") and not rel.startswith(TORCH_OK):
                            problems.append(f"{where}: torch outside the engine ({target})")
                        if target in heavy and not (rel.startswith("core/engine/")
                                                    or (rel.startswith("core/") and rel.endswith(".cpp"))):
                            problems.append(f"{where}: {target} brings torch into {layer}")
                        if rel.startswith("core/") and kind == "<" and re.match(r"Q[A-Za-z]|qt", target):
                            problems.append(f"{where}: Qt in the core ({target})")
    problems += link_problems(root)
    for p in problems:
        print(p)
    print(f"{len(problems)} layer violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
