"""The package's docstrings: every example runs and prints what it says
(doctest), in a folder of its own where the examples write their files;
every public function and class has an example."""

import doctest
import inspect

import pytest

import boardfile
import boardfile._errors
import boardfile._model

MODULES = [boardfile, boardfile._model, boardfile._errors]


def _globs():
    g = {"boardfile": boardfile}
    g.update({name: getattr(boardfile, name) for name in boardfile.__all__})
    return g


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_examples_print_what_they_say(module, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    # The file the examples of later docstrings read (the module's own
    # example writes it too; doctest runs a module's docstrings by name).
    boardfile.write(boardfile.deal(4, seed=10), "practice.pbn")
    finder = doctest.DocTestFinder(exclude_empty=True)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    report = []
    tests = [t for t in finder.find(module, globs=_globs()) if t.examples]
    assert tests, f"{module.__name__} has no example"
    for t in tests:
        if t.name.split(".")[-1] in ("_native",) or not t.name.startswith(module.__name__):
            continue
        runner.run(t, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
    assert result.attempted > 0


def test_every_public_function_and_class_has_an_example():
    missing = []
    for name in boardfile.__all__:
        obj = getattr(boardfile, name)
        if not (inspect.isfunction(obj) or inspect.isclass(obj)) or name == "Denom":
            continue
        if ">>>" not in (inspect.getdoc(obj) or ""):
            missing.append(name)
    assert not missing, f"no example in the docstring of: {', '.join(missing)}"
