# SPDX-FileCopyrightText: 2026 QuantScope developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""tst_package: the Debian package checked with Debian's own tools and against the programs in it.

    check_package.py DEB PROJECT_DIR VERSION

- control: name, version (the project's), maintainer, section, and Depends derived by dpkg-shlibdeps:
  every shared library the two programs need (objdump -p) belongs to a package Depends names;
- lintian: no error and no tag that docs/packaging.md does not list with its reason;
- desktop-file-validate, appstreamcli validate --no-net (the release is this version);
- the shared-mime-info package: application/x-hdf5, a subclass of application/x-hdf, the .h5 and
  .hdf5 globs and the HDF5 signature; update-mime-database accepts it;
- the hicolor icons: every PNG as large as its folder says, and the SVG;
- quantscope(1): renders with man -l without a warning, has a section for every command
  `quantscope help` lists and names every option each `quantscope COMMAND --help` lists;
- the bash completion: completes every command, and every command's options exactly as its --help.
Exit 0 when all hold; otherwise prints each failure and exits 1.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from packagecheck import APP_ID, check, failures, run


def control_fields(deb):
    fields, key = {}, None
    for line in run(["dpkg-deb", "-f", deb]).stdout.splitlines():
        if line.startswith(" ") and key:
            fields[key] += "\n" + line
        elif ":" in line:
            key, value = line.split(":", 1)
            fields[key] = value.strip()
    return fields


def depends_packages(depends):
    names = set()
    for clause in depends.split(","):
        for alternative in clause.split("|"):
            names.add(alternative.strip().split(" ")[0].split(":")[0])
    return names


def package_of_library(soname):
    """The installed package that ships `soname` for this machine's architecture (through ldconfig's
    cache and dpkg -S)."""
    multiarch = run(["dpkg-architecture", "-qDEB_HOST_MULTIARCH"]).stdout.strip()
    cache = run(["/sbin/ldconfig", "-p"]).stdout
    for line in cache.splitlines():
        parts = line.strip().split(" => ")
        if len(parts) == 2 and parts[0].split(" ")[0] == soname and f"/{multiarch}/" in parts[1]:
            path = parts[1]
            for candidate in (path, os.path.realpath(path)):
                owner = run(["dpkg", "-S", candidate])
                if owner.returncode == 0:
                    return owner.stdout.split(":")[0].strip()
            return None
    return None


def lintian_allowed(project):
    """Tags docs/packaging.md lists under "lintian" (`tag` in the first column of its table)."""
    allowed = set()
    with open(os.path.join(project, "docs", "packaging.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\|\s*`([a-z0-9-]+)`\s*\|", line)
            if m:
                allowed.add(m.group(1))
    return allowed


def png_size(path):
    with open(path, "rb") as f:
        header = f.read(24)
    if header[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", header[16:24])


def help_options(binary, command):
    """The options `quantscope COMMAND --help` lists (its "Options:" section)."""
    out = run([binary, command, "--help"]).stdout
    options, section = set(), False
    for line in out.splitlines():
        if line.startswith("Options:"):
            section = True
        elif section and line and not line.startswith(" "):
            section = False
        elif section:
            options.update(re.findall(r"(?:^|,\s)(--[A-Za-z0-9-]+)", line.strip()))
    return options


def help_commands(binary):
    out = run([binary, "help"]).stdout
    commands, section = [], False
    for line in out.splitlines():
        if line.startswith("Commands:"):
            section = True
        elif section and re.match(r"^  \S", line):  # a command; its summary's next lines are indented more
            commands.append(line.split()[0])
        elif section and line.strip() and not line.startswith(" "):
            section = False
    return commands


def complete(completion, words):
    """What bash-completion offers after `words` (the last one being completed)."""
    script = f"""
source /usr/share/bash-completion/bash_completion
source {completion}
COMP_WORDS=({' '.join("'" + w + "'" for w in words)})
COMP_CWORD={len(words) - 1}
COMP_LINE="${{COMP_WORDS[*]}}"
COMP_POINT=${{#COMP_LINE}}
_quantscope quantscope "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    return set(filter(None, run(["bash", "-c", script]).stdout.splitlines()))


def main():
    deb, project, version = sys.argv[1:4]
    root = tempfile.mkdtemp(prefix="tst_package-")
    try:
        tree = os.path.join(root, "tree")
        subprocess.run(["dpkg-deb", "-x", deb, tree], check=True)
        usr = os.path.join(tree, "usr")
        binary = os.path.join(usr, "bin", "quantscope")

        # Control fields and the derived Depends.
        fields = control_fields(deb)
        check(fields.get("Package") == "quantscope", f"Package: {fields.get('Package')}")
        check(fields.get("Version") == version, f"Version {fields.get('Version')}, the project's is {version}")
        check("<" in fields.get("Maintainer", "") and "@" in fields.get("Maintainer", ""),
              f"Maintainer: {fields.get('Maintainer')}")
        check(fields.get("Section") == "science", f"Section: {fields.get('Section')}")
        check(fields.get("Description", "").count("\n") >= 3, "Description has no long description")
        depends = depends_packages(fields.get("Depends", ""))
        needed = set()
        for program in ("quantscope", "quantscope-gui"):
            dump = run(["objdump", "-p", os.path.join(usr, "bin", program)]).stdout
            needed.update(re.findall(r"^\s*NEEDED\s+(\S+)", dump, re.M))
        check(len(needed) >= 10, f"only {len(needed)} NEEDED libraries")
        for soname in sorted(needed):
            owner = package_of_library(soname)
            if soname in ("libblas.so.3", "liblapack.so.3"):  # alternatives: Depends names the virtual soname
                check(soname in depends, f"Depends lacks {soname}")
            elif check(owner is not None, f"no package ships {soname}"):
                check(owner in depends, f"{soname} is from {owner}, which Depends does not name: {fields.get('Depends')}")
        for expected in ("libtorch1.13", "libqt6core6", "libhdf5-cpp-103-1"):
            check(expected in depends, f"Depends lacks {expected}")

        # lintian: no errors, no tag the documentation does not explain.
        allowed = lintian_allowed(project)
        r = run(["lintian", "--pedantic", "--display-info", "--display-experimental", deb])
        check(r.returncode in (0, 1), f"lintian did not run (exit {r.returncode}): {r.stderr}")
        out = r.stdout
        tags = re.findall(r"^([EWIPX]): quantscope[^:]*: (\S+)", out, re.M)
        for severity, tag in tags:
            check(severity != "E", f"lintian error: {tag}")
            check(tag in allowed, f"lintian {severity}: {tag} is not listed in docs/packaging.md")
        print(f"lintian: {len(tags)} tags ({', '.join(sorted({t for _, t in tags})) or 'none'})")

        desktop = os.path.join(usr, "share", "applications", APP_ID + ".desktop")
        r = run(["desktop-file-validate", desktop])
        check(r.returncode == 0 and not r.stdout.strip(), f"desktop-file-validate: {r.stdout}{r.stderr}")
        with open(desktop, encoding="utf-8") as f:
            entry = f.read()
        check(re.search(r"^MimeType=.*application/x-hdf5;", entry, re.M), "the desktop file does not open application/x-hdf5")
        check(re.search(r"^Exec=quantscope %[fFuU]$", entry, re.M), "Exec does not pass the file to quantscope")

        metainfo = os.path.join(usr, "share", "metainfo", APP_ID + ".metainfo.xml")
        r = run(["appstreamcli", "validate", "--no-net", "--pedantic", metainfo])
        check(r.returncode == 0, f"appstreamcli validate: {r.stdout}{r.stderr}")
        component = ET.parse(metainfo).getroot()
        check(component.findtext("id") == APP_ID, "AppStream id")
        check(component.find("launchable").text == APP_ID + ".desktop", "AppStream launchable")
        releases = [r.get("version") for r in component.iter("release")]
        check(releases[:1] == [version], f"AppStream releases {releases}, the project's version is {version}")
        check(len(component.findall("screenshots/screenshot")) >= 3, "fewer than 3 screenshots")
        for image in component.iter("image"):
            name = image.text.rsplit("/", 1)[-1]
            check(os.path.exists(os.path.join(project, "docs", "screenshots", name)),
                  f"screenshot {name} is not in docs/screenshots")
        check(component.find("content_rating") is not None, "no content rating")

        # The MIME type: a subclass of application/x-hdf with the HDF5 globs and signature, accepted by
        # update-mime-database next to the freedesktop.org database.
        mime = os.path.join(usr, "share", "mime", "packages", APP_ID + ".xml")
        ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
        types = ET.parse(mime).getroot().findall("m:mime-type", ns)
        check([t.get("type") for t in types] == ["application/x-hdf5"], "the MIME package defines other types")
        hdf5 = types[0]
        check([s.get("type") for s in hdf5.findall("m:sub-class-of", ns)] == ["application/x-hdf"],
              "application/x-hdf5 is not a subclass of application/x-hdf")
        check({g.get("pattern") for g in hdf5.findall("m:glob", ns)} == {"*.h5", "*.hdf5"}, "the globs")
        check(any(m.get("offset") == "0" and m.get("value") == r"\211HDF\r\n\032\n" for m in hdf5.iter(f"{{{ns['m']}}}match")),
              "no HDF5 signature at offset 0")
        mimedir = os.path.join(root, "mime")
        os.makedirs(os.path.join(mimedir, "packages"))
        shutil.copy("/usr/share/mime/packages/freedesktop.org.xml", os.path.join(mimedir, "packages"))
        shutil.copy(mime, os.path.join(mimedir, "packages"))
        r = run(["update-mime-database", "-V", mimedir])
        check(r.returncode == 0 and "error" not in (r.stdout + r.stderr).lower(), f"update-mime-database: {r.stderr}")
        with open(os.path.join(mimedir, "globs2"), encoding="utf-8") as f:
            globs = f.read()
        check("60:application/x-hdf5:*.h5" in globs, "*.h5 is not application/x-hdf5 in the built database")

        # The icons.
        icons = os.path.join(usr, "share", "icons", "hicolor")
        check(os.path.exists(os.path.join(icons, "scalable", "apps", APP_ID + ".svg")), "no scalable icon")
        sizes = []
        for folder in sorted(os.listdir(icons)):
            m = re.fullmatch(r"(\d+)x(\d+)", folder)
            if m:
                size = png_size(os.path.join(icons, folder, "apps", APP_ID + ".png"))
                check(size == (int(m.group(1)), int(m.group(2))), f"icon in {folder} is {size}")
                sizes.append(int(m.group(1)))
        check({16, 32, 48, 64, 128, 256} <= set(sizes), f"icon sizes {sizes}")

        # The manual page covers the command table as the program shows it.
        page = os.path.join(usr, "share", "man", "man1", "quantscope.1.gz")
        env = {k: v for k, v in os.environ.items() if k not in ("MAN_KEEP_FORMATTING", "LANG", "LANGUAGE")}
        for locale in ("C", "C.UTF-8"):  # groff warns of a character the locale cannot show
            r = run(["man", "--warnings", "-l", page], env=dict(env, MANWIDTH="100", LC_ALL=locale))
            check(r.returncode == 0 and not r.stderr.strip(), f"man -l in the {locale} locale: {r.stderr}")
        rendered = re.sub(r".\x08", "", r.stdout)  # overstrike bold and underline, where man keeps them
        # The title line: the version, and the release date of the AppStream release and the changelog.
        release_date = component.find("releases/release").get("date")
        title = subprocess.run(["zcat", page], capture_output=True, text=True).stdout
        check(re.search(rf'^\.TH QUANTSCOPE 1 "{release_date}" "QuantScope {re.escape(version)}"', title, re.M),
              f"the manual page's .TH line does not name {version} of {release_date}")
        changelog = subprocess.run(["zcat", os.path.join(usr, "share", "doc", "quantscope", "changelog.gz")],
                                   capture_output=True, text=True).stdout
        check(changelog.startswith(f"quantscope ({version}) "), f"the changelog's first entry is not {version}")
        signed = re.search(r"^ -- .+>  (.+)$", changelog, re.M)
        check(signed and run(["date", "-u", "-d", signed.group(1), "+%F"]).stdout.strip() == release_date,
              f"the changelog's first entry is not of {release_date}")
        check(os.path.islink(os.path.join(usr, "share", "man", "man1", "quantscope-gui.1.gz")), "no quantscope-gui(1)")
        commands = help_commands(binary)
        check(len(commands) >= 15, f"quantscope help lists {commands}")
        sections = re.split(r"^   (\S+)\n", rendered.split("\nCOMMANDS\n", 1)[-1].split("\nOPTIONS\n", 1)[0], flags=re.M)
        by_command = dict(zip(sections[1::2], sections[2::2]))
        check(list(by_command) == commands, f"man page commands {list(by_command)}, quantscope help: {commands}")
        completion = os.path.join(usr, "share", "bash-completion", "completions", "quantscope")
        check(complete(completion, ["quantscope", ""]) >= set(commands), "completion of the commands")
        for command in commands:
            options = help_options(binary, command)
            check("--help" in options, f"{command} --help lists no --help")
            text = by_command.get(command, "")
            for option in options - {"--help"}:  # an entry of its own: the option at the start of a line
                check(re.search(r"^ {7}" + re.escape(option) + r"(?![\w-])", text, re.M),
                      f"man page: {command} has no entry for {option}")
            offered = complete(completion, ["quantscope", command, "--"])
            check(offered == options, f"completion of {command} --: {sorted(offered ^ options)} differ from --help")
        check(complete(completion, ["quantscope", "figure", "--view", ""]) >= {"trajectory", "heatmap"},
              "completion of figure --view's words")
        check(complete(completion, ["quantscope", "sw"]) == {"sweep"}, "completion of sw")
        # --lang: English and every translation in translations/; recipe: every built-in recipe.
        languages = {"en"} | {m.group(1) for m in map(re.compile(r"quantscope_(\w+)\.ts$").search,
                                                         os.listdir(os.path.join(project, "translations"))) if m}
        offered = complete(completion, ["quantscope", "--lang", ""])
        check(offered == languages, f"completion of --lang: {sorted(offered)}, translations: {sorted(languages)}")
        recipes = set()
        for name in os.listdir(os.path.join(project, "resources", "recipes")):
            with open(os.path.join(project, "resources", "recipes", name), encoding="utf-8") as f:
                recipes.add(json.load(f)["recipe"])
        offered = complete(completion, ["quantscope", "recipe", ""])
        check(recipes <= offered, f"completion of recipe: {sorted(offered)}, the built-in recipes: {sorted(recipes)}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
