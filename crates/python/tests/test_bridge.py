"""read, write, convert, deal and solve, each checked against something the
code did not produce: the oracle file's own text (its tables from the C++
DDS), counts made here from the hand strings, the Laws' dealer and
vulnerability cycle."""

import json

import pytest

import boardfile
from conftest import BIGDEAL, DATA, ORACLE, hands_by_seat, oracle_games

SEATS = "NESW"
# The Laws: dealer N, E, S, W from board 1; vulnerability in a cycle of 16.
VUL = "None NS EW All NS EW All None EW All None NS All None NS EW".split()


def north_first(deal):
    h = hands_by_seat(deal)
    return "N:" + " ".join(h[s] for s in SEATS)


def test_read_gives_the_files_boards_with_the_json_lines_keys():
    games = oracle_games()
    boards = list(boardfile.read(ORACLE))
    assert len(boards) == len(games) == 100
    for b, g in zip(boards, games):
        assert b["board"] == g["board"]
        assert b["dealer"] == g["dealer"]
        assert b["vulnerable"] == g["vulnerable"]
        # JSON Lines writes every deal from North.
        assert b["deal"] == north_first(g["deal"])
        assert b["dd"] == g["dd"]
        assert {"board", "dealer", "vulnerable", "deal"} <= set(b)


def test_read_keys_are_those_of_the_command_lines_json_lines(cli, tmp_path):
    out = tmp_path / "set.jsonl"
    cli("convert", ORACLE, out)
    lines = [json.loads(l) for l in out.read_text().splitlines()]
    boards = [b for b in lines if "board" in b]
    assert list(boardfile.read(ORACLE)) == boards


def test_read_takes_bytes_and_names_the_format():
    text = ORACLE.read_bytes()
    assert len(list(boardfile.read(text))) == 100
    assert len(list(boardfile.read(bytearray(text), format="pbn"))) == 100


def test_errors_carry_format_record_line_and_byte(tmp_path):
    good = 'N:AKJ953.K.J982.86 Q8.A532.K654.AT5 T6.QJ76.AQ.K7432 742.T984.T73.QJ9'
    # The ace of spades twice: South's first card.
    bad = 'N:AKJ953.K.J982.86 Q8.A532.K654.AT5 AT6.QJ76.AQ.K743 742.T984.T73.QJ9'
    lines = [{"board": 1, "deal": good}, {"board": 2, "deal": bad}]
    text = "".join(json.dumps(l) + "\n" for l in lines).encode()
    with pytest.raises(boardfile.BoardfileError) as e:
        list(boardfile.read(text, format="jsonl"))
    err = e.value
    assert err.format == "JSONL"
    assert err.record == 1
    assert err.line == 2
    assert err.byte == text.index(b"\n") + 1
    assert isinstance(err, ValueError)
    assert "JSONL error at record 1 (line 2" in str(err)
    # Writing: the boards' own error, with the place in the boards given.
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.write(lines, tmp_path / "x.pbn")
    assert e.value.record == 1 and e.value.line == 2
    assert not (tmp_path / "x.pbn").exists()
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.solve(lines)
    assert e.value.record == 1 and e.value.format == "JSONL"
    with pytest.raises(OSError):
        list(boardfile.read(tmp_path / "missing.pbn"))


def test_write_then_read_every_writable_round_trip_format(tmp_path):
    boards = list(boardfile.read(ORACLE))[:32]
    for ext in ["pbn", "jsonl", "lin", "dlm", "bri", "dup", "csv", "parquet", "zrd"]:
        path = tmp_path / f"set.{ext}"
        assert boardfile.write(boards, path) == 32
        back = list(boardfile.read(path))
        assert [b["deal"] for b in back] == [b["deal"] for b in boards], ext
    # Formats that keep tables give them back.
    for ext in ["jsonl", "csv", "parquet", "zrd"]:
        back = list(boardfile.read(tmp_path / f"set.{ext}"))
        assert [b["dd"] for b in back] == [b["dd"] for b in boards], ext


def test_write_takes_numpy_and_pandas_values(tmp_path):
    pd = pytest.importorskip("pandas")
    df = boardfile.read_table(ORACLE).to_pandas()
    boards = [{"board": r.board, "deal": f"N:{r.hand_n} {r.hand_e} {r.hand_s} {r.hand_w}"} for r in df.itertuples()]
    assert boardfile.write(boards, tmp_path / "x.jsonl") == 100
    back = list(boardfile.read(tmp_path / "x.jsonl"))
    assert [b["deal"] for b in back] == [north_first(g["deal"]) for g in oracle_games()]


def test_convert_as_the_command_line_does(cli, tmp_path):
    a, b = tmp_path / "py.dlm", tmp_path / "cli.dlm"
    src = DATA / "dlm-paper-appendix-a.dlm"
    n = boardfile.convert(src, a, to_format="dlm")
    cli("convert", src, b)
    assert n > 0
    assert a.read_bytes() == b.read_bytes()
    with pytest.raises(ValueError):
        boardfile.convert(src, src)


def test_deal_follows_the_laws_and_the_seed():
    boards = boardfile.deal(40, seed=7, first=3).to_dicts()
    assert [b["board"] for b in boards] == list(range(3, 43))
    for b in boards:
        n = b["board"]
        assert b["dealer"] == SEATS[(n - 1) % 4]
        assert b["vulnerable"] == VUL[(n - 1) % 16]
        hands = hands_by_seat(b["deal"])
        cards = []
        for seat in SEATS:
            for suit, ranks in zip("SHDC", hands[seat].split(".")):
                cards += [suit + r for r in ranks]
            assert sum(len(s) for s in hands[seat].split(".")) == 13
        assert len(cards) == len(set(cards)) == 52
    assert boardfile.deal(40, seed=7, first=3).to_dicts() == boards
    assert boardfile.deal(40, seed="7", first=3).to_dicts() == boards
    assert boardfile.deal(40, seed=8, first=3).to_dicts() != boards
    # Different every time without a seed.
    assert boardfile.deal(5).to_dicts() != boardfile.deal(5).to_dicts()


@pytest.mark.skipif(not (BIGDEAL / "cases").is_dir(), reason="no ../shared/data/bigdeal")
def test_an_owners_deal_is_big_deals():
    # Big Deal 2.0's own files for the owner, entropy and boards of
    # cases.tsv are the oracle (boards 15-28 of case 03: a range not from 1).
    cases = BIGDEAL / "cases"
    rows = [l.split("\t") for l in (cases / "cases.tsv").read_text().splitlines()[1:]]
    for case, owner, entropy, boards in rows[:4]:
        first, last = (int(x) for x in boards.split("-"))
        want = [
            {"board": b["board"], "deal": north_first(b["deal"])}
            for b in boardfile.read(cases / case / "deal.pbn")
        ]
        got = boardfile.deal(last - first + 1, first=first, owner=owner, entropy=entropy).to_dicts()
        assert [{"board": b["board"], "deal": north_first(b["deal"])} for b in got] == want, case
    # Without entropy, the system's: different every time.
    assert boardfile.deal(4, owner="Club").to_dicts() != boardfile.deal(4, owner="Club").to_dicts()
    with pytest.raises(ValueError):
        boardfile.deal(4, seed=7, owner="Club").to_dicts()
    with pytest.raises(ValueError):
        boardfile.deal(4, entropy="x").to_dicts()
    # No owner, no Big Deal set (as the command line and the page).
    for nobody in ["", "  "]:
        with pytest.raises(ValueError, match="an owner's name is needed"):
            boardfile.deal(4, owner=nobody)


def test_deal_is_the_command_lines_deal(cli, tmp_path):
    out = tmp_path / "d.jsonl"
    cli("deal", out, "--boards", 12, "--seed", "1f")
    # The boards' lines (a set line first says the seed, for a PBN head).
    lines = [json.loads(l) for l in out.read_text().splitlines()]
    assert lines[0] == {"set": {"pbn": {"preamble": ["% Dealt by boardfile deal --seed 1f"], "utf8": False, "bom": False}}}
    assert lines[1:] == boardfile.deal(12, seed="1f").to_dicts()
    # A seed of words, as the command line hashes it.
    words = tmp_path / "w.jsonl"
    cli("deal", words, "--boards", 4, "--seed", "club night 24")
    got = boardfile.deal(4, seed="club night 24").to_dicts()
    assert [json.loads(l) for l in words.read_text().splitlines() if '"board"' in l] == got
    assert got != boardfile.deal(4, seed="club night 25").to_dicts()


def test_solve_matches_the_cpp_dds_tables():
    games = oracle_games()[:40]
    boards = [{"board": g["board"], "dealer": g["dealer"], "vulnerable": g["vulnerable"], "deal": g["deal"]} for g in games]
    solved = boardfile.solve(boards, jobs=2)
    assert [b["dd"] for b in solved] == [g["dd"] for g in games]
    for b in solved:
        assert b["par"]["score_ns"] % 10 == 0
    # A whole stored table is kept (as boardfile solve keeps it)...
    wrong = dict(boards[0], dd={s: {t: 0 for t in ["C", "D", "H", "S", "NT"]} for s in SEATS})
    assert boardfile.solve([wrong])[0]["dd"] == wrong["dd"]
    # ...unless forced.
    assert boardfile.solve([wrong], force=True)[0]["dd"] == games[0]["dd"]


def test_solve_releases_the_gil():
    import threading
    import time

    boards = boardfile.deal(10, seed=3).to_dicts()
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.005)

    t = threading.Thread(target=tick)
    t.start()
    start = time.perf_counter()
    boardfile.solve(boards, jobs=1)
    took = time.perf_counter() - start
    stop.set()
    t.join()
    during = [x for x in ticks if start <= x <= start + took]
    # Held, the ticker would stop for the whole solve.
    assert took > 0.2 and len(during) > took / 0.05, (took, len(during))


def test_formats_lists_the_tables():
    names = {f["name"]: f for f in boardfile.formats()}
    assert names["CSV"]["reads"] and names["CSV"]["writes"]
    assert names["PARQUET"]["extensions"][0] == "parquet"
