"""The page as a director meets it on a first evening: results saved into
the folder under names from what was done, a warning before closing with
results not kept, one entry for a file uploaded twice, a file read as
another format with a button (not a command-line option), Othello games
without their names files, and a folder entry only where there is a WTHOR
database. What a test expects comes from the command line run by the test,
or from the files themselves."""

import json
import re
import shutil
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import BRIDGE, PBN, SHARED, run_boardfile
from test_page import check_axe, screenshot, size_to
from test_work import job_finished, job_items, press_job_button, text

OTHELLO = SHARED / "othello"


def deal_lines(pbn_text):
    return re.findall(r'\[Deal "([^"]*)"\]', pbn_text)


def leaving_is_questioned(page):
    """Whether the page asks before it is closed: its beforeunload handler
    cancels the event (what makes the browser ask)."""
    return page.driver.execute_script(
        "const e = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(e); return e.defaultPrevented;"
    )


def deal_on_the_page(page, boards, seed):
    page.find("#new-deal").click()
    page.wait(lambda d: page.find("#deal").is_displayed(), "the deal form")
    field = page.find("#deal input[name=boards]")
    field.clear()
    field.send_keys(str(boards))
    page.find("#deal input[name=seed]").send_keys(seed)
    page.find("#deal button[type=submit]").click()
    page.wait(lambda d: job_items(page), "a job in the work list")
    job_id = job_items(page)[0][0]
    page.wait(lambda d: job_finished(page, job_id), "the deal to end", 60)
    assert not page.all(f"#{job_id} .failed"), job_items(page)
    return job_id


def test_a_dealt_set_is_named_from_its_seed_saved_to_the_folder_and_kept_before_closing(serve, page_of, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    expected = tmp_path / "cli.pbn"
    run_boardfile("deal", expected, "--seed", "Club night", "--boards", "4")
    page = page_of(serve(folder))
    assert not leaving_is_questioned(page)
    job_id = deal_on_the_page(page, 4, "Club night")
    # Named from what was done, not "dealt (N).pbn".
    assert text(page, f"#{job_id} strong") == "Dealing club-night-4.pbn"
    # Not kept yet: said, and closing the page asks first.
    page.wait(lambda d: page.find("#unsaved").is_displayed(), "the note of results not kept")
    assert "club-night-4.pbn" in page.text("#unsaved")
    assert "go when the server stops" in page.text("#unsaved")
    assert leaving_is_questioned(page)
    # Saved to the folder: the command's deals, and the page lets go.
    press_job_button(page, "Save to folder")
    saved = folder / "club-night-4.pbn"
    page.wait(lambda d: saved.exists(), "the file in the folder")
    page.wait(lambda d: "club-night-4.pbn" in page.file_buttons(), "the saved file in the list")
    assert deal_lines(saved.read_text()) == deal_lines(expected.read_text())
    assert len(deal_lines(saved.read_text())) == 4
    assert not page.find("#unsaved").is_displayed()
    assert not leaving_is_questioned(page)
    # Saved again over a file of that name: only when the user says so.
    saved.write_text("the director's own file\n")
    press_job_button(page, "Save to folder")
    page.wait(lambda d: "in the folder already" in page.problems(), "the name taken")
    assert saved.read_text() == "the director's own file\n"
    buttons = page.all("#problems button")
    assert [b.text for b in buttons] == ["Replace it"]
    check_axe(page.driver, "a result not kept, and a name taken")
    buttons[0].click()
    page.wait(lambda d: saved.read_text().startswith("%"), "the file replaced")
    assert deal_lines(saved.read_text()) == deal_lines(expected.read_text())
    assert not [p.name for p in folder.iterdir() if p.name.startswith(".")], "a part file left behind"


def test_an_upload_is_saved_under_the_name_given(serve, page_of, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    page = page_of(serve(folder))
    page.find("#pick").send_keys(str(PBN))
    page.wait(lambda d: page.text("#view-title") == PBN.name, "the upload's view")
    form = page.find("#save")
    assert form.is_displayed()
    check_axe(page.driver, "an upload open, with its Save to folder")
    name = form.find_element(By.NAME, "name")
    name.clear()
    name.send_keys("Tuesday pairs.pbn")
    form.find_element(By.CSS_SELECTOR, "button").click()
    saved = folder / "Tuesday pairs.pbn"
    page.wait(lambda d: saved.exists(), "the upload in the folder")
    assert saved.read_bytes() == PBN.read_bytes()
    # A file of the folder itself is saved already: no form.
    page.open_file("Tuesday pairs.pbn")
    assert not page.find("#save").is_displayed()


def test_without_a_folder_there_is_nothing_to_save_into(serve, page_of):
    page = page_of(serve())
    job_id = deal_on_the_page(page, 2, "no folder")
    assert "Download them" in page.text("#unsaved")
    labels = page.driver.execute_script(
        "return [...document.querySelectorAll(`#${arguments[0]} button`)].map((b) => b.textContent);", job_id
    )
    assert "Save to folder" not in labels, labels


def test_the_same_file_uploaded_twice_is_one_entry(serve, page_of):
    page = page_of(serve())
    for _ in range(2):
        page.find("#pick").send_keys(str(PBN))
        page.wait(lambda d: page.text("#view-title") == PBN.name, "the upload's view")
    page.wait(lambda d: "here already" in page.text("#status"), "the second upload said to be the first")
    uploads = [n for n in page.file_buttons() if n.startswith(PBN.stem)]
    assert uploads == [PBN.name], uploads


def test_a_file_another_program_misnamed_reads_with_a_button(serve, page_of, tmp_path):
    # A PBN file saved as .zrd: the page offers to read it as either, in
    # its own words, and reads it as PBN at a press.
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(PBN, folder / "misnamed.zrd")
    page = page_of(serve(folder))
    page.wait(lambda d: "misnamed.zrd" in page.file_buttons(), "the file in the list")
    page.file_buttons()["misnamed.zrd"].click()
    page.wait(lambda d: page.all("#problems button"), "the choices")
    said = page.problems()
    assert "looks like PBN" in said, said
    assert "--" not in said, f"command-line words on the page: {said}"
    labels = [b.text for b in page.all("#problems button")]
    assert "Read as PBN anyway" in labels, labels
    next(b for b in page.all("#problems button") if b.text == "Read as PBN anyway").click()
    page.board_shown(2)
    assert page.problems() == ""
    assert "(as you chose)" in page.text("#view-format")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_othello_without_its_names_files(serve, page_of, tmp_path, width, height):
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(OTHELLO / "WTH_2004.wtb", folder)
    page = page_of(serve(folder))
    size_to(page.driver, width, height)
    page.driver.refresh()
    page.wait(lambda d: page.text("#dir") != "", "the file list")
    page.open_file("WTH_2004.wtb")
    page.wait(lambda d: page.all("#games tbody tr"), "the games table")
    # Numbers where the names would be, and why.
    cells = [td.get_attribute("textContent") for td in page.all("#games tbody tr")[0].find_elements(By.TAG_NAME, "td")]
    assert re.fullmatch(r"player \d+", cells[1]) and re.fullmatch(r"player \d+", cells[2]), cells
    assert re.fullmatch(r"tournament \d+", cells[3]), cells
    note = page.text("#games-note")
    assert "WTHOR.JOU" in note and "WTHOR.TRN" in note, note
    # No table wider than the screen.
    right = page.driver.execute_script("return document.getElementById('games').getBoundingClientRect().right;")
    assert right <= width, f"the games table reaches {right} px at {width} px"
    # The replay's title has no "undefined"; its board is square.
    page.all("#games tbody tr")[0].find_element(By.CSS_SELECTOR, "button").click()
    page.wait(lambda d: page.find("#replay").is_displayed(), "the replay")
    title = page.text("#replay-title")
    assert "undefined" not in title and re.match(r"player \d+ – player \d+, tournament \d+ 2004", title), title
    w, h = page.driver.execute_script(
        "const r = document.getElementById('othello-board').getBoundingClientRect(); return [r.width, r.height];"
    )
    assert abs(w - h) < 1, f"the board is {w}x{h}"
    screenshot(page.driver, f"othello-without-names-{width}")
    check_axe(page.driver, f"Othello without names at {width} px")


def test_with_its_names_files_a_wthor_folder_names_its_players(serve, page_of):
    page = page_of(serve(OTHELLO))
    assert "./ (this folder's WTHOR database)" in page.file_buttons()
    page.open_file("WTH_2004.wtb")
    page.wait(lambda d: page.all("#games tbody tr"), "the games table")
    cells = [td.get_attribute("textContent") for td in page.all("#games tbody tr")[0].find_elements(By.TAG_NAME, "td")]
    assert not cells[1].startswith("player "), cells
    assert page.text("#games-note") == ""


def test_a_bridge_folder_offers_no_folder_to_open(serve, page_of, tmp_path):
    folder = tmp_path / "club"
    (folder / "tuesday").mkdir(parents=True)
    shutil.copy(PBN, folder / "tuesday" / "set.pbn")
    page = page_of(serve(folder))
    page.wait(lambda d: "tuesday/set.pbn" in page.file_buttons(), "the file list")
    folders = [n for n in page.file_buttons() if n.endswith("/") or "(" in n]
    assert folders == [], list(page.file_buttons())


def test_a_result_made_again_is_not_kept_until_saved_again(serve, page_of, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    shutil.copy(PBN, folder / "set.pbn")
    page = page_of(serve(folder))
    page.open_file("set.pbn")
    for n in (1, 2):
        page.find("#solve button[type=submit]").click()
        page.wait(lambda d: len(page.all("#jobs > li, #jobs-done > li")) == n, f"solve {n} in the list")
        job_id = job_items(page)[0][0]
        page.wait(lambda d: job_finished(page, job_id), f"solve {n} to end", 120)
        # The same file made anew: not kept, whatever was saved before.
        page.wait(lambda d: page.find("#unsaved").is_displayed(), f"solve {n}'s result said not kept")
        assert "set-solved.pbn" in page.text("#unsaved")
        press_job_button(page, "Save to folder")
        if n == 2:
            page.wait(lambda d: page.all("#problems button"), "the name taken")
            page.all("#problems button")[0].click()
        page.wait(lambda d: not page.find("#unsaved").is_displayed(), f"solve {n}'s result kept")
    assert (folder / "set-solved.pbn").exists()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_an_opening_lead_study_shows_the_command_lines_numbers(serve, page_of, tmp_path, width, height):
    hand, script = "KQ2.T98.A765.432", "hcp(south) >= 12 and spades(south) >= 5"
    done = run_boardfile("leads", hand, "--contract", "4S", "--declarer", "S", "--deals", "40",
                         "--seed", "page study", "--where", script, "--json")
    expected = [json.loads(line) for line in done.stdout.decode().splitlines() if line.strip()]
    assert len(expected) == 6
    page = page_of(serve(tmp_path))
    size_to(page.driver, width, height)
    page.driver.refresh()
    page.wait(lambda d: page.text("#dir") != "", "the file list")
    page.find("#new-leads").click()
    page.wait(lambda d: page.find("#leads").is_displayed(), "the leads form")
    form = page.find("#leads")
    form.find_element(By.NAME, "hand").send_keys(hand)
    form.find_element(By.NAME, "contract").send_keys("4S")
    deals = form.find_element(By.NAME, "deals")
    deals.clear()
    deals.send_keys("40")
    form.find_element(By.NAME, "seed").send_keys("page study")
    form.find_element(By.NAME, "script").send_keys(script)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    page.wait(lambda d: len(page.all("#leads-table tbody tr")) == 6, "the study's six leads", 120)
    rows = page.driver.execute_script(
        "return [...document.querySelectorAll('#leads-table tbody tr')].map((tr) => "
        "[...tr.cells].slice(0, 5).map((td) => td.textContent).concat([tr.querySelector('.share').style.width]));"
    )
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    for row, want in zip(rows, expected):
        assert row[0] == symbols[want["lead"][0]] + want["lead"][1:], (row, want)
        assert row[1] == f"{want['tricks']:.2f}", (row, want)
        assert row[2] == f"{100 * want['beats']:.1f}%", (row, want)
        # The bar's length is the share (the browser writes 70.0% as 70%).
        assert float(row[5].rstrip("%")) == pytest.approx(100 * want["beats"], abs=0.05), (row, want)
        assert row[4] == f"{100 * want['best']:.1f}%", (row, want)
    assert page.text("#leads-title") == f"Leads from {hand} against 4S by South, over 40 deals"
    right = page.driver.execute_script("return document.getElementById('leads-table').getBoundingClientRect().right;")
    assert right <= width, f"the leads table reaches {right} px at {width} px"
    screenshot(page.driver, f"leads-{width}")
    check_axe(page.driver, f"a lead study at {width} px")
