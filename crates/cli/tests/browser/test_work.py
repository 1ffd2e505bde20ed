"""The page's longer work in headless Chromium: a set solved (its progress,
a cancel and a resumed solve), a set dealt by a dealer script, a
SquareDeal tournament verified, an Othello game replayed with the
solver's values; axe-core on each of these screens. What a test expects
comes from the data files or from the `boardfile` command run by the
test, never from the code under test."""

import re
import struct
import subprocess
import time

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import REPO, SHARED, boardfile, run_boardfile, wait_for_download
from test_page import check_axe

DEALER = SHARED / "dealer" / "ADavidBailey+Practice-Bidding-Scenarios"
SQUAREDEAL = SHARED / "bigdeal" / "squaredeal"
OTHELLO = SHARED / "othello"
# A debug build solves about 4 boards a second on one core.
SOLVING = 90

# Every message a job's item shows, and its progress bar's value, as they
# change: recorded in the page, so that no quick change is missed.
RECORD_JOBS = """
window.__jobs = [];
const seen = () => {
  for (const li of document.querySelectorAll('#jobs > li')) {
    const bar = li.querySelector('progress');
    const text = li.querySelector('.job-message, .failed');
    window.__jobs.push({ id: li.id, running: li.dataset.running, bar: bar ? bar.value : null,
                         text: text ? text.textContent : '' });
  }
};
new MutationObserver(seen).observe(document.getElementById('jobs'),
  { subtree: true, childList: true, characterData: true, attributes: true });
"""


def job_items(page):
    """[(id, text)] of the work list, newest first."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#jobs > li')].map((li) => [li.id, li.textContent]);"
    )


def done_counts(records, job_id):
    """The 'N boards done' counts a job showed, in order."""
    counts = []
    for r in records:
        if r["id"] != job_id:
            continue
        found = re.match(r"(\d+) boards? done", r["text"])
        if found:
            counts.append(int(found.group(1)))
    return counts


def solved_tables(pbn_text):
    """{board: {seat letter: [NT, S, H, D, C tricks]}} from the
    [OptimumResultTable] of a PBN file the command wrote."""
    tables, board, rows = {}, None, None
    for line in pbn_text.splitlines():
        tag = re.match(r'\[(\w+) "([^"]*)"\]', line.strip())
        if tag:
            rows = None
            if tag.group(1) == "Board":
                board = tag.group(2)
            elif tag.group(1) == "OptimumResultTable":
                rows = tables.setdefault(board, {})
            continue
        row = re.match(r"([NESW])\s+(NT|[SHDC])\s+(\d+)$", line.strip())
        if rows is not None and row:
            rows.setdefault(row.group(1), {})[row.group(2)] = int(row.group(3))
    return {
        b: {seat: [t[d] for d in ("NT", "S", "H", "D", "C")] for seat, t in seats.items()}
        for b, seats in tables.items()
    }


def dd_table_shown(page, number):
    """{seat letter: [5 numbers]} of board `number`'s table.dd."""
    page.wait(lambda d: page.all(f"#board-{number} table.dd"), f"board {number}'s double-dummy table")
    return page.driver.execute_script(
        """
        const rows = {};
        for (const tr of document.querySelectorAll(`#board-${arguments[0]} table.dd tr`)) {
          const tds = [...tr.querySelectorAll('td')];
          if (tds.length) rows[tr.querySelector('th').textContent.trim()] = tds.map((td) => Number(td.textContent));
        }
        return rows;
        """,
        number,
    )


def text(page, css):
    """The text of `css`, read at once (the work list's items are drawn
    anew at each change, so an element found may be gone a moment later)."""
    return page.driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent.trim() : '';", css
    )


def the_job_button(page, label):
    """Whether the work list has a button `label`."""
    return page.driver.execute_script(
        "return [...document.querySelectorAll('#jobs > li > button')].some((b) => b.textContent.trim() === arguments[0]);",
        label,
    )


def press_job_button(page, label):
    """Clicks the work list's button `label`, found again if the item was
    drawn anew meanwhile."""
    for _ in range(20):
        try:
            for button in page.all("#jobs > li > button"):
                if button.text.strip() == label:
                    button.click()
                    return
        except StaleElementReferenceException:
            continue
        time.sleep(0.1)
    raise AssertionError(f"no button {label!r} in the work list: {job_items(page)}")


def test_solving_32_boards_shows_progress_and_the_tables(serve, page_of, tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    run_boardfile("deal", folder / "set.pbn", "--boards", "32", "--seed", "5eed")
    expected_pbn = tmp_path / "x.pbn"
    run_boardfile("solve", folder / "set.pbn", expected_pbn)
    expected = solved_tables(expected_pbn.read_text())
    assert sorted(expected, key=int) == [str(n) for n in range(1, 33)], sorted(expected)
    assert all(len(t) == 4 for t in expected.values())

    page = page_of(serve(folder))
    page.open_file("set.pbn")
    page.driver.execute_script(RECORD_JOBS)
    started = time.monotonic()
    page.find("#solve button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    job_id = job_items(page)[0][0]
    summary = lambda: text(page, f"#{job_id} .job-message")  # noqa: E731
    page.wait(lambda d: "solved in" in summary() or page.all(f"#{job_id} .failed"), "the solve to end", SOLVING)
    took = time.monotonic() - started
    final = summary()
    assert re.fullmatch(r"set-solved\.pbn: 32 boards solved in [\d.]+ ?m?s", final), final
    records = page.driver.execute_script("return window.__jobs")
    counts = done_counts(records, job_id)
    assert counts == sorted(counts), f"the count went down: {counts}"
    assert any(1 <= c <= 31 for c in counts), f"no progress shown while solving ({took:.1f} s): {counts}"
    bars = [r["bar"] for r in records if r["id"] == job_id and r["bar"] is not None]
    assert bars == sorted(bars), f"the bar went back: {bars}"
    assert page.text("#problems") == ""
    check_axe(page.driver, "the work list with a finished solve")

    # The solved file, opened from its job: board 1's table is the command's.
    page.wait(lambda d: the_job_button(page, "Open set-solved.pbn"), "the Open button")
    press_job_button(page, "Open set-solved.pbn")
    page.wait(lambda d: page.text("#view-title") == "set-solved.pbn", "the solved file's view")
    assert dd_table_shown(page, 1) == expected["1"]
    assert dd_table_shown(page, 12) == expected["12"]


def test_a_cancelled_solve_goes_on_when_started_again(serve, page_of, tmp_path, downloads):
    folder = tmp_path / "set"
    folder.mkdir()
    run_boardfile("deal", folder / "big.pbn", "--boards", "48", "--seed", "b16")
    page = page_of(serve(folder))
    page.open_file("big.pbn")
    page.driver.execute_script(RECORD_JOBS)
    page.find("#solve button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    first = job_items(page)[0][0]
    page.wait(
        lambda d: re.match(r"([1-9]\d*) boards? done", text(page, f"#{first} .job-message")),
        "some boards solved",
        SOLVING,
    )
    press_job_button(page, "Cancel")
    page.wait(lambda d: text(page, f"#{first} .job-message").startswith("Cancelled"), "the job cancelled")
    assert not page.all(f"#{first} progress")
    records = page.driver.execute_script("return window.__jobs")
    cancelled_at = max(done_counts(records, first))
    assert 1 <= cancelled_at < 48, cancelled_at
    # No file made by a cancelled solve.
    assert not the_job_button(page, "Open big-solved.pbn")

    # Started again: a new job, which ends with every board solved.
    page.find("#solve button[type=submit]").click()
    page.wait(lambda d: len(job_items(page)) == 2, "a second job")
    second = job_items(page)[0][0]
    assert second != first
    page.wait(lambda d: "solved in" in text(page, f"#{second} .job-message") or page.all(f"#{second} .failed"),
              "the second solve to end", SOLVING)
    final = text(page, f"#{second} .job-message")
    # It went on from where the first stopped: the boards the first had
    # solved (at least those it showed) were not solved again.
    found = re.match(r"big-solved\.pbn: (\d+) boards? solved in [\d.]+ s, (\d+) more from an earlier run", final)
    assert found, final
    now, earlier = int(found.group(1)), int(found.group(2))
    assert now + earlier == 48, final
    assert earlier >= cancelled_at, (final, cancelled_at)
    records = page.driver.execute_script("return window.__jobs")
    again = done_counts(records, second)
    print(f"cancelled at {cancelled_at}; then {again}; {final}")
    assert again == sorted(again), again

    # What it made is what the command makes.
    press_job_button(page, "Open big-solved.pbn")
    page.wait(lambda d: page.text("#view-title") == "big-solved.pbn", "the solved file's view")
    page.wait(lambda d: page.text("#status") == "Opened big-solved.pbn", "the solved file opened")
    Select(page.find("#to")).select_by_value("pbn")
    page.find("#convert button[type=submit]").click()
    got = wait_for_download(downloads, "big-solved.pbn")
    expected = tmp_path / "x.pbn"
    run_boardfile("solve", folder / "big.pbn", expected)
    assert got == expected.read_bytes()


def cards(holding):
    """The number of cards in a suit as a hand shows it (10 for T, a dash
    for a void)."""
    return len(holding.replace("10", "T").replace("\u2014", ""))


# 1N.dlr's South: 15-17 "notrump points" (high-card points, one more for
# a five-card suit unless a doubleton honour takes it away), so 14-17
# high-card points; a shape of 4333, 4432, 5332 or one of the listed 5422s.
ONE_NT_SHAPES = {"2452", "2425", "2245", "2254", "4522"}
BALANCED = {(3, 3, 3, 4), (2, 3, 4, 4), (2, 3, 3, 5)}


def test_dealing_by_a_dealer_script(serve, page_of, tmp_path):
    script = (DEALER / "1N.dlr").read_text()
    # The script's own condition, read plainly.
    assert re.search(r"ntPoints>14 and ntPoints<18", script)
    assert "2452+2425+2245+2254+4522 +any 4333+any 4432+any 5332" in script
    page = page_of(serve(tmp_path))
    page.find("#new-deal").click()
    page.wait(lambda d: page.find("#deal").is_displayed(), "the deal form")
    page.find("#deal input[name=mode][value=script]").click()
    page.wait(lambda d: page.find("#script").is_displayed(), "the script's box")
    check_axe(page.driver, "the deal form, a script's mode")
    boards = page.find("#deal input[name=boards]")
    boards.clear()
    boards.send_keys("32")
    # The whole script, as a user pastes it.
    page.driver.execute_script("arguments[0].value = arguments[1];", page.find("#script"), script)
    page.find("#deal button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    job_id = job_items(page)[0][0]
    page.wait(lambda d: "generated" in text(page, f"#{job_id} .job-message") or page.all(f"#{job_id} .failed"),
              "the deal to end", 60)
    final = text(page, f"#{job_id} .job-message")
    found = re.search(r"\b32 boards from (\d+) deals generated", final)
    assert found and int(found.group(1)) >= 32, final
    assert page.text("#script-error") == ""
    name = text(page, f"#{job_id} strong").removeprefix("Dealing ")
    press_job_button(page, f"Open {name}")
    page.wait(lambda d: page.text("#status") == f"Opened {name}", "the dealt file opened")
    page.board_shown(1)

    def all_32(d):
        d.execute_script("document.getElementById('more').scrollIntoView()")
        return len(page.all("#boards section.board")) == 32 and not page.find("#more").is_displayed()

    page.wait(all_32, "all 32 boards")
    ids = [b.get_attribute("id") for b in page.all("#boards section.board")]
    assert ids == [f"board-{n}" for n in range(1, 33)], ids
    labels = page.driver.execute_script(
        "return [...document.querySelectorAll('#boards section.board svg.compass')].map((s) => s.getAttribute('aria-label'));"
    )
    assert len(labels) == 32
    for n, label in enumerate(labels, start=1):
        hcp = re.search(r"high-card points N (\d+) E (\d+) S (\d+) W (\d+)", label)
        assert hcp, label
        assert sum(map(int, hcp.groups())) == 40, label
        assert 14 <= int(hcp.group(3)) <= 17, f"board {n}: South {hcp.group(3)} HCP"
        south = page.hands(n)["south"]
        lengths = [cards(s) for s in south]
        assert sum(lengths) == 13, south
        shape = "".join(map(str, lengths))
        assert shape in ONE_NT_SHAPES or tuple(sorted(lengths)) in BALANCED, f"board {n}: South {south}"


def test_a_script_error_is_placed_on_its_line(serve, page_of, tmp_path):
    script = "dealer south\nhcp(south) >= = 15\n"
    (tmp_path / "bad.dl").write_text(script)
    said = subprocess_error(("deal", tmp_path / "x.pbn", "--boards", "2", "--where", tmp_path / "bad.dl"))
    place = re.search(r"line (\d+), column (\d+)", said)
    assert place and place.group(1) == "2", said
    column = int(place.group(2))
    page = page_of(serve(tmp_path))
    page.find("#new-deal").click()
    page.find("#deal input[name=mode][value=script]").click()
    page.wait(lambda d: page.find("#script").is_displayed(), "the script's box")
    box = page.find("#script")
    box.clear()
    box.send_keys(script)
    page.find("#deal button[type=submit]").click()
    page.wait(lambda d: page.text("#script-error") != "", "the script's error")
    message = page.text("#script-error")
    assert re.search(r"\bline 2\b", message), message
    # The message is the command's, without the server's paths.
    assert said.split("error: ", 1)[1] in message, (said, message)
    assert str(tmp_path) not in message, message
    start, end = page.driver.execute_script(
        "const t = document.getElementById('script'); return [t.selectionStart, t.selectionEnd];"
    )
    assert script[:start].count("\n") == 1, f"the selection starts at {start}, not on line 2"
    assert start == len("dealer south\n") + column - 1, (start, column)
    assert end > start and "\n" not in script[start:end]
    assert page.driver.execute_script("return document.activeElement.id") == "script"


def subprocess_error(args):
    """The message of a `boardfile` run that fails."""
    done = subprocess.run([str(boardfile()), *map(str, args)], capture_output=True, timeout=60)
    assert done.returncode != 0, f"boardfile {args} did not fail"
    return done.stderr.decode(errors="replace").strip()


def test_squaredeal_verify_of_a_tournament(serve, page_of):
    sessions = sorted(
        p.name for p in SQUAREDEAL.iterdir()
        if p.is_file() and not p.name.startswith((".", "BerBow25.", "EOC2025."))
    )
    assert len(sessions) == 17, sessions
    page = page_of(serve(SQUAREDEAL))
    page.open_file("BerBow25.sqd")
    page.wait(lambda d: page.find("#verify").is_displayed(), "the Verify button")
    page.find("#verify").click()
    page.wait(lambda d: page.text("#verdict") != "", "the verdict", 60)
    verdict = page.text("#verdict")
    assert re.search(r"\b17 files identical\b", verdict), verdict
    assert re.search(r"\b0 differ\b", verdict), verdict
    lines = [li.get_attribute("textContent") for li in page.all("#report li")]
    identical = {}
    for line in lines:
        found = re.match(r"(?:dir/)?(\S+): identical\b", line)
        if found:
            identical[found.group(1)] = identical.get(found.group(1), 0) + 1
    assert sorted(identical) == sessions, lines
    assert set(identical.values()) == {1}, identical
    assert not page.all("#report li.differs")
    assert page.text("#problems") == ""
    check_axe(page.driver, "the SquareDeal report")


def wthor_games(path):
    """(the header's game count, [(black's discs, [moves as 'f5'])]) of a
    WTHOR file: a 16-byte header, its game count a little-endian u32 at
    bytes 4..8; 68 bytes a game, black's discs at byte 6, then 60 moves,
    each 10 * row + column (0 once the game ended)."""
    data = path.read_bytes()
    (count,) = struct.unpack("<I", data[4:8])
    games = []
    for i in range(count):
        record = data[16 + 68 * i : 16 + 68 * (i + 1)]
        moves = [f"{'abcdefgh'[m % 10 - 1]}{m // 10}" for m in record[8:] if m]
        games.append((record[6], moves))
    return count, games


STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def othello_positions(moves):
    """Each position of a game, as 64 characters a1..h8 (X black, O white,
    - empty), with the side to move next ('X' or 'O', a pass taken)."""
    board = ["-"] * 64
    board[27] = board[36] = "O"
    board[28] = board[35] = "X"

    def turned(side, square):
        if board[square] != "-":
            return []
        row, col = divmod(square, 8)
        other = "O" if side == "X" else "X"
        found = []
        for dr, dc in STEPS:
            run, r, c = [], row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and board[8 * r + c] == other:
                run.append(8 * r + c)
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and board[8 * r + c] == side:
                found += run
        return found

    def can_move(side):
        return any(turned(side, s) for s in range(64))

    side = "X"
    positions = [("".join(board), side)]
    for move in moves:
        square = "abcdefgh".index(move[0]) + 8 * (int(move[1]) - 1)
        flips = turned(side, square)
        if not flips:
            side = "O" if side == "X" else "X"
            flips = turned(side, square)
        assert flips, f"{move}: no discs turned"
        for s in [square, *flips]:
            board[s] = side
        side = "O" if side == "X" else "X"
        if not can_move(side) and can_move("O" if side == "X" else "X"):
            side = "O" if side == "X" else "X"
        positions.append(("".join(board), side))
    return positions


def exact_value_by_the_command(board, side, tmp_path):
    """The best score for `side` to move on `board`, as `boardfile solve`
    gives it (the score alone for a finished game)."""
    given = tmp_path / "position.obf"
    given.write_text(f"{board} {side};\n")
    solved = tmp_path / "position-solved.obf"
    solved.unlink(missing_ok=True)
    run_boardfile("solve", given, solved)
    line = solved.read_text().splitlines()[0]
    scores = [int(v) for v in re.findall(r"[+-]\d+", line[66:])]
    assert scores, line
    return max(scores)


def test_othello_replay_to_the_stored_score(serve, page_of, tmp_path):
    wtb = OTHELLO / "WTH_2004.wtb"
    count, games = wthor_games(wtb)
    assert count == len(games) > 50
    # A game of the first page that fills the board: its stored black
    # discs are the board's own.
    index = next(i for i, (_, moves) in enumerate(games[:50]) if len(moves) == 60)
    stored, moves = games[index]
    positions = othello_positions(moves)
    final_board = positions[-1][0]
    assert final_board.count("-") == 0
    assert final_board.count("X") == stored, (final_board.count("X"), stored)

    page = page_of(serve(OTHELLO))
    page.open_file(wtb.name)
    page.wait(lambda d: page.all("#games tbody tr"), "the games table")
    shown = page.text("#games-count")
    assert re.match(rf"{count} games\b", shown), (shown, count)
    row = page.all("#games tbody tr")[index]
    cells = [td.get_attribute("textContent") for td in row.find_elements(By.TAG_NAME, "td")]
    assert cells[0] == str(index + 1) and cells[5] == str(stored), cells
    row.find_element(By.CSS_SELECTOR, f"button[aria-label='Replay game {index + 1}']").click()
    page.wait(lambda d: page.find("#replay").is_displayed(), "the replay")

    def board_shown():
        classes = page.driver.execute_script(
            "return [...document.querySelectorAll('#othello-board span')].map((s) => s.classList[0]);"
        )
        return "".join(classes)

    def move_number():
        found = re.match(r"Move (\d+) of (\d+)", page.text("#replay-status"))
        assert found, page.text("#replay-status")
        return int(found.group(1)), int(found.group(2))

    assert move_number() == (60, 60)
    assert len(page.all("#othello-board span")) == 64
    assert board_shown() == final_board
    assert board_shown().count("X") == stored
    assert re.search(rf"\bBlack {stored}\b", page.text("#replay-status")), page.text("#replay-status")

    # The solver's value of the finished game: the command's.
    def value_shown():
        text = page.text("#replay-value")
        found = re.match(r"Exact value: ([+-]?\d+) for (Black|White) to move", text)
        return (int(found.group(1)), "X" if found.group(2) == "Black" else "O") if found else None

    page.wait(lambda d: value_shown(), "the exact value at the end", 60)
    value, side = value_shown()
    assert value == exact_value_by_the_command(final_board, side, tmp_path)
    assert value == (2 * stored - 64) * (1 if side == "X" else -1)
    check_axe(page.driver, "the Othello replay")

    # Back, back: the move number goes down, the board is the game's, and
    # the solver's value is the command's for that position.
    back = page.find("#replay button[data-step=back]")
    for at in (59, 58):
        back.click()
        page.wait(lambda d: move_number()[0] == at, f"move {at}")
        assert board_shown() == positions[at][0]
        page.wait(lambda d: value_shown(), f"the exact value at move {at}")
        value, side = value_shown()
        assert value == exact_value_by_the_command(positions[at][0], side, tmp_path), at


def job_finished(page, job_id):
    """Whether job `job_id`'s item says it has ended."""
    return page.driver.execute_script(
        "const li = document.getElementById(arguments[0]); return !!li && li.dataset.running === 'false';", job_id
    )


def deal_lines(pbn_text):
    """The Deal tags' values of a PBN file, in order."""
    return re.findall(r'\[Deal "([^"]*)"\]', pbn_text)


def test_a_seed_of_words_deals_what_the_command_deals(serve, page_of, tmp_path):
    # A director types a word, not hex: the set is the command's for the
    # same words, and says its seed at its head.
    expected = tmp_path / "cli.pbn"
    run_boardfile("deal", expected, "--seed", "club night 24", "--boards", "4")
    want = deal_lines(expected.read_text())
    assert len(want) == 4
    page = page_of(serve(tmp_path))
    page.find("#new-deal").click()
    page.wait(lambda d: page.find("#deal").is_displayed(), "the deal form")
    boards = page.find("#deal input[name=boards]")
    boards.clear()
    boards.send_keys("4")
    page.find("#deal input[name=seed]").send_keys("club night 24")
    page.find("#deal button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    job_id = job_items(page)[0][0]
    page.wait(lambda d: job_finished(page, job_id), "the deal to end", 60)
    assert not page.all(f"#{job_id} .failed"), job_items(page)
    name = text(page, f"#{job_id} strong").removeprefix("Dealing ")
    press_job_button(page, f"Open {name}")
    page.wait(lambda d: page.text("#status") == f"Opened {name}", "the dealt file opened")
    # Board 1's hands as the command dealt them (N E S W from North).
    hands = page.hands(1)
    shown = " ".join(".".join(s.replace("10", "T") for s in hands[seat]) for seat in ("north", "east", "south", "west"))
    assert "N:" + shown == want[0], (shown, want[0])


def test_a_tournament_set_asks_for_its_owner(serve, page_of, tmp_path):
    # An empty owner used to deal a practice set and say "Done.".
    page = page_of(serve(tmp_path))
    page.find("#new-deal").click()
    page.wait(lambda d: page.find("#deal").is_displayed(), "the deal form")
    page.find("#deal input[name=mode][value=tournament]").click()
    page.wait(lambda d: page.find("#deal input[name=owner]").is_displayed(), "the owner's box")
    page.find("#deal button[type=submit]").click()
    time.sleep(1)
    assert job_items(page) == [], job_items(page)
    assert page.driver.execute_script("return document.querySelector('#deal input[name=owner]').matches(':invalid')")


def oracle_boards(n):
    """The DDS oracle's first `n` boards: (number, deal, 20 counts N S E W
    by NT S H D C), from the repository's tests/data."""
    text = (REPO / "tests" / "data" / "bridge" / "dds-oracle-100.pbn").read_text()
    found = re.findall(r'\[Board "(\d+)"\].*?\[Deal "([^"]*)"\].*?\[DoubleDummyTricks "([0-9a-f]{20})"\]', text, re.S)
    return [(int(b), d, [int(c, 16) for c in h]) for b, d, h in found[:n]]


def test_a_floored_table_is_named_and_solve_them_all_solves_the_kept_ones(serve, page_of, tmp_path):
    # Dealmaster Pro's three boards: two store tables with counts from 2
    # to 6 (kept by a solve), the third its floor (1 for any count of 6 or
    # fewer: never shown, solved again).
    folder = tmp_path / "event"
    folder.mkdir()
    lines = ["% PBN 2.1", "%Creator: Dealmaster Pro"]
    for k, (number, deal, counts) in enumerate(oracle_boards(3)):
        stored = "".join("%x" % (1 if k == 2 and c <= 6 else c) for c in counts)
        dealer = "NESW"[(number + 3) % 4]
        lines += ["", f'[Board "{number}"]', f'[Dealer "{dealer}"]', '[Vulnerable "None"]', f'[Deal "{deal}"]',
                  f'[DoubleDummyTricks "{stored}"]']
    (folder / "dm.pbn").write_text("\r\n".join(lines) + "\r\n")
    page = page_of(serve(folder))
    page.open_file("dm.pbn")
    page.board_shown(3)
    note = text(page, "#board-3 .dd-note")
    assert "the stored table is floored by its writer (each 1 means 6 or fewer)" in note, note
    assert not page.all("#board-3 table.dd")
    assert page.all("#board-1 table.dd")
    page.find("#solve button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    job_id = job_items(page)[0][0]
    page.wait(lambda d: job_finished(page, job_id), "the solve to end", SOLVING)
    notes = text(page, f"#{job_id} .job-notes")
    assert "1 board stored a table not to be believed" in notes, notes
    assert "2 boards kept the table they stored" in notes, notes
    # The button's words, not the command line's option.
    assert "Solve them all solves them" in notes and "--" not in notes, notes
    assert text(page, f"#{job_id} .job-message").endswith(tuple("0123456789s")), job_items(page)
    check_axe(page.driver, "a finished solve with its notes")
    press_job_button(page, "Solve them all")
    page.wait(lambda d: len(job_items(page)) == 2, "a second job")
    again = job_items(page)[0][0]
    page.wait(lambda d: job_finished(page, again), "the second solve to end", SOLVING)
    final = text(page, f"#{again} .job-message")
    assert re.search(r": 3 boards solved in ", final), final
    buttons = page.driver.execute_script(
        "return [...document.querySelectorAll('#' + arguments[0] + ' > button')].map((b) => b.textContent);", again
    )
    assert "Solve them all" not in buttons, buttons
