"""``shapetracer lsp`` driven by a real LSP client (pytest-lsp) over stdio, in its own process."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp")
pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WORKSPACE = Path(tempfile.mkdtemp(prefix="shapetracer-lsp-"))
BUGGY = "import numpy as np\na = np.zeros((2, 3))\nb = a + np.zeros((4,))\n"
FIXED = "import numpy as np\na = np.zeros((2, 3))\nb = a + np.zeros((3,))\n"
PUBLISH = types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "shapetracer.cli", "lsp"],
                            server_env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=WORKSPACE.as_uri(),
        workspace_folders=[types.WorkspaceFolder(WORKSPACE.as_uri(), "ws")]))
    yield
    await lsp_client.shutdown_session()


async def published(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    """The next diagnostics published for ``uri`` (callers pop the old ones first)."""
    async def wait():
        while uri not in client.diagnostics:
            await client.wait_for_notification(PUBLISH)
        return client.diagnostics[uri]
    return list(await asyncio.wait_for(wait(), timeout=120))


def open_file(client: LanguageClient, name: str, text: str) -> str:
    path = WORKSPACE / name
    path.write_text(text)
    uri = path.as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
    return uri


def change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        [types.TextDocumentContentChangeWholeDocument(text=text)]))


@pytest.mark.asyncio
async def test_open_buggy_file_then_an_edit_that_fixes_it_clears_the_diagnostic(client: LanguageClient):
    uri = open_file(client, "train_fix.py", BUGGY)
    [diagnostic] = await published(client, uri)
    assert (diagnostic.code, diagnostic.source, diagnostic.range.start.line) == ("ST103", "shapetracer", 2)
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    # the finding's facts travel with the diagnostic, for an extension that acts on them
    assert diagnostic.data["args"] == {"shapes": [[2, 3], [4]]}  # numpy: "... with shapes (2,3) (4,)"
    change(client, uri, FIXED, 2)
    assert await published(client, uri) == []


@pytest.mark.asyncio
async def test_hover_shows_the_shape_dtype_and_origin_of_a_name(client: LanguageClient):
    uri = open_file(client, "train_hover.py", BUGGY)
    await published(client, uri)
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=2, character=4)))  # the `a` in `b = a + ...`
    assert hover is not None and "`a`: **[2, 3]**" in hover.contents.value, hover
    assert "bound at line 2" in hover.contents.value
    on_finding = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=2, character=9)))
    assert "ST103" in on_finding.contents.value
    change(client, uri, BUGGY + "c = (\n", 2)  # half typed: the file no longer parses
    [syntax] = await published(client, uri)
    assert syntax.code == "ST001"
    still = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=2, character=4)))
    assert "`a`: **[2, 3]**" in still.contents.value  # shapes of the last text that parsed


@pytest.mark.asyncio
async def test_hover_off_a_name_shows_the_innermost_expression(client: LanguageClient):
    source = ("import tensorflow as tf\nx = tf.zeros([4, 784])\nw = tf.zeros([784, 10])\n"
              "y = tf.nn.relu(tf.matmul(x, w) + 1.0)\n")
    uri = open_file(client, "train_expression.py", source)
    await published(client, uri)
    on_dot = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=3, character=17)))  # the `.` of tf.matmul
    assert on_dot is not None and "`tf.matmul(x, w)`: **[4, 10]** float32" in on_dot.contents.value, on_dot
    on_plus = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=3, character=30)))  # the `+`
    assert "`tf.matmul(x, w) + 1.0`: **[4, 10]**" in on_plus.contents.value


@pytest.mark.asyncio
async def test_a_hover_right_after_an_edit_shows_the_shapes_of_the_edited_text(client: LanguageClient):
    source = "import tensorflow as tf\nx = tf.zeros([4, 784])\ny = x * 2.0\n"
    uri = open_file(client, "train_edited.py", source)
    await published(client, uri)
    change(client, uri, source.replace("[4, 784]", "[5, 784]"), 2)  # its pass leaves the shapes for later
    assert await published(client, uri) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line=2, character=4)))  # the `x` in `y = x * 2.0`
    assert hover is not None and "`x`: **[5, 784]**" in hover.contents.value, hover


@pytest.mark.asyncio
async def test_code_action_adds_noqa_and_the_edited_file_is_clean(client: LanguageClient):
    uri = open_file(client, "train_noqa.py", BUGGY)
    [diagnostic] = await published(client, uri)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext(diagnostics=[diagnostic])))
    [noqa] = [a for a in actions if "noqa" in a.title]
    [edit] = noqa.edit.changes[uri]
    assert edit.new_text == "  # noqa: ST103" and edit.range.start == types.Position(2, 22)
    lines = BUGGY.splitlines(keepends=True)
    lines[2] = lines[2][:22] + edit.new_text + lines[2][22:]
    change(client, uri, "".join(lines), 2)
    assert await published(client, uri) == []


@pytest.mark.asyncio
async def test_a_notebook_gets_diagnostics_on_the_cell_with_the_bug(client: LanguageClient):
    notebook_uri = (WORKSPACE / "model.ipynb").as_uri()
    cells = [("markdown", "# Model"), ("python", "%matplotlib inline\nimport numpy as np\n"),
             ("python", "a = np.zeros((2, 3))\nb = a + np.zeros((4,))\n")]
    cell_uris = [f"vscode-notebook-cell:{notebook_uri[7:]}#cell{i}" for i in range(len(cells))]
    for uri in cell_uris:
        client.diagnostics.pop(uri, None)
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        types.NotebookDocument(uri=notebook_uri, notebook_type="jupyter-notebook", version=1, cells=[
            types.NotebookCell(kind=types.NotebookCellKind.Markup if lang == "markdown" else types.NotebookCellKind.Code,
                               document=uri) for (lang, _), uri in zip(cells, cell_uris)]),
        [types.TextDocumentItem(uri=uri, language_id=lang, version=1, text=text)
         for (lang, text), uri in zip(cells, cell_uris)]))
    [diagnostic] = await published(client, cell_uris[2])
    assert (diagnostic.code, diagnostic.range.start.line) == ("ST103", 1)
    assert await published(client, cell_uris[1]) == []
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(cell_uris[2]), types.Position(line=1, character=4)))
    assert "**[2, 3]**" in hover.contents.value and "cell 3, line 1" in hover.contents.value


@pytest.mark.asyncio
async def test_code_action_offers_the_verified_fix_of_a_finding(client: LanguageClient):
    uri = open_file(client, "train_fixable.py", "import tensorflow as tf\nx = tf.zeros([4, 6])\ny = tf.reshape(x, [5, 6])\n")
    [diagnostic] = await published(client, uri)
    assert diagnostic.code == "ST104"
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(uri), diagnostic.range, types.CodeActionContext(diagnostics=[diagnostic])))
    fixes = [a for a in actions if "noqa" not in a.title]
    # offered, but not preferred: the reshape fails for every value, and -1 takes the input's
    # side of the conflict where the 5 may be what was meant (an unsafe fix)
    assert fixes and not fixes[0].is_preferred, [a.title for a in actions]
    [edit] = fixes[0].edit.changes[uri]
    assert edit.new_text == "-1" and edit.range.start == types.Position(2, 19)


@pytest.mark.asyncio
async def test_settings_come_from_the_nearest_pyproject_as_for_check(client: LanguageClient):
    project = WORKSPACE / "configured"
    project.mkdir(exist_ok=True)
    (project / "pyproject.toml").write_text('[tool.shapetracer]\nignore = ["ST103"]\n')
    uri = open_file(client, "configured/train.py", BUGGY)
    assert await published(client, uri) == []


@pytest.mark.asyncio
async def test_a_helper_edited_but_unsaved_is_checked_through_its_script_in_both_open_files(client: LanguageClient):
    project = WORKSPACE / "project"
    project.mkdir(exist_ok=True)
    (project / "pyproject.toml").write_text('[project]\nname = "p"\n')
    helper = "import tensorflow as tf\n\n\ndef project(x, w):\n    return tf.matmul(x, w)\n"
    script = ("import tensorflow as tf\nfrom models import project\n\n"
              "x = tf.zeros([8, 4])\nw = tf.zeros([4, 3])\nprint(project(x, w))\n")
    (project / "train.py").write_text(script)
    models = open_file(client, "project/models.py", helper)  # on disk: the clean text
    assert await published(client, models) == []
    train = open_file(client, "project/train.py", script)
    assert await published(client, train) == []
    client.diagnostics.pop(train, None)
    change(client, models, helper.replace("tf.matmul(x, w)", "tf.matmul(x, tf.transpose(w))"), 2)  # not saved
    [at_site] = await published(client, models)
    assert (at_site.code, at_site.range.start.line) == ("ST101", 4)
    [in_script] = await published(client, train)  # the call that reaches it, in the script
    assert in_script.code == "ST101" and in_script.data["site"]["line"] == 5
    assert in_script.related_information[0].location.uri == models
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        types.TextDocumentIdentifier(train), in_script.range, types.CodeActionContext(diagnostics=[in_script])))
    assert not actions  # a noqa here would silence nothing: it belongs at the site
    client.diagnostics.pop(train, None)
    change(client, models, helper, 3)
    assert await published(client, models) == []
    assert await published(client, train) == []
