# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""tst_debinstall: the package installed for real, used as a user would, and removed without a trace.

    install_package.py DEB VERSION

Needs root (dpkg); exits 77 (skipped) with a message without it, or when a quantscope package is
installed already (this test does not replace what someone installed). Installs with dpkg -i (then
apt-get -f install when dependencies are missing), runs the installed /usr/bin/quantscope --version
and help, a tiny headless train + sweep + figure in a scratch folder, checks the desktop and MIME
registration (xdg-mime query default application/x-hdf5, the MIME database) and the manual page,
then purges the package and checks that none of its files, desktop-database entries or MIME types
is left. The package is purged however the test ends.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from packagecheck import APP_ID, check, failures, run


def installed():
    r = run(["dpkg-query", "-W", "-f=${Status}", "quantscope"])
    return r.returncode == 0 and "ok installed" in r.stdout


def own_leftover(deb):
    """Whether the installed quantscope is this very package (same version, same files)."""
    fields = run(["dpkg-deb", "-f", deb, "Version"]).stdout.strip()
    version = run(["dpkg-query", "-W", "-f=${Version}", "quantscope"]).stdout.strip()
    if not fields or fields != version:
        return False
    with tempfile.TemporaryDirectory() as control:
        if run(["dpkg-deb", "-e", deb, control]).returncode != 0:
            return False
        try:
            with open(os.path.join(control, "md5sums"), encoding="utf-8") as f:
                ours = sorted(f.read().split("\n"))
            with open("/var/lib/dpkg/info/quantscope.md5sums", encoding="utf-8") as f:
                theirs = sorted(f.read().split("\n"))
        except OSError:
            return False
    return ours == theirs


def excluded_by_dpkg(path):
    """Whether a path-exclude of dpkg's configuration (minimal container images) leaves `path` out."""
    import fnmatch
    excluded = False
    folder = "/etc/dpkg/dpkg.cfg.d"
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and parts[0] in ("path-exclude", "path-include") and fnmatch.fnmatch(path, parts[1]):
                    excluded = parts[0] == "path-exclude"
    return excluded


def mime_state():
    """What the system's databases say about application/x-hdf5 and our desktop file."""
    def read(path):
        try:
            with open(path, encoding="utf-8") as f:
                return f.read()
        except OSError:
            return ""
    return {
        "mimeinfo": read("/usr/share/applications/mimeinfo.cache"),
        "globs2": read("/usr/share/mime/globs2"),
        "subclasses": read("/usr/share/mime/subclasses"),
        "type_file": os.path.exists("/usr/share/mime/application/x-hdf5.xml"),
    }


def user_flow(scratch, env):
    corpus = os.path.join(scratch, "corpus.txt")
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    with open(corpus, "w", encoding="utf-8") as f:
        i = 0
        while f.tell() < 30000:
            f.write(words[i % 10] + " " + words[(i // 10) % 10] + (".\n" if i % 7 == 0 else ", "))
            i += 1
    with open(os.path.join(scratch, "tiny.json"), "w", encoding="utf-8") as f:
        f.write('{"model": {"d_model": 32, "n_layers": 1, "n_heads": 2, "d_ff": 48, "max_seq_len": 32},'
                ' "schedule": {"kind": "wsd", "peak_lr": 0.01, "warmup_steps": 2, "decay_fraction": 0.5},'
                ' "steps": 12, "batch_size": 4, "seq_len": 32, "checkpoint_every": 4, "eval_every": 4,'
                ' "eval_batches": 2, "threads": 1}')
    steps = [
        ["train", "--config", "tiny.json", "--corpus", "corpus.txt", "--store", "tiny.h5", "--run", "tiny"],
        ["sweep", "--store", "tiny.h5", "--quant", "rtn:4:g16:sym", "--threads", "1"],
        ["figure", "--store", "tiny.h5", "--view", "trajectory", "--out", "trajectory.png"],
        ["info", "tiny.h5"],
    ]
    for args in steps:
        r = run(["/usr/bin/quantscope"] + args, cwd=scratch, env=env, timeout=120)  # seconds each, here
        if not check(r.returncode == 0, f"quantscope {' '.join(args)}: exit {r.returncode}\n{r.stdout}{r.stderr}"):
            return
        print(f"quantscope {args[0]}: {r.stdout.strip().splitlines()[-1] if r.stdout.strip() else 'ok'}")
    with open(os.path.join(scratch, "trajectory.png"), "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "trajectory.png is not a PNG")
    with open(os.path.join(scratch, "tiny.h5"), "rb") as f:
        check(f.read(8) == b"\x89HDF\r\n\x1a\n", "tiny.h5 is not an HDF5 file")


def main():
    deb, version = sys.argv[1:3]
    if os.geteuid() != 0:
        print("SKIP: installing a package needs root (dpkg); run the tests as root to check the installed package")
        return 77
    if installed():
        if not own_leftover(deb):
            print("SKIP: a quantscope package is installed already; this test does not replace it")
            return 77
        # An earlier run of this test was killed before it could purge: finish that first.
        print("NOTE: this very package is installed (an earlier run was stopped before its purge); purging it")
        r = run(["dpkg", "--purge", "quantscope"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if r.returncode != 0:
            print(f"FAIL: dpkg --purge of the earlier run's package: {r.stdout}{r.stderr}")
            return 1
    for tool in ("xdg-mime", "update-desktop-database", "update-mime-database", "man"):
        if not shutil.which(tool):
            print(f"FAIL: {tool} is missing (packaging/install-deps.sh installs it)")
            return 1
    before = mime_state()
    scratch = tempfile.mkdtemp(prefix="tst_debinstall-")
    env = dict(os.environ, HOME=scratch, XDG_CONFIG_HOME=os.path.join(scratch, ".config"),
               XDG_DATA_HOME=os.path.join(scratch, ".local", "share"))
    env.pop("XDG_DATA_DIRS", None)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("QT_QPA_PLATFORM", None)  # the installed quantscope decides, as for a user on a console
    default_before = run(["xdg-mime", "query", "default", "application/x-hdf5"], env=env).stdout.strip()
    files = []
    try:
        r = run(["dpkg", "-i", deb], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if r.returncode != 0:
            print("dpkg -i left dependencies to install; apt-get -f install")
            fix = run(["apt-get", "-f", "install", "-y", "-q"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            check(fix.returncode == 0, f"apt-get -f install: {fix.stdout}{fix.stderr}")
        if not check(installed(), f"not installed: {r.stdout}{r.stderr}"):
            return 1
        files = [p for p in run(["dpkg", "-L", "quantscope"]).stdout.splitlines() if p.strip()]
        own = [p for p in files if os.path.isfile(p) or os.path.islink(p)]
        print(f"installed: {len(own)} files")

        r = run(["/usr/bin/quantscope", "--version"], env=env)
        check(r.returncode == 0 and r.stdout.startswith(f"QuantScope {version}\n"), f"--version: {r.stdout}{r.stderr}")
        for library in ("Qt 6.", "libtorch 1.", "HDF5 1."):
            check(library in r.stdout, f"--version lacks {library}: {r.stdout}")
        print(r.stdout.strip().replace("\n", ", "))
        r = run(["/usr/bin/quantscope", "help"], env=env)
        check(r.returncode == 0 and "Commands:" in r.stdout and "sweep" in r.stdout, f"help: {r.stdout}{r.stderr}")

        user_flow(scratch, env)

        r = run(["xdg-mime", "query", "default", "application/x-hdf5"], env=env)
        if default_before and default_before != APP_ID + ".desktop":
            print(f"NOTE: {default_before} was the default for application/x-hdf5 before; xdg-mime keeps it")
        else:
            check(r.stdout.strip() == APP_ID + ".desktop",
                  f"xdg-mime query default application/x-hdf5: '{r.stdout.strip()}' {r.stderr}")
        state = mime_state()
        check(re.search(r"^application/x-hdf5=.*" + re.escape(APP_ID) + r"\.desktop", state["mimeinfo"], re.M),
              "mimeinfo.cache does not list QuantScope for application/x-hdf5")
        check("application/x-hdf5:*.h5" in state["globs2"], "the MIME database does not map *.h5")
        check("application/x-hdf5 application/x-hdf" in state["subclasses"], "application/x-hdf5 is no subclass")
        if excluded_by_dpkg("/usr/share/man/man1/quantscope.1.gz"):
            print("NOTE: dpkg's path-exclude (/etc/dpkg/dpkg.cfg.d) leaves out manual pages here: man -w not checked")
        else:
            r = run(["man", "-aw", "quantscope"], env=env)
            check("/usr/share/man/man1/quantscope.1.gz" in r.stdout.split(), f"man -aw quantscope: {r.stdout}{r.stderr}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if installed() or run(["dpkg-query", "-W", "quantscope"]).returncode == 0:
            r = run(["dpkg", "--purge", "quantscope"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            check(r.returncode == 0, f"dpkg --purge: {r.stdout}{r.stderr}")

    # Nothing of it left.
    check(run(["dpkg-query", "-W", "quantscope"]).returncode != 0, "dpkg still knows quantscope")
    for path in files:
        if not os.path.isdir(path) or os.path.islink(path):
            check(not os.path.lexists(path), f"left after purge: {path}")
    for folder in ("/usr/share/doc/quantscope",):
        check(not os.path.exists(folder), f"left after purge: {folder}")
    after = mime_state()
    check(APP_ID not in after["mimeinfo"], "mimeinfo.cache still names QuantScope")
    check(("application/x-hdf5" in after["globs2"]) == ("application/x-hdf5" in before["globs2"]),
          "the MIME database still has application/x-hdf5")
    check(after["type_file"] == before["type_file"], "/usr/share/mime/application/x-hdf5.xml is left")
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
