"""read_table, CSV and Parquet: columns checked against counts made here
from the hand strings and against the oracle file's C++ DDS tables;
Parquet written by the command line read by pyarrow (and DuckDB)."""

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import boardfile
from conftest import ORACLE, hands_by_seat, hcp, lengths, oracle_games

SEATS = "NESW"
STRAINS = ["C", "D", "H", "S", "NT"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]


def expected_columns(tags=()):
    cols = ["board", "dealer", "vulnerable"]
    cols += [f"hand_{s}" for s in "nesw"]
    cols += [f"hcp_{s}" for s in "nesw"]
    cols += [f"{suit}_{s}" for s in "nesw" for suit in SUITS]
    cols += [f"dd_{s}_{t.lower()}" for s in "nesw" for t in STRAINS]
    cols += ["par_score_ns", "par_contracts"]
    return cols + list(tags)


def check_against_oracle(table):
    games = oracle_games()
    rows = table.to_pylist()
    assert len(rows) == len(games)
    for r, g in zip(rows, games):
        assert r["board"] == g["board"]
        assert r["dealer"] == g["dealer"]
        assert r["vulnerable"] == g["vulnerable"]
        hands = hands_by_seat(g["deal"])
        for seat in SEATS:
            s = seat.lower()
            assert r[f"hand_{s}"] == hands[seat]
            assert r[f"hcp_{s}"] == hcp(hands[seat])
            assert [r[f"{suit}_{s}"] for suit in SUITS] == lengths(hands[seat])
            for t in STRAINS:
                assert r[f"dd_{s}_{t.lower()}"] == g["dd"][seat][t]


def test_read_table_columns_counts_and_tables():
    t = boardfile.read_table(ORACLE)
    assert t.column_names == expected_columns() == boardfile.TABLE_COLUMNS
    assert t.schema.field("board").type == pa.uint32()
    assert t.schema.field("dd_w_nt").type == pa.uint8()
    check_against_oracle(t)
    # Par is not in the file: null.
    assert t.column("par_score_ns").null_count == 100


def test_read_table_small_batches_and_tags(tmp_path):
    pbn = tmp_path / "club.pbn"
    games = []
    for i, g in enumerate(oracle_games()[:5]):
        west = f'[West "Smith {i}"]\n' if i != 2 else ""
        games.append(f'[Event "Club"]\n[Board "{g["board"]}"]\n{west}[Dealer "{g["dealer"]}"]\n[Vulnerable "{g["vulnerable"]}"]\n[Deal "{g["deal"]}"]\n')
    pbn.write_text("\n".join(games))
    t = boardfile.read_table(pbn, batch_size=2)
    assert t.column_names == expected_columns(["Event", "West"])
    assert t.column("Event").to_pylist() == ["Club"] * 5
    assert t.column("West").to_pylist() == ["Smith 0", "Smith 1", None, "Smith 3", "Smith 4"]
    batches = list(boardfile.read_batches(pbn, batch_size=2))
    assert [b.num_rows for b in batches] == [2, 2, 1]


def test_read_table_error_is_a_boardfile_error():
    lines = b'{"board":1,"deal":"N:AKJ953.K.J982.86 Q8.A532.K654.AT5 T6.QJ76.AQ.K7432 742.T984.T73.QJ9"}\n{"board":2,"deal":"N:bad"}\n'
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.read_table(lines, format="jsonl")
    assert e.value.record == 1 and e.value.line == 2


def test_to_pandas_and_polars():
    pd = pytest.importorskip("pandas")
    df = boardfile.read_table(ORACLE).to_pandas()
    assert len(df) == 100 and df["board"].dtype == "uint32"
    g = oracle_games()[7]
    row = df[df.board == g["board"]].iloc[0]
    assert row.hcp_s == hcp(hands_by_seat(g["deal"])["S"])
    try:
        import polars as pl
    except ImportError:
        return
    p = pl.from_arrow(boardfile.read_table(ORACLE))
    assert p.height == 100 and p["dd_n_s"].to_list() == [g["dd"]["N"]["S"] for g in oracle_games()]


def test_parquet_from_the_command_line_reads_in_pyarrow(cli, tmp_path):
    out = tmp_path / "set.parquet"
    cli("convert", ORACLE, out)
    t = pq.read_table(out)
    assert t.column_names == expected_columns()
    check_against_oracle(t)
    assert t.equals(boardfile.read_table(ORACLE))


def test_parquet_reads_in_duckdb(cli, tmp_path):
    duckdb = pytest.importorskip("duckdb")
    out = tmp_path / "set.parquet"
    cli("convert", ORACLE, out)
    con = duckdb.connect()
    n, points = con.execute(
        f"select count(*), sum(hcp_n + hcp_e + hcp_s + hcp_w) from '{out}'"
    ).fetchall()[0]
    assert (n, points) == (100, 100 * 40)
    games = oracle_games()
    tricks = con.execute(f"select dd_s_h from '{out}' order by board").fetchall()
    assert [t[0] for t in tricks] == [g["dd"]["S"]["H"] for g in sorted(games, key=lambda g: g["board"])]


def test_parquet_to_jsonl_to_parquet_is_the_same_table(cli, tmp_path):
    # With tags, partial deals and par, written by the command line.
    solved = tmp_path / "solved.jsonl"
    boards = boardfile.deal(30, seed=11).to_dicts()
    for i, b in enumerate(boards):
        b["tags"] = {"Event": "Club", "West": f"W{i}"}
    boards[4]["deal"] = "N:AKQ... - - -"
    boardfile.write(boards, tmp_path / "in.jsonl")
    cli("solve", tmp_path / "in.jsonl", solved, "-j", "2")
    a, j, b = tmp_path / "a.parquet", tmp_path / "a.jsonl", tmp_path / "b.parquet"
    cli("convert", solved, a)
    cli("convert", a, j)
    cli("convert", j, b)
    ta, tb = pq.read_table(a), pq.read_table(b)
    assert ta.equals(tb)
    assert a.read_bytes() == b.read_bytes()
    assert ta.column_names == expected_columns(["Event", "West"])
    assert ta.column("hand_e")[4].as_py() is None
    assert ta.column("par_score_ns").null_count == 1  # the partial deal
    # CSV carries the same table.
    c = tmp_path / "a.csv"
    cli("convert", a, c)
    cli("convert", c, tmp_path / "c.parquet")
    assert pq.read_table(tmp_path / "c.parquet").equals(ta)


def test_csv_input_is_told_by_its_header_and_othello_names_csv_still_is(cli, tmp_path):
    c = tmp_path / "noext"
    cli("convert", ORACLE, c, "--to", "csv")
    r = cli("info", c)
    assert "CSV" in r.stdout
    names = tmp_path / "players.csv"
    names.write_text("index,name\n0,???\n1,Smith\n")
    r = cli("info", names)
    assert "JOU" in r.stdout or "names" in r.stdout.lower(), r.stdout
