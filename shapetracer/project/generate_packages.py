"""Write ``project/data/packages.json``: what the real TensorFlow environments install.

Which import an environment built from a project's requirements can satisfy depends on
facts only an installed environment knows: the modules each distribution puts on
``sys.path`` (``cv2`` comes from ``opencv-python``, ``google.protobuf`` from ``protobuf``),
what each distribution pulls in (``tensorflow`` 2.15 brings ``keras`` 2.15; 1.15 brings no
``keras`` but ``keras_applications`` and ``h5py``), and the standard library of the Python
each TensorFlow runs on (3.7 for 1.15).  They are read here from the environments
``tests/oracle/envs.py`` builds, with ``importlib.metadata``, never by importing a package::

    python -m shapetracer.project.generate_packages shapetracer/project/data/packages.json

runs ``--collect`` under each environment's Python (and the one running it, whose
distributions widen the table of import names; its TensorFlow, if any, is not used) and
merges what they print.  ``--collect`` runs on Python 3.7, so this module keeps to its
syntax and the standard library (``importlib_metadata``, the backport, where 3.7 has no
``importlib.metadata``).

The data (format 1):

- ``tensorflow``: per supported version, the Python it runs on, the distributions its
  install requirements reach (markers true on some platform, no extras), and the
  top-level modules of that Python's standard library;
- ``distributions``: per normalised distribution name, the modules it installs (a
  namespace package's module as ``google.protobuf``) and the distributions it requires.
"""

from __future__ import absolute_import, print_function

import json
import os
import pkgutil
import re
import subprocess
import sys
import sysconfig

FORMAT = 1
ENVS = (("1.15", "tf1.15"), ("2.15", "tf2.15"), ("2.21", "tf2.21"))
TF_DISTRIBUTIONS = ("tensorflow", "tensorflow-cpu", "tensorflow-gpu")
# The platforms a requirement's marker is tried on: kept when true on any of them.
PLATFORMS = (
    {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix", "platform_machine": "x86_64"},
    {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix", "platform_machine": "arm64"},
    {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt", "platform_machine": "AMD64"},
)
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def normalise(name):
    return re.sub(r"[-_.]+", "-", name).lower()


# --- inside one environment ---------------------------------------------------------------

def _metadata():
    try:
        import importlib.metadata as metadata
    except ImportError:  # Python 3.7: the backport
        import importlib_metadata as metadata  # type: ignore[no-redef]
    return metadata


def _marker_class():
    try:
        from packaging.markers import Marker
    except ImportError:
        from pip._vendor.packaging.markers import Marker  # type: ignore[no-redef]
    return Marker


def _requirement_name(text):
    match = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)", text)
    return normalise(match.group(1)) if match else None


def _required(requirement, marker_class):
    """Whether a Requires-Dist line holds without extras on some platform of this Python."""
    if ";" not in requirement:
        return True
    marker = marker_class(requirement.split(";", 1)[1].strip())
    for platform in PLATFORMS:
        environment = dict(platform, extra="")
        try:
            if marker.evaluate(environment):
                return True
        except Exception:  # noqa: BLE001 - an odd marker: keep the requirement
            return True
    return False


def _modules(files):
    """The importable modules a distribution's RECORD lists: top-level modules and packages,
    and inside a namespace package (a folder without ``__init__.py``) the packages under it."""
    paths = set()
    for entry in files or ():
        text = str(entry).replace("\\", "/")
        if text.startswith("../") or ".dist-info/" in text or ".egg-info/" in text or ".data/" in text \
                or "__pycache__" in text:
            continue
        paths.add(text)
    return sorted(_modules_in(paths, "", 0))


def _modules_in(paths, prefix, depth):
    found = set()
    children = set()
    for path in paths:
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix):]
        head = rest.split("/", 1)[0]
        if "/" in rest:
            children.add(head)
        elif head.endswith(".py") or head.endswith(".so") or head.endswith(".pyd"):
            stem = head.split(".", 1)[0]
            if _IDENTIFIER.match(stem) and stem != "__init__":
                found.add(prefix.replace("/", ".") + stem)
    for child in children:
        if not _IDENTIFIER.match(child):
            continue
        if prefix + child + "/__init__.py" in paths or depth >= 2:
            found.add(prefix.replace("/", ".") + child)
        else:
            inner = _modules_in(paths, prefix + child + "/", depth + 1)
            found.update(inner)
    return found


def _stdlib():
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return sorted(set(names) | set(sys.builtin_module_names))
    found = set(sys.builtin_module_names)
    paths = sysconfig.get_paths()
    folders = [paths["stdlib"], os.path.join(paths["stdlib"], "lib-dynload")]
    for _, name, _ in pkgutil.iter_modules(folders):
        found.add(name)
    found.discard("site-packages")
    return sorted(found)


def collect():
    """This environment, as JSON on stdout."""
    metadata = _metadata()
    marker_class = _marker_class()
    distributions = {}
    for distribution in metadata.distributions():
        name = distribution.metadata["Name"]
        if not name:
            continue
        requires = set()
        for line in distribution.requires or ():
            required = _requirement_name(line)
            if required and _required(line, marker_class):
                requires.add(required)
        modules = _modules(distribution.files)
        if not modules:
            top = distribution.read_text("top_level.txt") or ""
            modules = sorted(m.strip().replace("/", ".") for m in top.split() if m.strip())
        distributions[normalise(name)] = {"version": distribution.version, "modules": modules,
                                          "requires": sorted(requires)}
    json.dump({"python": "%d.%d" % sys.version_info[:2], "stdlib": _stdlib(), "distributions": distributions},
              sys.stdout, sort_keys=True)


# --- merging: run on the machine that holds the environments ------------------------------

def _closure(start, distributions):
    seen = set()
    queue = [start]
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        queue.extend(distributions.get(name, {}).get("requires", ()))
    return seen


def _run_collect(python):
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=package_root)
    output = subprocess.check_output([python, "-m", "shapetracer.project.generate_packages", "--collect"], env=env)
    return json.loads(output.decode("utf-8"))


def _env_python(name):
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    output = subprocess.check_output([sys.executable, os.path.join(root, "tests", "oracle", "envs.py"), "path", name])
    return output.decode("utf-8").strip()


def merge(environments, host):
    """The data file's content from each TensorFlow's environment (version -> collected)
    and the running Python's (distributions only)."""
    tensorflow = {}
    distributions = {}
    for collected in list(environments.values()) + [host]:
        for name, info in collected["distributions"].items():
            if name == "shapetracer":  # the running Python's own: not a package a project installs
                continue
            entry = distributions.setdefault(name, {"modules": set(), "requires": set()})
            entry["modules"].update(info["modules"])
            entry["requires"].update(info["requires"])
    for version, collected in sorted(environments.items()):
        installed = collected["distributions"]
        root = next(name for name in TF_DISTRIBUTIONS if name in installed)
        tensorflow[version] = {"python": collected["python"], "distribution": root,
                               "requires": sorted(_closure(root, installed) - {root}),
                               "stdlib": collected["stdlib"]}
    return {"format": FORMAT, "tensorflow": tensorflow,
            "distributions": {name: {"modules": sorted(entry["modules"]), "requires": sorted(entry["requires"])}
                              for name, entry in sorted(distributions.items())}}


def main(argv):
    if argv[:1] == ["--collect"]:
        collect()
        return 0
    if not argv:
        print("usage: python -m shapetracer.project.generate_packages OUT.json", file=sys.stderr)
        return 2
    environments = {version: _run_collect(_env_python(env)) for version, env in ENVS}
    data = merge(environments, _run_collect(sys.executable))
    with open(argv[0], "w") as handle:
        json.dump(data, handle, indent=0, sort_keys=True)
        handle.write("\n")
    print("wrote %s: %d distributions" % (argv[0], len(data["distributions"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
