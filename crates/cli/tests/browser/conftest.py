"""The page of `boardfile serve` in a real browser: the real binary started
for each test in a fresh folder (its TMPDIR too), headless Chromium driven
by the system's chromedriver. Every wait is bounded; every server is
stopped (Ctrl-C, then killed) and every browser quit, whatever the test did.

Run by scripts/test-browser.sh, which sets:
  BOARDFILE      the binary (else <repo>/target/debug/boardfile)
  AXE_JS         axe-core's axe.min.js (the accessibility tests need it)
  BROWSER_SHOTS  where screenshots go (else <target>/browser-shots)
  SHARED_DATA    the shared data (else <repo>/../shared/data)
BOARDFILE_PAGE_DIR, when set, reaches the server as it is (the page read
from that folder at each request).
"""

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[4]
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
SHARED = Path(os.environ.get("SHARED_DATA") or REPO.parent / "shared" / "data").resolve()
BRIDGE = SHARED / "bridge"
PBN = BRIDGE / "bigdeal-2boards.pbn"
SHOTS = Path(os.environ.get("BROWSER_SHOTS") or TARGET / "browser-shots")

# Bounds, in seconds.
START = 30
STOP = 10
WAIT = 30


def boardfile() -> Path:
    return Path(os.environ.get("BOARDFILE") or TARGET / "debug" / "boardfile")


def run_boardfile(*args, cwd=None) -> subprocess.CompletedProcess:
    """The binary run as a user would, its exit code checked."""
    done = subprocess.run(
        [str(boardfile()), *map(str, args)],
        cwd=cwd,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, f"boardfile {args}: {done.stderr.decode(errors='replace')}"
    return done


class Server:
    """`boardfile serve [DIR]`, its TMPDIR a folder of its own (where its
    private folder of uploads is made)."""

    def __init__(self, folder, tmp: Path):
        self.tmp = tmp
        args = [str(boardfile()), "serve"]
        if folder is not None:
            args.append(str(folder))
        env = dict(os.environ, TMPDIR=str(tmp))
        self.process = subprocess.Popen(
            args,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            text=True,
        )
        # The address is its first line; a thread reads it (and drains the
        # rest), so the wait for it is bounded.
        lines = queue.Queue()

        def read():
            for line in self.process.stdout:
                lines.put(line)
            lines.put(None)

        threading.Thread(target=read, daemon=True).start()
        try:
            line = lines.get(timeout=START)
        except queue.Empty:
            self.stop()
            pytest.fail(f"boardfile serve printed no address in {START} s")
        if line is None:
            code = self.process.wait(timeout=STOP)
            pytest.fail(f"boardfile serve ended ({code}) before printing its address")
        found = re.search(r"(http://127\.0\.0\.1:(\d+))/#token=([0-9a-f]+)", line)
        if not found:
            self.stop()
            pytest.fail(f"no address in {line!r}")
        self.url = found.group(0)
        self.base = found.group(1)

    def stop(self) -> int:
        """Ctrl-C, then a kill if it has not stopped in time: its exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=STOP)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP)
        return self.process.returncode


@pytest.fixture
def serve(tmp_path):
    """serve(DIR or None): a started server; all stopped after the test."""
    started = []

    def start(folder=None) -> Server:
        tmp = tmp_path / f"server-tmp-{len(started)}"
        tmp.mkdir()
        server = Server(folder, tmp)
        started.append(server)
        return server

    yield start
    # The browser is gone by now (it is set up after the server, so quit
    # first): each server stops at Ctrl-C, exit 0, its private folder gone.
    codes = [server.stop() for server in started]
    left = [str(p) for server in started for p in server.tmp.rglob("*")]
    assert codes == [0] * len(started), f"exit codes at Ctrl-C: {codes}"
    assert not left, f"left behind: {left}"


@pytest.fixture
def downloads(tmp_path) -> Path:
    folder = tmp_path / "downloads"
    folder.mkdir()
    return folder


@pytest.fixture
def browser(serve, downloads):
    """Headless Chromium, downloading into `downloads`; set up after
    `serve`, so quit before the servers stop."""
    options = webdriver.ChromeOptions()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        options.binary_location = chromium
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,900",
        "--lang=en-US",
    ):
        options.add_argument(arg)
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "download.directory_upgrade": True,
            "safebrowsing.enabled": False,
        },
    )
    driver_path = shutil.which("chromedriver")
    assert driver_path, "no chromedriver (Debian's chromium-driver)"
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    try:
        driver.set_page_load_timeout(WAIT)
        driver.set_script_timeout(WAIT)
        driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior",
            {"behavior": "allow", "downloadPath": str(downloads), "eventsEnabled": False},
        )
        yield driver
    finally:
        driver.quit()


class Page:
    """The page as a user sees it, in `driver`, served by `server`."""

    def __init__(self, driver, server: Server):
        self.driver = driver
        self.server = server

    def open(self):
        self.driver.get(self.server.url)
        # The file list has loaded once the folder line is written.
        self.wait(lambda d: self.text("#dir") != "", "the file list")
        return self

    def wait(self, until, what, timeout=WAIT):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(
            lambda d: until(d), f"waiting for {what}; problems: {self.problems()!r}"
        )

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css) -> str:
        found = self.all(css)
        return found[0].get_attribute("textContent").strip() if found else ""

    def problems(self) -> str:
        try:
            return self.text("#problems")
        except Exception:  # noqa: BLE001 - only for a failure's message
            return "?"

    def file_buttons(self):
        """{name shown: button} of the file list."""
        buttons = self.all("#files button")
        names = self.driver.execute_script(
            "return arguments[0].map((b) => b.firstChild.textContent);", buttons
        )
        return dict(zip(names, buttons))

    def open_file(self, name):
        """Clicks `name` in the file list; waits for its view."""
        self.wait(lambda d: name in self.file_buttons(), f"{name} in the file list")
        self.file_buttons()[name].click()
        self.wait(lambda d: self.text("#view-title") == name, f"{name}'s view")
        self.wait(lambda d: self.text("#status") == f"Opened {name}", f"{name} opened")

    def board_shown(self, number):
        self.wait(lambda d: self.all(f"#board-{number}"), f"board {number}")

    def hands(self, number) -> dict:
        """{seat: [spades, hearts, diamonds, clubs]} as board `number` shows them."""
        self.board_shown(number)
        shown = {}
        for seat in ("north", "east", "south", "west"):
            text = self.text(f"#board-{number} .hand.{seat}")
            parts = re.split("[\u2660\u2665\u2666\u2663]", text)
            assert parts[0].strip() == "" and len(parts) == 5, f"{seat}: {text!r}"
            shown[seat] = ["".join(p.replace("\u2060", "").split()) for p in parts[1:]]
        return shown


@pytest.fixture
def page_of(browser):
    """page_of(server): the page, opened in the browser."""
    return lambda server: Page(browser, server).open()


def wait_for_download(folder: Path, name: str, timeout=WAIT) -> bytes:
    """The bytes of `name` once Chromium has finished writing it to `folder`."""
    deadline = time.monotonic() + timeout
    path = folder / name
    last = None
    while time.monotonic() < deadline:
        partial = list(folder.glob("*.crdownload"))
        if path.exists() and not partial:
            size = path.stat().st_size
            if size > 0 and size == last:
                return path.read_bytes()
            last = size
        time.sleep(0.2)
    pytest.fail(f"no download {name} in {timeout} s: {sorted(p.name for p in folder.iterdir())}")


def deal_of(pbn_text: str, board: str) -> dict:
    """{seat: [spades, hearts, diamonds, clubs]} of board `board`'s
    [Deal "..."] in PBN text, as the page should show them: 10 for T, a
    dash for a void."""
    current, found = None, None
    for line in pbn_text.splitlines():
        tag = re.match(r'\[(\w+) "([^"]*)"\]', line.strip())
        if tag and tag.group(1) == "Board":
            current = tag.group(2)
        elif tag and tag.group(1) == "Deal" and current == board:
            found = re.match(r"([NESW]):(.+)", tag.group(2))
            break
    assert found, f"no [Deal] for board {board}"
    first, hands = found.group(1), found.group(2).split()
    order = ["north", "east", "south", "west"]
    start = "NESW".index(first)
    shown = {}
    for i, hand in enumerate(hands):
        suits = hand.split(".")
        assert len(suits) == 4, hand
        shown[order[(start + i) % 4]] = [s.replace("T", "10") or "\u2014" for s in suits]
    return shown
