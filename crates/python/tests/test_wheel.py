"""The package as a user installs it: the wheel scripts/test-python.sh
built, in a venv with no Rust toolchain on PATH (these checks run only
there: BOARDFILE_WHEEL names the wheel)."""

import os
import pathlib
import shutil
import sys
import zipfile

import pytest

import boardfile

WHEEL = os.environ.get("BOARDFILE_WHEEL")
pytestmark = pytest.mark.skipif(
    not WHEEL, reason="not the installed wheel (scripts/test-python.sh runs these)"
)


def test_no_rust_is_reachable():
    assert shutil.which("cargo") is None and shutil.which("rustc") is None


def test_boardfile_is_the_installed_wheels():
    here = pathlib.Path(boardfile.__file__).resolve()
    assert pathlib.Path(sys.prefix).resolve() in here.parents, here
    # One wheel for every CPython from 3.9 (abi3), for manylinux systems.
    name = pathlib.Path(WHEEL).name
    assert "-cp39-abi3-" in name and "manylinux" in name, name


def test_the_wheel_ships_type_stubs_and_py_typed():
    names = zipfile.ZipFile(WHEEL).namelist()
    for f in ["boardfile/py.typed", "boardfile/_native.pyi", "boardfile/_model.py"]:
        assert f in names, f
    here = pathlib.Path(boardfile.__file__).parent
    assert (here / "py.typed").is_file() and (here / "_native.pyi").is_file()
