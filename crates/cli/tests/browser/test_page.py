"""`boardfile serve`'s page in headless Chromium: files picked, dropped and
listed, boards drawn, downloads made, a bad file, narrow and wide screens,
and axe-core's accessibility rules. What a test expects comes from the
file itself or from `boardfile convert` run by the test."""

import base64
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import BRIDGE, PBN, SHARED, SHOTS, deal_of, run_boardfile, wait_for_download

SEATS = ("north", "east", "south", "west")


def the_boards_are_the_files(page, pbn_text):
    """Boards 1 and 2 on the page hold the hands of the PBN text's deals
    (board 1 has tens, board 2 a void)."""
    for board in ("1", "2"):
        expected = deal_of(pbn_text, board)
        assert sorted(expected) == sorted(SEATS)
        shown = page.hands(board)
        for seat in SEATS:
            assert shown[seat] == expected[seat], f"board {board} {seat}: {shown[seat]} != {expected[seat]}"


def test_a_picked_file_shows_its_boards(serve, page_of):
    page = page_of(serve())
    page.find("#pick").send_keys(str(PBN))
    page.wait(lambda d: page.text("#view-title") == PBN.name, "the picked file's view")
    the_boards_are_the_files(page, PBN.read_text())
    # Uploaded, it is listed as the page's own.
    assert PBN.name in page.file_buttons()


def test_a_dropped_file_shows_its_boards(serve, page_of):
    page = page_of(serve())
    drop = page.find("#drop")
    # A drop as the browser makes one: a DataTransfer holding a File.
    page.driver.execute_script(
        """
        const [target, name, text] = arguments;
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: "application/octet-stream" }));
        const event = (type) => new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data });
        target.dispatchEvent(event("dragenter"));
        target.dispatchEvent(event("dragover"));
        window.__overShown = target.classList.contains("over");
        target.dispatchEvent(event("drop"));
        """,
        drop,
        PBN.name,
        PBN.read_text(),
    )
    assert page.driver.execute_script("return window.__overShown"), "no sign of a drag over the page"
    page.wait(lambda d: page.text("#view-title") == PBN.name, "the dropped file's view")
    the_boards_are_the_files(page, PBN.read_text())
    assert "over" not in page.find("#drop").get_attribute("class")


def test_convert_downloads_what_the_command_writes(serve, page_of, downloads, tmp_path):
    page = page_of(serve(BRIDGE))
    page.open_file(PBN.name)
    Select(page.find("#to")).select_by_value("dlm")
    page.find("#convert button[type=submit]").click()
    got = wait_for_download(downloads, "bigdeal-2boards.dlm")
    expected = tmp_path / "x.dlm"
    run_boardfile("convert", PBN, expected)
    assert got == expected.read_bytes()
    assert page.text("#problems") == ""


def test_several_formats_at_once(serve, page_of, downloads, tmp_path):
    page = page_of(serve(BRIDGE))
    page.open_file(PBN.name)
    Select(page.find("#to")).select_by_value("dlm")
    page.find("#convert details.also summary").click()
    for ext in ("dup", "lin"):
        page.find(f"#also input[value='{ext}']").click()
    page.find("#convert button[type=submit]").click()
    for ext in ("dlm", "dup", "lin"):
        got = wait_for_download(downloads, f"bigdeal-2boards.{ext}")
        expected = tmp_path / f"x.{ext}"
        run_boardfile("convert", PBN, expected)
        assert got == expected.read_bytes(), ext
    assert page.text("#problems") == ""


def pdf_text(data: bytes, tmp_path: Path) -> str:
    pdftotext = shutil.which("pdftotext")
    assert pdftotext, "no pdftotext (Debian's poppler-utils)"
    path = tmp_path / "records.pdf"
    path.write_bytes(data)
    done = subprocess.run([pdftotext, "-enc", "UTF-8", str(path), "-"], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.decode("utf-8", errors="replace")


def test_titled_hand_records_as_a_pdf(serve, page_of, downloads, tmp_path):
    page = page_of(serve(BRIDGE))
    page.open_file(PBN.name)
    form = page.find("#records")
    form.find_element("name", "title").send_keys("Club Pairs")
    form.find_element("name", "date").send_keys("2026-11-24")
    form.find_element("css selector", "button[value=pdf]").click()
    got = wait_for_download(downloads, "bigdeal-2boards.pdf")
    assert got.startswith(b"%PDF-"), got[:20]
    text = pdf_text(got, tmp_path)
    # One space between words, whatever the extractor's spacing.
    words = " ".join(text.split())
    assert "Club Pairs" in words, text
    assert "24 November 2026" in words, text
    assert page.text("#problems") == ""


def test_the_folder_lists_its_files_and_each_opens(serve, page_of, tmp_path):
    page = page_of(serve(BRIDGE))
    on_disk = sorted(p.name for p in BRIDGE.iterdir() if not p.name.startswith("."))
    assert len(on_disk) == 5, on_disk
    # No folder entry: a bridge folder is not a WTHOR database.
    listed = lambda: list(page.file_buttons())
    page.wait(lambda d: sorted(listed()) == on_disk, f"the list {on_disk}")
    for name in on_disk:
        page.open_file(name)
        # Each file's boards as the command reads them (PBN, by convert).
        as_pbn = tmp_path / f"{name}.pbn"
        run_boardfile("convert", BRIDGE / name, as_pbn)
        the_boards_are_the_files(page, as_pbn.read_text())
        assert page.text("#problems") == ""
        assert page.find(f"#files button[data-id='dir/{name}']").get_attribute("aria-current") == "true"


def test_a_bad_file_is_a_placed_message(serve, page_of, tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    lines = PBN.read_text().splitlines()
    deals = [i for i, line in enumerate(lines) if line.startswith('[Deal "N:')]
    assert len(deals) == 2
    # Board 2: East's first spade given to North as well.
    bad = deals[1]
    found = re.match(r'\[Deal "N:(\S+) (\S+) (.*)', lines[bad])
    north, east, rest = found.groups()
    card = east.split(".")[0][0]
    assert card not in north.split(".")[0]
    lines[bad] = f'[Deal "N:{card}{north} {east} {rest}'
    (folder / "bad.pbn").write_text("\n".join(lines) + "\n")
    shutil.copy(PBN, folder / "good.pbn")
    page = page_of(serve(folder))
    page.wait(lambda d: "bad.pbn" in page.file_buttons(), "bad.pbn in the list")
    page.file_buttons()["bad.pbn"].click()
    page.wait(lambda d: page.text("#problems") != "", "a problem")
    message = page.text("#problems")
    assert re.search(rf"\bbad\.pbn:{bad + 1}\b", message), message
    assert page.find("#problems").is_displayed()
    # No crash: the page still opens a good file.
    page.open_file("good.pbn")
    the_boards_are_the_files(page, PBN.read_text())
    assert page.text("#problems") == ""


def test_what_is_hidden_stays_hidden(serve, page_of):
    """Elements the page hides (the hidden attribute) are not shown, though
    the page's style gives their kind a display of its own."""
    page = page_of(serve(BRIDGE))
    page.open_file(PBN.name)
    page.board_shown(2)
    # Two boards: no more to show.
    assert page.find("#more").get_attribute("hidden") is not None
    assert not page.find("#more").is_displayed(), "'More boards' shown for a set of two boards"
    assert page.find("#records").is_displayed()
    # Othello games: no hand records, no boards to go to.
    wthor = SHARED / "othello" / "WTH_1977.wtb"
    page.find("#pick").send_keys(str(wthor))
    page.wait(lambda d: page.text("#view-title") == wthor.name, "the Othello file's view")
    page.wait(lambda d: "Othello" in page.text("#view-format"), "the Othello file opened")
    for form in ("#records", "#jump"):
        assert not page.find(form).is_displayed(), f"{form} shown for Othello games"
    assert page.find("#convert").is_displayed()


def test_more_boards_come_as_the_list_ends_and_go_to_board(serve, page_of, tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    run_boardfile("deal", folder / "thirty.pbn", "--boards", "30", "--seed", "7")
    text = (folder / "thirty.pbn").read_text()
    numbers = re.findall(r'^\[Board "(\d+)"\]', text, flags=re.M)
    assert numbers == [str(n) for n in range(1, 31)], numbers
    page = page_of(serve(folder))
    page.open_file("thirty.pbn")
    page.board_shown(1)
    shown = lambda: [b.get_attribute("id") for b in page.all("#boards .board")]  # noqa: E731
    first = shown()
    assert 0 < len(first) < 30, first
    assert page.find("#more").is_displayed()
    # Scrolled to the end of the list, again and again: all 30, in order.
    def scrolled_to_the_end(d):
        d.execute_script("document.getElementById('more').scrollIntoView()")
        return not page.find("#more").is_displayed() and len(shown()) == 30

    page.wait(scrolled_to_the_end, "all 30 boards")
    assert shown() == [f"board-{n}" for n in numbers]
    for board in ("13", "30"):
        expected = deal_of(text, board)
        assert page.hands(board) == expected, board
    # Go to board 25: the list starts there.
    page.driver.execute_script("window.scrollTo(0, 0)")
    jump = page.find("#jump")
    jump.find_element("name", "number").send_keys("25")
    jump.find_element("css selector", "button[type=submit]").click()
    page.wait(lambda d: shown()[:1] == ["board-25"], "board 25 first")
    assert shown() == [f"board-{n}" for n in range(25, 31)]
    assert page.hands("25") == deal_of(text, "25")


def test_the_file_picker_shows_keyboard_focus(serve, page_of):
    """The file input is invisible; its label, drawn as a button, shows
    when it has the keyboard's focus."""
    page = page_of(serve(BRIDGE))
    page.find("body").send_keys(Keys.TAB)
    page.wait(lambda d: d.execute_script("return document.activeElement.id") == "pick", "#pick focused by Tab")
    outline = page.driver.execute_script(
        "const s = getComputedStyle(document.querySelector('label[for=pick]'));"
        "return [s.outlineStyle, s.outlineWidth, s.boxShadow];"
    )
    assert outline[0] != "none" and outline[1] != "0px" or outline[2] != "none", f"no focus ring on the label: {outline}"


def size_to(driver, width, height):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )


def screenshot(driver, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    (SHOTS / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))


def overflow(driver, width):
    """The page's widths (its scroll width, the window's inner width), and
    the elements that stick out past `width`, the screen's. A phone's
    browser (mobile emulation) widens the layout to the content, so the
    inner width must be the screen's as well."""
    return driver.execute_script(
        """
        const width = arguments[0];
        const wide = [];
        for (const el of document.querySelectorAll("body *")) {
          const r = el.getBoundingClientRect();
          const name = typeof el.className === "string" ? el.className : el.className.baseVal;
          if (r.width > 0 && r.right > width + 0.5) wide.push(`${el.tagName.toLowerCase()}#${el.id}.${name} right=${Math.round(r.right)}`);
        }
        // Text that runs out of its box (a long word, a path).
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walk.nextNode(); node; node = walk.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const r = range.getBoundingClientRect();
          if (r.width > 0 && r.right > width + 0.5) wide.push(`text ${JSON.stringify(node.textContent.slice(0, 40))} right=${Math.round(r.right)}`);
        }
        return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, wide: wide.slice(0, 20) };
        """,
        width,
    )


def fits(seen, width):
    return seen["scroll"] <= width and seen["inner"] == width


@pytest.mark.parametrize("width,height", [(320, 640), (390, 844), (1280, 900)])
def test_no_horizontal_scroll(serve, page_of, width, height):
    page = page_of(serve(BRIDGE))
    size_to(page.driver, width, height)
    page.driver.refresh()
    page.wait(lambda d: page.text("#dir") != "", "the file list")
    seen = overflow(page.driver, width)
    screenshot(page.driver, f"welcome-{width}")
    assert fits(seen, width), f"welcome at {width}px: {seen}"
    page.open_file(PBN.name)
    page.board_shown(2)
    seen = overflow(page.driver, width)
    screenshot(page.driver, f"set-{width}")
    assert fits(seen, width), f"a set open at {width}px: {seen}"


def overlaps(driver):
    """Pairs of a board's parts (its heading's and lines' text, each hand,
    the compass) whose drawn boxes cross, on the boards shown."""
    return driver.execute_script(
        """
        const found = [];
        const box = (el) => {
          // Text's own extent: a heading that does not wrap overflows its box.
          const range = document.createRange();
          range.selectNodeContents(el);
          return el.tagName === "svg" ? el.getBoundingClientRect() : range.getBoundingClientRect();
        };
        for (const board of document.querySelectorAll("#boards .board")) {
          const parts = [...board.querySelectorAll(".info h2, .info p, .hand, .compass")];
          for (let i = 0; i < parts.length; i++) {
            for (let j = i + 1; j < parts.length; j++) {
              const a = box(parts[i]), b = box(parts[j]);
              const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
              const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
              if (x > 0.5 && y > 0.5) {
                const name = (el) => el.tagName.toLowerCase() + "." + (el.getAttribute("class") || "") + " " + el.textContent.slice(0, 12);
                found.push(`${board.id}: ${name(parts[i])} / ${name(parts[j])}`);
              }
            }
          }
        }
        return found;
        """
    )


@pytest.mark.parametrize("width", [320, 390, 1280])
def test_no_board_text_overlaps(serve, page_of, tmp_path, width):
    folder = tmp_path / "set"
    folder.mkdir()
    # Twelve boards: numbers of two digits too.
    run_boardfile("deal", folder / "twelve.pbn", "--boards", "12", "--seed", "11")
    page = page_of(serve(folder))
    size_to(page.driver, width, 900)
    page.open_file("twelve.pbn")
    page.board_shown(12)
    found = overlaps(page.driver)
    screenshot(page.driver, f"boards-{width}")
    assert not found, f"at {width}px: {found}"
    seen = overflow(page.driver, width)
    assert fits(seen, width), f"twelve boards at {width}px: {seen}"


@pytest.mark.parametrize("width", [320, 390])
def test_long_names_wrap(serve, page_of, tmp_path, downloads, width):
    """A deep folder and a long file name without a space: wrapped, not
    a page wider than the screen (the folder line, the list, the view's
    title, the status line of a download)."""
    folder = tmp_path.joinpath(*["a_folder_with_a_long_name_for_boards"] * 3)
    folder.mkdir(parents=True)
    name = "club_pairs_championship_2026_11_24_the_first_session_boards.pbn"
    shutil.copy(PBN, folder / name)
    page = page_of(serve(folder))
    size_to(page.driver, width, 900)
    page.open_file(name)
    page.board_shown(2)
    Select(page.find("#to")).select_by_value("dlm")
    page.find("#convert button[type=submit]").click()
    wait_for_download(downloads, name.replace(".pbn", ".dlm"))
    page.wait(lambda d: name.replace(".pbn", "") in page.text("#status"), "the download said")
    seen = overflow(page.driver, width)
    screenshot(page.driver, f"long-names-{width}")
    assert fits(seen, width), f"long names at {width}px: {seen}"


def axe_violations(driver):
    axe = os.environ.get("AXE_JS")
    assert axe and Path(axe).is_file(), "AXE_JS: axe-core's axe.min.js (scripts/test-browser.sh sets it)"
    driver.execute_script(Path(axe).read_text())
    result = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
        axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
          .then((r) => done(JSON.stringify({ violations: r.violations, passes: r.passes.length })))
          .catch((e) => done(JSON.stringify({ error: String(e) })));
        """
    )
    found = json.loads(result)
    assert "error" not in found, found
    # axe ran its rules on the page (a page it could not read passes none).
    assert found["passes"] >= 10, found
    return found["violations"]


def check_axe(driver, what):
    violations = axe_violations(driver)
    for v in violations:
        print(f"{what}: [{v['impact']}] {v['id']}: {v['help']}")
        for node in v["nodes"][:10]:
            print(f"    {node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    bad = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not bad, f"{what}: " + "; ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes)" for v in bad)


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("state", ["welcome", "a set open", "a problem shown"])
def test_accessibility(serve, page_of, tmp_path, state, width):
    if state == "a problem shown":
        folder = tmp_path / "set"
        folder.mkdir()
        (folder / "notes.pbn").write_text("[Board \"1\"]\n[Deal \"N:AKQ\"]\n")
        page = page_of(serve(folder))
    else:
        page = page_of(serve(BRIDGE))
    size_to(page.driver, width, 900)
    if state == "a set open":
        page.open_file(PBN.name)
        page.board_shown(2)
    elif state == "a problem shown":
        page.wait(lambda d: "notes.pbn" in page.file_buttons(), "notes.pbn in the list")
        page.file_buttons()["notes.pbn"].click()
        page.wait(lambda d: page.text("#problems") != "", "a problem")
    check_axe(page.driver, f"{state} at {width}px")


def test_another_local_server_receives_no_token(serve, page_of):
    """A second HTTP server on another port of 127.0.0.1 (any other local
    program), opened in the same browser after the page: no header of any
    request it receives holds the token, and the page, come back to, still
    works from the tab's own keeping."""
    import http.server
    import threading

    heard = []

    class Recorder(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the standard library's name
            heard.append(str(self.headers))
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            # Its own page fetches from it too, as a page of it would.
            self.wfile.write(b"<!DOCTYPE html><title>other</title><script>fetch('/probe')</script>")

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        server = serve(BRIDGE)
        page = page_of(server)
        token = server.url.split("#token=")[1]
        # The token left the address bar, and no cookie was set.
        assert token not in page.driver.current_url
        assert page.driver.get_cookies() == []
        page.driver.get(f"http://127.0.0.1:{other.server_address[1]}/")
        page.wait(lambda d: len(heard) >= 2, "the other server's page and its fetch")
        assert all(token not in h for h in heard), heard
        # Back on the page, without the fragment: it works.
        page.driver.get(server.base + "/")
        page.wait(lambda d: page.text("#dir") != "", "the file list once back")
        page.open_file("bigdeal-2boards.pbn")
    finally:
        other.shutdown()


def document_top(page, css):
    """Where `css` starts, in pixels from the top of the page."""
    return page.driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return r.top + window.scrollY;", css
    )


def test_a_file_cut_short_shows_its_whole_boards_and_says_where_it_stops(serve, page_of, tmp_path):
    # Three boards, the third cut in the middle of its deal: the two whole
    # ones are shown, and the place where it stops above them, in view.
    folder = tmp_path / "set"
    folder.mkdir()
    run_boardfile("deal", folder / "three.pbn", "--boards", "3", "--seed", "3")
    text = (folder / "three.pbn").read_text()
    third = text.index('[Deal "', text.index('[Board "3"]'))
    (folder / "cut.pbn").write_text(text[: third + 30])
    line = text[: third + 30].count("\n") + 1
    page = page_of(serve(folder))
    page.open_file("cut.pbn")
    page.board_shown(2)
    assert len(page.all("#boards section.board")) == 2
    page.wait(lambda d: page.text("#problems") != "", "the place it stops")
    said = page.text("#problems")
    assert re.search(rf"\bcut\.pbn:{line}\b", said), said
    assert "dir/" not in said, said
    assert "The boards before it are shown." in said, said
    assert document_top(page, "#problems") < document_top(page, "#board-1")
    in_view = page.driver.execute_script(
        "const r = document.getElementById('problems').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight;"
    )
    assert in_view


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_on_a_phone_the_boards_come_first(serve, page_of, width, height):
    page = page_of(serve(BRIDGE))
    size_to(page.driver, width, height)
    page.driver.refresh()
    page.wait(lambda d: page.text("#dir") != "", "the file list")
    page.open_file(PBN.name)
    page.board_shown(1)
    top = document_top(page, "#board-1")
    screenshot(page.driver, f"first-board-{width}")
    # Board 1 on the first screen (before: 1,868 px down at 390 px).
    assert top < height, f"board 1 starts {top} px down at {width} px"
    tools_open = page.driver.execute_script("return document.getElementById('tools-bar').open;")
    assert tools_open == (width > 700), f"the tools bar at {width} px: open {tools_open}"


def test_finished_work_folds_away_and_a_reload_brings_back_no_error(serve, page_of, tmp_path):
    page = page_of(serve(tmp_path))
    page.find("#new-deal").click()
    page.wait(lambda d: page.find("#deal").is_displayed(), "the deal form")
    boards = page.find("#deal input[name=boards]")
    boards.clear()
    boards.send_keys("2")
    done = lambda n: page.driver.execute_script(  # noqa: E731
        "return document.querySelectorAll('#jobs > li[data-running=false], #jobs-done > li').length;"
    ) >= n
    for n in (1, 2):
        page.find("#deal button[type=submit]").click()
        page.wait(lambda d: done(n), f"deal {n} to end", 60)
    # The newest finished job in view; the one before under Earlier work.
    in_view = page.driver.execute_script("return document.querySelectorAll('#jobs > li').length;")
    folded = page.driver.execute_script("return document.querySelectorAll('#jobs-done > li').length;")
    assert (in_view, folded) == (1, 1)
    assert page.text("#jobs-earlier summary") == "Earlier work (1)"
    # A script with an error: said under the script.
    page.find("#deal input[name=mode][value=script]").click()
    page.driver.execute_script("arguments[0].value = 'produce 2\\ncondition hcp(north) >=\\n';", page.find("#script"))
    page.find("#deal button[type=submit]").click()
    page.wait(lambda d: page.text("#script-error") != "", "the script's error")
    # After a reload: no stale error, every finished job folded.
    page.driver.refresh()
    page.wait(lambda d: page.driver.execute_script("return document.querySelectorAll('#jobs-done > li').length;") == 3,
              "the three jobs folded")
    assert page.text("#script-error") == ""
    assert page.driver.execute_script("return document.querySelectorAll('#jobs > li').length;") == 0
