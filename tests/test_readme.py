"""Every command in README.md is run by a test.

The commands are read from the README itself: its code blocks (shell lines, the usage
synopsis, `$ ` prompts with the output under them, the GitHub Actions and pre-commit YAML,
the editors' language-server settings, the ``[tool.shapetracer]`` example) and the inline
commands of its prose.  Each one is verified by the first verifier whose pattern it matches,
and a command no verifier matches fails, so a command added to the README is a command some
test must run:

* ``shapetracer ...`` runs for real, through a ``shapetracer`` on ``PATH`` that is this
  checkout's CLI, in a temporary folder holding copies of what the commands read (the
  example, a few corpus jobs, a notebook, the file of the Fixes section, a scan's results);
  its exit code, and where the README shows the output, the output, are checked;
* long or external commands (``pip install``, the oracle's environments, the benchmarks, the
  corpus builders, pytest itself) are checked for what they name: the script exists, its
  ``--help`` works and lists every flag the README passes, the package extras exist, the
  paths exist.

A README command that no longer works fails here.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# What the synopsis' placeholders stand for in the sandbox.
PLACEHOLDERS = {"PATH...": "examples/train_mnist_cnn.py", "FILE": "examples/train_mnist_cnn.py", "CODE": "ST101"}
JOBS = ("job-017a9b", "job-02f3ff", "job-087cdb")  # small corpus jobs that fail as their logs say
NOTEBOOK = "corpus/notebooks/feed_bug_char_model_last_chunk.ipynb"


@dataclass(frozen=True)
class Command:
    line: int  # where the README writes it
    text: str
    kind: str  # shell, synopsis, prompt, lsp, config, hook
    output: str = ""  # what the README shows it prints (a `$ ` prompt's block)
    before: tuple[str, ...] = ()  # the commands before it in its `&&` chain


    def __str__(self) -> str:
        return f"README.md:{self.line}: {self.text}"


# --- reading the README -------------------------------------------------------------------

_BLOCK = re.compile(r"^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```", re.S | re.M)
_INLINE = re.compile(r"`(?P<text>(?:shapetracer|python|pip|pre-commit) [^`\n]*)`")
_SHELL_START = re.compile(r"(shapetracer |python |pip |for |PYTHONPATH=)")


def _strip_comment(line: str) -> str:
    """A command without its trailing ``  # comment`` (two spaces before the hash)."""
    return re.split(r"\s{2,}#", line, maxsplit=1)[0].rstrip()


def _shell_commands(body: str, first_line: int) -> list[Command]:
    commands: list[Command] = []
    lines = body.splitlines()
    index = 0
    while index < len(lines):
        line, number = lines[index], first_line + index
        if line.startswith("$ "):  # a prompt: the rest of the block is what it prints
            commands.append(Command(number, line[2:].strip(), "prompt", "\n".join(lines[index + 1:]) + "\n"))
            break
        if line.startswith("for "):  # a loop: up to its `done`, as one command
            end = next(i for i in range(index, len(lines)) if lines[i].strip() == "done")
            commands.append(Command(number, "\n".join(lines[index:end + 1]), "shell"))
            index = end + 1
            continue
        if _SHELL_START.match(line):
            flags = []  # a synopsis: indented flag lines under the command
            while index + 1 < len(lines) and lines[index + 1].startswith("  --"):
                index += 1
                flags.append((first_line + index, _strip_comment(lines[index].strip())))
            text = _strip_comment(line)
            if flags:
                commands.append(Command(number, text, "synopsis"))
                commands += [Command(at, f"{text} {flag}", "synopsis") for at, flag in flags]
            else:
                commands += _chain(number, text)
        index += 1
    return commands


def readme_commands() -> list[Command]:
    text = README.read_text()
    commands: list[Command] = []
    for block in _BLOCK.finditer(text):
        lang, body = block.group("lang"), block.group("body")
        first_line = text[:block.start("body")].count("\n") + 1
        if re.search(r'"shapetracer"[^\n]*\n?[^\n]*"lsp"', body) or re.search(r'"shapetracer",? "lsp"', body):
            commands.append(Command(first_line, "shapetracer lsp", "lsp"))
        elif lang == "toml" and body.startswith("[tool.shapetracer]"):
            commands.append(Command(first_line, body, "config"))
        elif lang == "yaml":
            for offset, line in enumerate(body.splitlines()):
                found = re.match(r"\s*-?\s*(run|entry|id|repo):\s*(.+?)\s*(#.*)?$", line)
                if found:
                    commands.append(Command(first_line + offset, f"{found.group(1)}: {found.group(2)}", "hook"))
        elif lang in ("", "sh", "bash", "shell"):
            commands += _shell_commands(body, first_line)
    prose = _BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    for found in _INLINE.finditer(prose):
        line = prose[:found.start()].count("\n") + 1
        commands += _chain(line, found.group("text"))
    return commands


def _chain(line: int, text: str) -> list[Command]:
    """``a && b``: each part is a command, run after the parts before it."""
    parts = [part.strip() for part in text.split(" && ")]
    return [Command(line, part, "shell", before=tuple(parts[:index])) for index, part in enumerate(parts)]


def _unique(commands: list[Command]) -> list[Command]:
    """One test per distinct command (the editors' settings all start ``shapetracer lsp``)."""
    seen: dict[tuple, Command] = {}
    for command in commands:
        seen.setdefault((command.kind, command.text, command.output, command.before), command)
    return list(seen.values())


COMMANDS = _unique(readme_commands())


def test_the_readme_has_the_commands_it_is_known_for():
    """The reader above finds the README's commands (a change of its layout must not hide them)."""
    texts = {c.text for c in COMMANDS}
    assert "shapetracer check examples/train_mnist_cnn.py" in texts
    assert "shapetracer check --diff --unsafe-fixes train.py" in texts
    assert "shapetracer scan jobs/ --output results.jsonl" in texts
    assert "python bench/differential.py --programs 2000" in texts
    assert "shapetracer check --write-baseline .shapetracer-baseline.json ." in texts
    every = readme_commands()
    assert sum(c.kind == "lsp" for c in every) >= 4 and sum(c.kind == "config" for c in every) == 1
    assert len(COMMANDS) >= 50


# --- the sandbox the commands run in ------------------------------------------------------

def _diff_original(output: str) -> str:
    """The file a README diff was made from: its context and removed lines (the hunk must
    cover the whole file, so that the README shows the complete example)."""
    lines = output.splitlines()
    hunk = next(i for i, line in enumerate(lines) if line.startswith("@@"))
    header = re.match(r"@@ -(\d+),(\d+) ", lines[hunk])
    assert header and header.group(1) == "1", "the README's diff must start at line 1 (a whole file)"
    original = [line[1:] for line in lines[hunk + 1:] if line[:1] in (" ", "-")]
    assert len(original) == int(header.group(2)), "the README's hunk is not complete"
    return "\n".join(original) + "\n"


def _shapetracer(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["shapetracer", *args], cwd=folder, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="session")
def template(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """What the README's commands read, made once: every test works on its own copy."""
    base = tmp_path_factory.mktemp("readme")
    folder, bin_dir = base / "work", base / "bin"
    folder.mkdir()
    bin_dir.mkdir()
    shim = bin_dir / "shapetracer"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m shapetracer.cli "$@"\n')
    shim.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    env.pop("TF_USE_LEGACY_KERAS", None)
    (folder / ".git").mkdir()  # configuration lookups stop here
    shutil.copytree(ROOT / "examples", folder / "examples")
    shutil.copytree(ROOT / "examples", folder / "src")
    for job in JOBS:
        shutil.copytree(ROOT / "corpus" / "jobs" / job, folder / "jobs" / job)
        shutil.copytree(ROOT / "corpus" / "jobs" / job, folder / "corpus" / "jobs" / job)
    shutil.copy(ROOT / NOTEBOOK, folder / "model.ipynb")
    prompt = next(c for c in COMMANDS if c.kind == "prompt")
    (folder / "train.py").write_text(_diff_original(prompt.output))
    made = _shapetracer(folder, env, "scan", "jobs/", "--output", "results.jsonl", "--quiet")
    assert made.returncode == 0, made.stderr
    made = _shapetracer(folder, env, "check", "--write-baseline", ".shapetracer-baseline.json", ".")
    assert made.returncode == 0, made.stderr
    return folder, env


@pytest.fixture()
def sandbox(template, tmp_path) -> tuple[Path, dict[str, str]]:
    folder, env = template
    copy = tmp_path / "work"
    shutil.copytree(folder, copy)
    return copy, env


# --- verifiers ----------------------------------------------------------------------------

def _run(sandbox, command: str) -> subprocess.CompletedProcess:
    folder, env = sandbox
    result = subprocess.run(["bash", "-c", command], cwd=folder, env=env, capture_output=True, text=True,
                            timeout=300)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def _first_block() -> str:
    """The output the README's first code block shows."""
    return _BLOCK.search(README.read_text()).group("body")


def _help(argv: list[str], cwd: Path = ROOT) -> str:
    result = subprocess.run(argv + ["--help"], cwd=cwd, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, f"{' '.join(argv)} --help: {result.stderr}"
    return result.stdout


def _flags(words: list[str]) -> list[str]:
    return [word.split("=")[0] for word in words if re.match(r"--?[a-zA-Z]", word)]


def verify_shapetracer(command: Command, sandbox) -> None:
    """A shapetracer command, run for real in the sandbox."""
    text = command.text
    for placeholder, value in PLACEHOLDERS.items():
        text = text.replace(placeholder, value)
    text = re.sub(r"\[(--[\w-]+)\]", r"\1", text)  # optional flags: given
    words = shlex.split(text)
    if words == ["shapetracer", "check"]:  # named in prose, not run: its help works
        _help(["shapetracer", "check"], sandbox[0])
        return
    if "--scheduler" in words:  # a Dask cluster somewhere else: its flags exist
        help_text = _help([sys.executable, "-m", "shapetracer.cli", words[1]])
        assert all(flag in help_text for flag in _flags(words)) and "dask" in help_text
        return
    alternatives = re.search(r"\b(\w+(?:\|[\w-]+)+)\b", text)  # --output-format full|concise|json
    runs = [text.replace(alternatives.group(1), choice) for choice in alternatives.group(1).split("|")] \
        if alternatives else [text]
    for earlier in command.before:  # what the chain made before it (check.json for report)
        if earlier.startswith("shapetracer "):
            assert _run(sandbox, earlier).returncode in (0, 1), earlier
    for run in runs:
        if command.kind == "synopsis" and "examples/" not in run:
            run = f"{run} examples/train_mnist_cnn.py"
        result = _run(sandbox, run)
        assert result.returncode in (0, 1), f"{run}: exit {result.returncode}: {result.stderr}"
        _check_output(run, result, command, sandbox[0])


def _check_output(run: str, result: subprocess.CompletedProcess, command: Command, folder: Path) -> None:
    """What the command must have printed or written, where the README says it."""
    words = shlex.split(run)
    if command.output:
        assert result.stdout == command.output, f"{run} prints\n{result.stdout}"
    if run == "shapetracer check examples/train_mnist_cnn.py":
        assert result.returncode == 1 and result.stdout == _first_block()
    if words[1] == "rules":
        assert "ST101  matmul-dim-mismatch" in result.stdout
    if words[1] == "explain":
        assert result.returncode == 0 and words[2] in result.stdout
    if words[1] == "scan":
        output = folder / words[words.index("--output") + 1]
        records = [json.loads(line) for line in output.read_text().splitlines()]
        # results.jsonl also holds the template's scan of its own jobs/ (a job is its path)
        ours = [r for r in records if Path(r["source"]).is_relative_to(folder)]
        assert len(ours) == len(JOBS) and {r["status"] for r in ours} == {"ok"}
    if words[1] == "report":
        page = folder / words[words.index("-o") + 1]
        assert page.read_text().lstrip().lower().startswith("<!doctype html")
    if words[1] == "study":
        assert (folder / words[words.index("--output-dir") + 1] / "study.md").is_file()
    if "sarif" in words and ">" in words:
        sarif = json.loads((folder / words[words.index(">") + 1]).read_text())
        assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"]
    if "--write-baseline" in words:
        assert json.loads((folder / words[words.index("--write-baseline") + 1]).read_text())
    if "--baseline" in words:
        assert result.returncode == 0 and result.stdout == ""  # nothing new since the baseline


def verify_lsp(command: Command, sandbox) -> None:
    """The language server the editors' settings start answers an LSP handshake."""
    pytest.importorskip("pygls")
    folder, env = sandbox
    server = subprocess.Popen(["shapetracer", "lsp"], cwd=folder, env=env, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive() -> dict:
        length = 0
        while (header := server.stdout.readline().strip()):
            if header.lower().startswith(b"content-length:"):
                length = int(header.split(b":")[1])
        return json.loads(server.stdout.read(length))

    try:
        send({"id": 1, "method": "initialize", "params": {"processId": None, "rootUri": folder.as_uri(),
                                                            "capabilities": {}}})
        answer = receive()
        assert answer["id"] == 1 and "hoverProvider" in answer["result"]["capabilities"]
        send({"id": 2, "method": "shutdown"})
        while receive().get("id") != 2:
            pass
        send({"method": "exit"})
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate()


def verify_config(command: Command, sandbox) -> None:
    """The README's [tool.shapetracer] is accepted as written, and a check runs under it."""
    from shapetracer.config import load_settings

    folder, _ = sandbox
    (folder / "pyproject.toml").write_text(command.text)
    settings = load_settings([folder])
    assert settings.sources["select"] == "config" and settings["fail-on"] == "error"
    result = _run(sandbox, "shapetracer check examples/train_mnist_cnn.py")
    assert result.returncode == 1, result.stderr


def verify_hook(command: Command, sandbox) -> None:
    """The pre-commit and GitHub Actions YAML: its hook exists, its steps work."""
    key, value = command.text.split(": ", 1)
    if key == "id":
        hooks = (ROOT / ".pre-commit-hooks.yaml").read_text()
        assert re.search(rf"^- id: {re.escape(value)}$", hooks, re.M)
    elif key == "repo":
        assert value == "local" or value.startswith("https://")
    elif key == "entry":
        verify_shapetracer(Command(command.line, f"{value} examples/train_mnist_cnn.py", "shell"), sandbox)
    elif value.startswith("pip "):
        verify_pip(Command(command.line, value, "shell"), sandbox)
    else:
        verify_shapetracer(Command(command.line, value, "shell"), sandbox)


def verify_pip(command: Command, sandbox) -> None:
    """``pip install`` of this project: its name and the extras named exist."""
    project = PYPROJECT["project"]
    extras = set(project["optional-dependencies"])
    for spec in shlex.split(command.text)[command.text.split().index("install") + 1:]:
        if spec.startswith("-"):
            continue
        found = re.match(r"(?P<name>[\w.-]+?|\.)\s*(\[(?P<extras>[\w,]+)\])?\s*(@.*)?$", spec)
        assert found, spec
        assert found.group("name") in (".", project["name"]), spec
        assert set(filter(None, (found.group("extras") or "").split(","))) <= extras, spec


def verify_pytest(command: Command, sandbox) -> None:
    """``python -m pytest`` with the plugins and markers it names."""
    words = shlex.split(command.text)
    if "-n" in words:
        assert "-n numprocesses" in _help([sys.executable, "-m", "pytest"])
    if "-m" in words[3:]:
        marker = words[words.index("-m", 3) + 1]
        markers = subprocess.run([sys.executable, "-m", "pytest", "--markers"], cwd=ROOT, capture_output=True,
                                 text=True, timeout=120).stdout
        assert f"@pytest.mark.{marker}:" in markers


def verify_script(command: Command, sandbox) -> None:
    """A script of the repository (a benchmark, a corpus builder, the oracle's environments):
    it exists, ``--help`` works, and lists every flag the README passes it."""
    words = shlex.split(re.sub(r"\[(--[\w-]+)\]", r"\1", command.text))
    script = ROOT / words[1]
    assert script.is_file(), script
    help_text = _help([sys.executable, str(script)])
    for flag in _flags(words[2:]):
        assert re.search(rf"(^|[\s\[,]){re.escape(flag)}\b", help_text), f"{flag} not in {script.name} --help"
    for word in words[2:]:
        if not word.startswith("-") and "/" in word and not word.startswith("~"):
            assert (ROOT / word).exists(), word
    if script.name == "envs.py":
        assert words[2] in ("install", "path")


def verify_module(command: Command, sandbox) -> None:
    """``python -m shapetracer.<module>``: rule_docs writes the docs tree (here into the sandbox)."""
    words = shlex.split(command.text)
    assert words[2] == "shapetracer.report.rule_docs", command.text
    result = subprocess.run([sys.executable, "-m", words[2], str(sandbox[0] / "docs")], cwd=ROOT, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (sandbox[0] / "docs").iterdir()) == sorted(
        p.name for p in (ROOT / "docs" / "rules").iterdir())


def verify_api_loop(command: Command, sandbox) -> None:
    """The loop that regenerates the API model: each version's environment is known to
    envs.py, the generator module exists, and so does each file it writes."""
    sys.path.insert(0, str(ROOT / "tests" / "oracle"))
    try:
        import envs
    finally:
        sys.path.pop(0)
    versions = re.search(r"for v in ([\d. ]+); do", command.text).group(1).split()
    inner = re.search(r"PYTHONPATH=\. \$\(python (\S+) path tf\$v\) -m (\S+) (\S+)", command.text)
    assert inner, command.text
    assert (ROOT / inner.group(1)).is_file() and (ROOT / (inner.group(2).replace(".", "/") + ".py")).is_file()
    for version in versions:
        assert f"tf{version}" in envs.ENVS
        assert (ROOT / inner.group(3).replace("$v", version)).is_file()


def verify_pre_commit(command: Command, sandbox) -> None:
    """``pre-commit install``: tests/integration/test_pre_commit_hook.py runs it against a git
    repository; here, the tool has the subcommand."""
    if shutil.which("pre-commit") is None:
        pytest.skip("pre-commit is not installed")
    assert command.text == "pre-commit install"
    assert subprocess.run(["pre-commit", "install", "--help"], capture_output=True, timeout=60).returncode == 0


VERIFIERS = (
    (r"shapetracer lsp$", verify_lsp),
    (r"shapetracer ", verify_shapetracer),
    (r"(python -m )?pip install ", verify_pip),
    (r"python -m pytest\b", verify_pytest),
    (r"python -m shapetracer\.", verify_module),
    (r"python [\w/]+\.py\b", verify_script),
    (r"for v in .*shapetracer\.api\.generate", verify_api_loop),
    (r"pre-commit ", verify_pre_commit),
)


def _verifier(command: Command):
    if command.kind == "config":
        return verify_config
    if command.kind == "hook":
        return verify_hook
    return next((verify for pattern, verify in VERIFIERS if re.match(pattern, command.text, re.S)), None)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: f"L{c.line}-{c.text.splitlines()[0][:60]}")
def test_readme_command_works(command: Command, sandbox):
    verify = _verifier(command)
    assert verify is not None, f"{command}: no test runs this README command (add a verifier)"
    verify(command, sandbox)
