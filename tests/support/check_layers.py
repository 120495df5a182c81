"""The layers of docs/architecture.md, checked on the sources: every project include of a file names a
folder its layer may depend on, torch is included only by the engine (and the tests and benchmarks that
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
    "core/data": ["core/common"],
    "core/scaling": ["core/common"],
    "core/engine": ["core/common", "core/data"],
    "core/lab": ["core/common", "core/data", "core/engine", "core/scaling"],
    "models": ["core"],
    "widgets/plot": ["core", "models"],
    "widgets/pages": ["core", "models", "widgets/plot"],
    "widgets/dialogs": ["core", "models", "widgets/plot", "widgets/pages"],
    "app/cli": ["core", "models"],
    "app/gui": ["core", "models", "widgets", "app/cli"],
    "app": ["core", "models", "widgets", "app"],
    # The fuzzers link only the torch-free core (the torch checks below hold them to it).
    "fuzz": ["core"],
}
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
    for top in ("core", "models", "widgets", "app"):
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


def main(root):
    problems = []
    heavy = torch_headers(root)
    for top in ("core", "models", "widgets", "app", "fuzz"):
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
                        if target.startswith("torch/") and not rel.startswith(TORCH_OK):
                            problems.append(f"{where}: torch outside the engine ({target})")
                        if target in heavy and not (rel.startswith("core/engine/")
                                                    or (rel.startswith("core/") and rel.endswith(".cpp"))):
                            problems.append(f"{where}: {target} brings torch into {layer}")
                        if rel.startswith("core/") and kind == "<" and re.match(r"Q[A-Za-z]|qt", target):
                            problems.append(f"{where}: Qt in the core ({target})")
    for p in problems:
        print(p)
    print(f"{len(problems)} layer violation(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
