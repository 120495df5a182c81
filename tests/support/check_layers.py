# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""The layers of docs/architecture.md, checked on the sources: every project include of a file names a
folder its layer may depend on, a library's private headers are included only inside it, each core
library links only the libraries its layer allows (HDF5 and torch each by one library, privately), no
fuzzer but the results store's links HDF5 and none links torch, torch is included only by the engine (and the tests and benchmarks that
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
    "core/downstream": ["core/common", "core/tokenizer"],
    "core/engine": ["core/common", "core/formats", "core/config", "core/store", "core/hf", "core/tokenizer",
                    "core/downstream"],
    "core/lab": ["core/common", "core/formats", "core/config", "core/store", "core/hf", "core/analysis",
                 "core/engine", "core/scalinglaws", "core/downstream"],
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
    "core/tokenizer": ["pretokenizer.h", "normalizer.h", "decoder.h", "postprocessor.h"],
    "core/downstream": ["pytext.h", "taskformats.h"],
}
# The libraries of the core and the folder of each: a library links only the project libraries its
# folder may include (ALLOWED, its own folder's too), narrowed where a library must stay lighter than
# its folder (qs_recipe is linked by the fuzzers, so it never reaches the engine). Every add_library
# of core/ must be listed here.
TARGETS = {
    "qs_common": "core/common", "qs_formats": "core/formats", "qs_tokenizer": "core/tokenizer",
    "qs_config": "core/config", "qs_store": "core/store", "qs_hf": "core/hf", "qs_analysis": "core/analysis",
    "qs_scalinglaws": "core/scalinglaws", "qs_downstream": "core/downstream", "qs_engine": "core/engine", "qs_recipe": "core/lab", "qs_lab": "core/lab",
}
NARROWER = {"qs_recipe": ("qs_common", "qs_formats", "qs_config")}
# Outside libraries only one library may link, and only PRIVATE (matched in any spelling of a link item:
# an imported target, a variable, a generator expression).
HEAVY = {"hdf5": "qs_store", "torch": "qs_engine"}
# The fuzzers link only torch-free libraries without HDF5, but for the two whose input is a results store
# (an HDF5 file); fuzz_makeseeds, which writes their seeds, links the store too.
FUZZ_LIBS = ("qs_formats", "qs_tokenizer", "qs_config", "qs_scalinglaws", "qs_recipe")
FUZZ_STORE = ("store", "storeschema")
FUZZ_STORE_LIBS = ("qs_store", "QuantScope::HDF5")

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


def heavy_kind(dep):
    for kind in HEAVY:
        if kind in dep.lower():
            return kind
    return None


def link_items(text, target):
    """(scope, item) of every target_link_libraries(target ...) in a CMakeLists.txt's text."""
    items = []
    for m in re.finditer(r"target_link_libraries\(\s*(\S+)([^)]*)\)", text, re.S):
        if m.group(1) != target:
            continue
        scope = "PUBLIC"
        for word in m.group(2).split():
            if word in ("PUBLIC", "PRIVATE", "INTERFACE"):
                scope = word
            else:
                items.append((scope, word))
    return items


def link_problems(root):
    """Each core library links only what its layer allows (TARGETS, NARROWER), HDF5 and torch only where
    HEAVY says and privately; each fuzzer links only FUZZ_LIBS (fuzz/CMakeLists.txt)."""
    problems = []
    for dirpath, _, files in os.walk(os.path.join(root, "core")):
        if "CMakeLists.txt" not in files:
            continue
        path = os.path.join(dirpath, "CMakeLists.txt")
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for target in re.findall(r"add_library\(\s*(\w+)", text):
            if TARGETS.get(target) != os.path.relpath(dirpath, root):
                problems.append(f"{rel}: {target} is not a library of check_layers.py's TARGETS")
                continue
            folder = TARGETS[target]
            for scope, dep in link_items(text, target):
                where = f"{rel}: {target}"
                if dep.startswith("qs_"):
                    if dep not in TARGETS or TARGETS[dep] not in ALLOWED[folder] + [folder]:
                        problems.append(f"{where} links {dep}, a library its layer may not use")
                    elif target in NARROWER and dep not in NARROWER[target]:
                        problems.append(f"{where} links {dep}; it may link only {', '.join(NARROWER[target])}")
                kind = heavy_kind(dep)
                if kind and HEAVY[kind] != target:
                    problems.append(f"{where} links {dep} ({kind} belongs to {HEAVY[kind]} alone)")
                elif kind and scope != "PRIVATE":
                    problems.append(f"{where} links {dep} {scope}; {kind} stays private to {target}")
    with open(os.path.join(root, "fuzz", "CMakeLists.txt"), encoding="utf-8") as f:
        text = f.read()
    libs = {}
    for m in re.finditer(r"foreach\(name ([^)]*)\)\s*set\(QS_FUZZ_LIBS_\$\{name\}([^)]*)\)", text):
        for name in m.group(1).split():
            libs[name] = m.group(2).split()
    for m in re.finditer(r"set\(QS_FUZZ_LIBS_(\w+)([^)]*)\)", text):
        libs[m.group(1)] = m.group(2).split()
    fuzzers = re.search(r"set\(QS_FUZZERS([^)]*)\)", text)
    for name in fuzzers.group(1).split() if fuzzers else []:
        if name not in libs:
            problems.append(f"fuzz/CMakeLists.txt: fuzz_{name} has no QS_FUZZ_LIBS_{name}")
    for scope, dep in link_items(text, "fuzz_${name}"):
        if dep not in ("${QS_FUZZ_LIBS_${name}}", "nlohmann_json::nlohmann_json"):
            problems.append(f"fuzz/CMakeLists.txt: every fuzzer links {dep}, which is not in its QS_FUZZ_LIBS")
    libs["makeseeds"] = [dep for _, dep in link_items(text, "fuzz_makeseeds")]
    for name, deps in libs.items():
        store = name in FUZZ_STORE or name == "makeseeds"
        for dep in deps:
            if dep in FUZZ_LIBS or (store and dep in FUZZ_STORE_LIBS):
                continue
            why = "HDF5, but it fuzzes no store" if heavy_kind(dep) == "hdf5" or dep == "qs_store" else "a library no fuzzer may link"
            problems.append(f"fuzz/CMakeLists.txt: fuzz_{name} links {dep}: {why}")
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
