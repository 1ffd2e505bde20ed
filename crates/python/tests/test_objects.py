"""The objects (Deal, Hand, Board, BoardSet, DDTable, Par), solving from
anything, DataFrames both ways, dealing as the command line deals, and
notebooks' drawings.

Oracles: endplay's README (its printed tables and par, ported here), endplay
itself where it is installed, the C++ DDS tables of
tests/data/bridge/dds-oracle-100.pbn, BridgeComposer's stored tables in
../shared/data/wild, the command line's own output, and hand counts."""

import json
import pathlib
import re
import subprocess
import sys

import pytest

import boardfile
from boardfile import Board, BoardSet, Card, DDTable, Deal, Hand, Par, Seat, Strain

from conftest import ORACLE, ROOT, oracle_games

WILD = ROOT.parent / "shared" / "data" / "wild"
needs_wild = pytest.mark.skipif(not WILD.is_dir(), reason="no ../shared/data/wild")

# endplay's README examples (dominicprice/endplay, README.md), and the
# numbers it prints for them.
ENDPLAY_TABLE_DEAL = "QJ8.AJ965.K82.AQ 43.QT87.QT64.754 AKT9..A97.J98632 7652.K432.J53.KT"
# README: "N 13 10 9 13 13 / S 13 10 9 13 13 / W 0 2 4 0 0 / E 0 2 4 0 0",
# columns clubs, diamonds, hearts, spades, no-trump.
ENDPLAY_TABLE = {
    Seat.N: [13, 10, 9, 13, 13],
    Seat.S: [13, 10, 9, 13, 13],
    Seat.W: [0, 2, 4, 0, 0],
    Seat.E: [0, 2, 4, 0, 0],
}
ENDPLAY_PAR_DEAL = "N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9"
# README: par(d, Vul.none, Player.north) prints 2♠N= 2♠S= 3♦N= 3♦S=;
# with Vul.ew, 1♠N+1 1♠S+1 2♦N+1 2♦S+1: 110 to North-South either way.
ENDPLAY_SACRIFICE_DEAL = "N:J976..762.KQJ982 K5.JT9843.AK93.A AT42.765.J84.T54 Q83.AKQ2.QT5.763"
# README: par(d, Vul.ew, Player.north).score == -1100 (7♣ doubled by
# North-South, down five).


def strains_and_sides(par):
    """{(side, level, strain)} of a par's contracts, doubling left out."""
    out = set()
    for c in par.contracts:
        side, contract = c.split(" ")
        m = re.match(r"(\d)(NT|[SHDC])", contract)
        out.add((side, int(m.group(1)), m.group(2)))
    return out


def test_endplay_readme_table_and_par():
    # "Deal(...); calc_dd_table(d).pprint()" in one line here.
    table = boardfile.solve(ENDPLAY_TABLE_DEAL)
    for seat, row in ENDPLAY_TABLE.items():
        assert [table[seat, s] for s in Strain] == row, seat
    # table[Denom.clubs, Player.south] == 13, either order.
    assert table[Strain.C, Seat.S] == table[Seat.S, Strain.C] == 13
    assert table.to_list()[Seat.W] == ENDPLAY_TABLE[Seat.W]

    # "for contract in par(d, Vul.none, Player.north): print(contract)"
    none = boardfile.solve(ENDPLAY_PAR_DEAL).par
    assert none.score == 110
    assert strains_and_sides(none) == {("NS", 2, "S"), ("NS", 3, "D")}
    ew = Deal(ENDPLAY_PAR_DEAL).solve(dealer=Seat.N, vulnerable="EW").par
    assert ew.score == 110
    assert strains_and_sides(ew) == {("NS", 1, "S"), ("NS", 2, "D")}
    sacrifice = Deal(ENDPLAY_SACRIFICE_DEAL).solve(vulnerable="EW").par
    assert sacrifice.score == -1100
    assert strains_and_sides(sacrifice) == {("NS", 7, "C")}
    assert "7CX" in str(sacrifice)


def test_against_endplay_itself():
    endplay = pytest.importorskip(
        "endplay", reason="endplay is not installed (pip install endplay) to check against"
    )
    from endplay.dds import calc_dd_table, par as endplay_par
    from endplay.evaluate import hcp
    from endplay.types import Deal as EDeal, Denom, Player, Vul

    deals = [ENDPLAY_TABLE_DEAL, ENDPLAY_PAR_DEAL, ENDPLAY_SACRIFICE_DEAL]
    deals += [str(b.deal) for b in boardfile.deal(12, seed=42)]
    players = [Player.north, Player.east, Player.south, Player.west]
    denoms = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    for k, text in enumerate(deals):
        d = EDeal(text if text[1] == ":" else "N:" + text)
        theirs = calc_dd_table(d)
        vul = list(vuls)[k % 4]
        ours = Deal(text).solve(dealer=Seat(k % 4), vulnerable=vul)
        for p, seat in zip(players, Seat):
            for den, strain in zip(denoms, Strain):
                assert ours[seat, strain] == theirs[den, p], (text, seat, strain)
        # endplay's to_list is strain-major, spades first.
        spades_first = [Strain.S, Strain.H, Strain.D, Strain.C, Strain.NT]
        assert theirs.to_list() == [[ours[s, t] for s in Seat] for t in spades_first]
        assert endplay_par(theirs, vuls[vul], players[k % 4]).score == ours.par.score, text
        assert Deal(text).hcp == tuple(hcp(d[p]) for p in players)
        # endplay's own enums index ours by name, in either order (its
        # Denom numbers spades 0, ours clubs).
        for p in players:
            for den in denoms:
                assert ours[den, p] == ours[p, den] == theirs[den, p]
        assert str(Deal(text)[Player.south]) == str(Deal(text)[Seat.S])
        assert Deal(text)[Seat.N][Denom.spades] == Deal(text)[Seat.N][Strain.S]


@needs_wild
def test_reading_a_pbn_as_endplay_does():
    endplay = pytest.importorskip(
        "endplay", reason="endplay is not installed (pip install endplay) to check against"
    )
    from endplay.parsers import pbn

    path = WILD / "timheilman+bridge-pbn" / "three_test_records.pbn"
    with open(path, encoding="latin-1") as f:
        theirs = pbn.load(f)
    ours = boardfile.load(path)
    assert len(ours) == len(theirs) == 3
    for a, b in zip(ours, theirs):
        assert a.number == b.board_num
        assert str(a.deal) == b.deal.to_pbn()
        assert a.dealer.letter == b.dealer.abbr


def test_solve_matches_the_cpp_dds_from_every_kind_of_input():
    games = oracle_games()[:6]
    deals = [g["deal"] for g in games]

    def rows(table):
        return {s.letter: {t.name: table[s, t] for t in Strain} for s in Seat}

    for g in games:
        assert rows(boardfile.solve(g["deal"])) == g["dd"]
        assert rows(boardfile.solve(Deal(g["deal"]))) == g["dd"]
        b = Board(g["deal"], g["board"]).solve()
        assert rows(b.dd) == g["dd"] and b.par == b.dd.par
    # A set, and a list of boards.
    s = BoardSet([Board(d, g["board"]) for d, g in zip(deals, games)]).solve(jobs=2)
    assert [rows(b.dd) for b in s] == [g["dd"] for g in games]
    listed = boardfile.solve([Board(d) for d in deals])
    assert [rows(b.dd) for b in listed] == [g["dd"] for g in games]
    # A DataFrame with a deal column, pandas and Polars: the same numbers.
    pd = pytest.importorskip("pandas")
    df = boardfile.solve(pd.DataFrame({"deal": deals}), jobs=2)
    for i, g in enumerate(games):
        for s in "NESW":
            for t in ["C", "D", "H", "S", "NT"]:
                assert df[f"dd_{s.lower()}_{t.lower()}"][i] == g["dd"][s][t]
    # Dicts of a deal alone (the old "missing field board").
    dicts = boardfile.solve([{"deal": d} for d in deals])
    assert [d["dd"] for d in dicts] == [g["dd"] for g in games]
    assert all("board" not in d for d in dicts)
    # A file: a BoardSet.
    solved = boardfile.solve(ORACLE)
    assert isinstance(solved, BoardSet) and len(solved) == 100


def test_polars_in_and_out():
    pl = pytest.importorskip("polars")
    games = oracle_games()[:3]
    out = boardfile.solve(pl.DataFrame({"deal": [g["deal"] for g in games]}))
    assert isinstance(out, pl.DataFrame)
    assert out["dd_n_nt"].to_list() == [g["dd"]["N"]["NT"] for g in games]


@needs_wild
def test_a_filtered_dataframe_goes_back_to_pbn_and_dlm(tmp_path):
    pd = pytest.importorskip("pandas")
    sources = [
        WILD / "timheilman+bridge-pbn" / "three_test_records.pbn",
        WILD / "lorserker+ben" / "Camrose24_1.pbn",
    ]
    for src in sources:
        df = boardfile.read_table(src).to_pandas()
        kept = df[(df.hcp_n + df.hcp_s >= 20) & (df.board <= 32)].drop_duplicates("board")
        assert 0 < len(kept) < len(df), src
        want = {b.number: b for b in boardfile.load(src) if b.number in set(kept.board)}
        assert boardfile.write(kept, tmp_path / "kept.pbn") == len(kept)
        back = boardfile.load(tmp_path / "kept.pbn")
        assert [b.number for b in back] == list(kept.board)
        for b in back:
            w = want[b.number]
            assert (b.deal, b.dealer, b.vulnerable) == (w.deal, w.dealer, w.vulnerable)
            assert b.dd == w.dd and b.par == w.par
            for name in kept.columns:
                if name in w.tags and isinstance(w.tags[name], str):
                    assert b.tags.get(name, "") == w.tags[name], (b.number, name)
        # DLM: the boards' deals and numbers (what a dealing machine
        # holds). A DLM file is a range of boards, From..To: a number the
        # frame left out is there as the sorted pack, as DLM writes it.
        assert boardfile.write(kept, tmp_path / "kept.dlm") == len(kept)
        dlm = {b.number: b.deal for b in boardfile.load(tmp_path / "kept.dlm")}
        assert {n: dlm[n] for n in want} == {n: w.deal for n, w in want.items()}
        sorted_pack = Deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
        assert all(d == sorted_pack for n, d in dlm.items() if n not in want)
        # Arrow and Polars, and convert(): the same file.
        assert boardfile.convert(boardfile.read_table(tmp_path / "kept.pbn"), tmp_path / "a.pbn") == len(kept)
        assert boardfile.load(tmp_path / "a.pbn") == back


def test_a_bad_row_is_a_boardfile_error_with_its_record(tmp_path):
    pytest.importorskip("pandas")
    t = boardfile.read_table(b"".join(
        (json.dumps(b) + "\n").encode() for b in boardfile.deal(3, seed=5).to_dicts()
    ), format="jsonl").to_pandas()
    t.loc[1, "hand_n"] = "AKQ.AKQ.AKQ.AKQJ"  # cards South holds too
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.write(t, tmp_path / "x.pbn")
    assert e.value.record == 1 and e.value.source == "<frame>"
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_deal_with_seed_10_is_the_command_lines_seed_10(cli, tmp_path):
    ours = tmp_path / "ours.pbn"
    theirs = tmp_path / "theirs.pbn"
    boardfile.write(boardfile.deal(32, seed=10), ours)
    cli("deal", theirs, "--boards", 32, "--seed", "10")
    assert ours.read_bytes() == theirs.read_bytes()
    assert boardfile.deal(4, seed=10) == boardfile.deal(4, seed="10")
    assert boardfile.deal(4, seed=10) != boardfile.deal(4, seed="a")


def test_deal_where_is_the_command_lines_where(cli, tmp_path):
    script = "condition hcp(north) >= 15 && shape(south, any 5xxx)\n"
    (tmp_path / "s.dlr").write_text(script)
    out = tmp_path / "w.jsonl"
    cli("deal", out, "--where", tmp_path / "s.dlr", "--boards", 6, "--seed", 7, "--jobs", 1)
    want = [json.loads(l) for l in out.read_text().splitlines() if '"board"' in l]
    got = boardfile.deal(6, seed=7, where=script, jobs=2)
    assert got.to_dicts() == want
    for b in got:
        assert b.deal[Seat.N].hcp >= 15 and 5 in b.deal[Seat.S].shape
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.deal(2, seed=1, where="condition hcp(north) >=\n")
    # The script's own place: the expression is missing where the script
    # ends, the start of its second line.
    assert (e.value.line, e.value.column) == (2, 1)
    # Fewer deals than asked (the limit reached) is said, as the command
    # line says it.
    with pytest.warns(boardfile.BoardfileWarning, match="only 0 of 2 boards"):
        none = boardfile.deal(2, seed=1, where="condition hcp(north) > 37", generate=1000)
    assert len(none) == 0


def test_errors_carry_path_line_and_column(tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.JT9..5432 - - -"]\n[Dealer "Q"]\n')
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.load(bad)
    err = e.value
    assert err.path == str(bad) and err.format == "PBN"
    assert err.line == 3 and err.column is not None and err.column >= 1
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.load(bad.read_bytes())
    assert e.value.path is None and e.value.source == "<bytes>"


def test_objects_count_as_hands_do():
    h = Hand("AKQ2.KJ.T98.5432")
    # Counted by hand: A K Q (9) + K J (4) = 13 points; 4-2-3-4.
    assert (h.hcp, h.shape, len(h)) == (13, (4, 2, 3, 4), 13)
    assert Card("SA") in h and "HQ" not in h and h[Strain.D] == "T98"
    assert [str(c) for c in h][:4] == ["SA", "SK", "SQ", "S2"]
    d = Deal("E:" + " ".join(["T98.765.432.AKQJ", "765.432.AKQJ.T98", "432.AKQJ.T98.765", "AKQJ.T98.765.432"]))
    assert str(d) == "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    assert d.hcp == (10, 10, 10, 10)
    # 52 cards, 13 a hand from North; Pavlicek's number both ways.
    cards = [c for seat in Seat for c in d[seat]]
    assert Deal(cards) == d and Deal(d.number) == d
    assert Deal(1) == Deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    with pytest.raises(boardfile.BoardfileError):
        Deal("N:AKQ.JT9..5432 AKQ... - -")
    assert Seat.of("south") is Seat.S and Strain.of("♥") is Strain.H and Seat.W.next() is Seat.N
    # A partial deal among deals to solve is a bad board, as Board.solve says.
    with pytest.raises(boardfile.BoardfileError, match="deal 2: a partial deal"):
        boardfile.solve([d, "N:AKQ.JT9..5432 - - -"])


def test_par_has_one_spelling_the_pbns(cli, tmp_path):
    b = Board(ENDPLAY_SACRIFICE_DEAL, 1, vulnerable="EW").solve()
    out = tmp_path / "b.pbn"
    boardfile.write([b], out)
    tag = re.search(r'\[ParContract "([^"]*)"\]', out.read_text()).group(1)
    # endplay's README: 7♣ doubled by North (or South), down five.
    assert str(b.par) == tag == "NS 7CX"
    assert Par(-1100, "NS 7CX") == b.par
    # The table's column spells it the same.
    table = boardfile.read_table(out)
    assert table.column("par_contracts").to_pylist() == [tag]
    assert Par.from_dict(b.to_dict()["par"]) == b.par
    assert Par(b.par.score_ns, b.par.contracts).to_dict() == b.to_dict()["par"]


def test_boards_draw_themselves_as_the_hand_records_do(cli, tmp_path):
    s = boardfile.load(ORACLE)[:14]
    boardfile.write(s[:1], tmp_path / "one.pbn")
    cli("convert", tmp_path / "one.pbn", tmp_path / "one.html")
    page = (tmp_path / "one.html").read_text()
    section = re.search(r'<section class="board".*?</section>', page, re.S).group(0)
    html = s[0]._repr_html_()
    assert section in html
    # Scoped: nothing of the notebook's own page is restyled.
    assert "body {" not in html and "@media print" not in html
    many = s._repr_html_()
    assert many.count('<section class="board"') == 12 and "2 more boards" in many


def test_read_table_of_our_parquet_is_pyarrows_and_equal(cli, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    src = tmp_path / "s.parquet"
    cli("convert", ORACLE, src)
    assert boardfile._our_parquet(src, None) is not None, "our file goes to pyarrow"
    fast = boardfile.read_table(src)
    slow = boardfile.read_batches(src).read_all()
    assert fast.equals(slow)
    # A Parquet file another program wrote goes through the library, and
    # is checked: a deal with a card twice is an error.
    t = slow.to_pandas()
    t.loc[0, "hand_e"] = t.loc[0, "hand_n"]
    import pyarrow as pa

    pq.write_table(pa.Table.from_pandas(t, preserve_index=False), tmp_path / "other.parquet")
    assert boardfile._our_parquet(tmp_path / "other.parquet", None) is None
    with pytest.raises(boardfile.BoardfileError):
        boardfile.read_table(tmp_path / "other.parquet")


def test_mypy_strict_passes_on_a_script_using_the_package(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed")
    script = tmp_path / "use.py"
    script.write_text(
        "import boardfile\n"
        "from boardfile import Deal, Seat, Strain, DDTable, BoardSet\n"
        "t: DDTable = boardfile.solve('N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9')\n"
        "n: int | None = t[Seat.N, Strain.S]\n"
        "d = Deal('N:AKQJ8..AT8632.43 T742.Q9543.J.QT8 63.AJT8.97.J7652 95.K762.KQ54.AK9')\n"
        "points: int = d[Seat.S].hcp\n"
        "s: BoardSet = boardfile.deal(4, seed=10)\n"
        "numbers: list[int] = [b.number for b in s]\n"
        "score: int | None = None if t.par is None else t.par.score\n"
        "for b in boardfile.read('x.pbn'):\n"
        "    print(b['deal'])\n"
        "boardfile.write(s, 'x.pbn')\n"
        "made: int = boardfile.score('4SX', 'S', True, 10) + boardfile.imps(450)\n"
        "h = d[Seat.N]\n"
        "measures: tuple[int, int, float, float, float, float] = (\n"
        "    h.losers, h.controls, h.quick_tricks, h.cccc, h.quality(Strain.S), h.points(A=3, K=2, Q=1))\n"
        "turned: Deal = d.rotate(2).swap('N', Seat.S)\n"
        "played: int | None = s[0].score()\n"
        "p = boardfile.Position(d, Strain.NT, Seat.E)\n"
        "p.play(p.legal()[0])\n"
        "values: dict[boardfile.Card, int] = p.solve()\n"
        "back: boardfile.Card = p.undo()\n"
        "rows: list[dict[str, object]] = boardfile.leads(h, '4S', 'S', where='hcp(south) >= 12', deals=10)\n"
        "again: list[dict[str, object]] = boardfile.leads(h, '4S', 'S', where=lambda x: x[Seat.S].hcp > 9, deals=5)\n"
        "par_all: boardfile.Par | None = boardfile.par(t, 'All', Seat.E)\n"
        "some: DDTable = d.solve(strains=['NT', Strain.S])\n"
        "kept: BoardSet = boardfile.deal(3, predeal={'S': h}, where=lambda x: x[Seat.N].hcp > 5)\n"
        "each: list[list[dict[str, object]] | None] = [v for v in s.play_values(jobs=2)]\n"
    )
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    # The package itself checks clean too (the libraries it imports when
    # installed ship no types: pyproject.toml's [tool.mypy] says so).
    config = ROOT / "crates" / "python" / "pyproject.toml"
    r = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "-p", "boardfile", "--config-file", str(config)],
        capture_output=True, text=True, cwd=tmp_path,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_frames_index_is_kept_and_a_named_one_is_a_column(tmp_path):
    pd = pytest.importorskip("pandas")
    games = oracle_games()[:6]
    df = pd.DataFrame({"deal": [g["deal"] for g in games]}, index=[10, 11, 12, 13, 14, 15])
    sub = df.iloc[[1, 4]]
    out = boardfile.solve(sub)
    assert list(out.index) == [11, 14]
    # Row for row: each row's table is its own deal's (the C++ DDS's).
    assert out.loc[14, "dd_n_nt"] == games[4]["dd"]["N"]["NT"]
    numbered = pd.DataFrame(
        {"deal": [g["deal"] for g in games[:2]]}, index=pd.Index([5, 9], name="board")
    )
    boardfile.write(numbered, tmp_path / "n.pbn")
    assert [b.number for b in boardfile.load(tmp_path / "n.pbn")] == [5, 9]


def test_what_the_command_line_says_on_stderr_is_a_warning(cli, tmp_path):
    pytest.importorskip("pandas")
    df = boardfile.read_table(ORACLE).to_pandas()
    with pytest.warns(boardfile.BoardfileWarning, match="missing board numbers"):
        boardfile.write(df[df.board.isin([2, 9])], tmp_path / "gaps.dlm")
    # The command line says the same of the same file.
    boardfile.write(df[df.board.isin([2, 9])], tmp_path / "gaps.pbn")
    r = cli("convert", tmp_path / "gaps.pbn", tmp_path / "cli.dlm")
    assert "missing board numbers" in r.stderr


@needs_wild
def test_reading_warns_as_the_command_line_does(cli, tmp_path):
    path = WILD / "lorserker+ben" / "Exclusion.pbn"
    r = cli("validate", path)
    said = [l for l in r.stderr.splitlines() if "warning" in l]
    assert said, r.stderr
    with pytest.warns(boardfile.BoardfileWarning) as caught:
        boardfile.load(path)
    assert len(caught) >= 1
    assert any("given twice" in str(w.message) for w in caught)


@needs_wild
def test_a_warning_on_every_board_is_told_a_few_times_at_the_callers_line():
    import warnings

    path = WILD / "lorserker+ben" / "Exclusion.pbn"  # 205 boards, Room twice each
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        boardfile.load(path); line = sys._getframe().f_lineno  # noqa: E702
    said = [str(w.message) for w in caught]
    twice = [m for m in said if "given twice" in m]
    # Three in full, then one for the rest, as the command line says them.
    assert len(twice) == 4, said
    assert "and 202 more like it (records 3 to 204)" in twice[-1], twice[-1]
    # Each points at the caller's line, not at the package's own code.
    assert {(w.filename, w.lineno) for w in caught} == {(__file__, line)}


def test_a_deal_of_51_cards_is_a_boardfile_error():
    cards = [Card(s + r) for s in "SHDC" for r in "AKQJT98765432"][:51]
    with pytest.raises(boardfile.BoardfileError, match="52 cards"):
        Deal(cards)
    with pytest.raises(boardfile.BoardfileError):
        Deal("N:AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT9876543 - - -")
    with pytest.raises(boardfile.BoardfileError):
        Hand("AKQ.JT9.876.54X")


def test_a_script_error_gives_its_line_column_and_byte():
    script = "produce 4\ncondition hcp(north) >> 3\n"
    with pytest.raises(boardfile.BoardfileError) as caught:
        boardfile.deal(4, seed=1, where=script)
    e = caught.value
    # The second `>`: line 2, column 23, byte 32 (counted by hand).
    assert (e.line, e.column, e.byte) == (2, 23, 32), str(e)
    assert script[e.byte] == ">"


@needs_wild
def test_setting_the_event_sets_it_where_the_format_keeps_it(tmp_path):
    s = boardfile.load(WILD / "lorserker+ben" / "Camrose24_1.pbn")
    assert s.event == "Camrose 2024"
    s.event = "Renamed"
    boardfile.write(s, tmp_path / "r.pbn")
    back = boardfile.load(tmp_path / "r.pbn")
    assert back.event == "Renamed"
    assert {b.tags.get("Event") for b in back} == {"Renamed"}
    assert s[:2].event == "Renamed"


def test_sequences_of_deals_and_endplay_shaped_calls():
    games = oracle_games()[:3]
    tables = boardfile.solve([g["deal"] for g in games])
    assert [t[Seat.N, Strain.NT] for t in tables] == [g["dd"]["N"]["NT"] for g in games]
    one = boardfile.solve({"deal": games[0]["deal"]})
    assert one["dd"] == games[0]["dd"]
    d = Deal(games[0]["deal"])
    assert list(d) == list(d.hands) and len(d) == 4
    t = d.solve()
    assert [row[Strain.NT] for row in t] == [t[s, Strain.NT] for s in Seat]
    with pytest.raises(TypeError):
        t[Seat.N, Seat.S]
    with pytest.raises(ValueError):
        Board("N:AKQJT98765432... - - -").solve()
    # A deal with unknown hands is a deal (and not a file name).
    with pytest.raises(ValueError, match="partial"):
        boardfile.solve("N:AKQJT98765432... - - -")


@needs_wild
def test_a_boards_play_valued_card_by_card_ends_on_its_result():
    s = boardfile.load(WILD / "jarekczek+pbntools" / "aba_17901_aba_pairs.pbn")
    checked = 0
    for b in s[:12]:
        values = b.play_values()
        if values is None or len(values) != 52:
            continue
        # After the last card, declarer's tricks are the file's Result.
        assert values[-1]["tricks"] == int(b.tags["Result"]), b.number
        # Declarer's tricks before the lead are the table's (the solver's
        # whole-table path, not the play analysis').
        contract = b.tags["Declarer"], b.tags["Contract"]
        strain = re.match(r"\d(NT|[SHDC])", contract[1]).group(1)
        first = values[0]
        declarers = (first["seat"] in "NS") == (contract[0] in "NS")
        before = first["tricks"] + (first["cost"] if declarers else -first["cost"])
        assert before == b.deal.solve()[contract[0], strain]
        checked += 1
    assert checked >= 5
    # A solved board carries its play's values (JSON Lines' play_values),
    # the same as valued on their own.
    solved = s[0].solve()
    assert solved.to_dict()["play_values"]["cards"] == s[0].play_values()
    assert solved.play_values() == s[0].play_values()
