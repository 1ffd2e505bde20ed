"""Othello: read_games and replay, checked by a small Othello written here
(the rules, nothing of boardfile's) and by the scores the federation's
WTHOR files store."""

import warnings

import pytest

import boardfile
from conftest import OTHELLO

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


class Board:
    def __init__(self, n=8):
        self.n = n
        self.cells = [["."] * n for _ in range(n)]
        m = n // 2
        self.cells[m - 1][m - 1] = self.cells[m][m] = "O"
        self.cells[m - 1][m] = self.cells[m][m - 1] = "X"
        self.turn = "X"

    def flips(self, r, c, me):
        if self.cells[r][c] != ".":
            return []
        other = "O" if me == "X" else "X"
        out = []
        for dr, dc in DIRS:
            run = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < self.n and 0 <= cc < self.n and self.cells[rr][cc] == other:
                run.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if run and 0 <= rr < self.n and 0 <= cc < self.n and self.cells[rr][cc] == me:
                out += run
        return out

    def can_move(self, me):
        return any(self.flips(r, c, me) for r in range(self.n) for c in range(self.n))

    def play(self, move):
        c, r = ord(move[0]) - ord("a"), int(move[1:]) - 1
        f = self.flips(r, c, self.turn)
        if not f:
            # The side to move has none: the other plays.
            assert not self.can_move(self.turn), f"{move} is illegal"
            self.turn = "O" if self.turn == "X" else "X"
            f = self.flips(r, c, self.turn)
            assert f, f"{move} is illegal"
        self.cells[r][c] = self.turn
        for rr, cc in f:
            self.cells[rr][cc] = self.turn
        self.turn = "O" if self.turn == "X" else "X"

    def count(self, who):
        return sum(row.count(who) for row in self.cells)


def moves_of(text):
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def legal_game(plies, n=8):
    """A legal transcript: each side plays its last legal square in scan order."""
    b = Board(n)
    moves = []
    for _ in range(plies):
        for who in (b.turn, "O" if b.turn == "X" else "X"):
            legal = [(r, c) for r in range(n) for c in range(n) if b.flips(r, c, who)]
            if legal:
                r, c = legal[-1]
                break
        else:
            break
        m = chr(ord("a") + c) + str(r + 1)
        b.play(m)
        moves.append(m)
    return "".join(moves), b


def test_replay_matches_an_independent_othello():
    game, b = legal_game(16)
    r = boardfile.replay(game)
    assert r["board"] == ["".join(row) for row in b.cells]
    assert (r["black"], r["white"]) == (b.count("X"), b.count("O"))
    assert r["moves"] == 16 and not r["finished"]
    assert r["to_move"] == ("black" if b.turn == "X" else "white")
    # Played to the end (passes included), on both sizes.
    for n in (8, 10):
        game, b = legal_game(200, n)
        r = boardfile.replay(game, board_size=n)
        assert r["finished"] and r["board"] == ["".join(row) for row in b.cells]


def test_replay_names_the_illegal_move():
    with pytest.raises(boardfile.BoardfileError) as e:
        boardfile.replay("f5d6a1")
    assert e.value.byte == 4
    assert "move 3" in str(e.value)


needs_wthor = pytest.mark.skipif(
    not (OTHELLO / "WTH_1977.wtb").is_file(), reason="no ../shared/data/othello"
)


@needs_wthor
def test_read_games_scores_agree_with_an_independent_replay():
    games = boardfile.read_games(OTHELLO / "WTH_1977.wtb")
    assert len(games) == 12
    assert all(g["year"] == 1977 for g in games)
    # WTHOR.JOU and WTHOR.TRN beside the file give names.
    assert all(g.get("black") and g.get("tournament") for g in games)
    later = boardfile.read_games(OTHELLO / "WTH_2004.wtb")
    assert len(later) > 1000
    checked = 0
    for g in games + later[:300]:
        b = Board()
        for m in moves_of(g["moves"]):
            b.play(m)
        if b.can_move("X") or b.can_move("O"):
            continue
        black, white = b.count("X"), b.count("O")
        empties = 64 - black - white
        # The stored score gives the empties to the winner.
        expected = black + (empties if black > white else 0 if black < white else empties // 2)
        assert g["black_discs"] == expected, g
        r = boardfile.replay(g["moves"])
        assert r["finished"] and r["black_score"] == expected
        assert r["board"] == ["".join(row) for row in b.cells]
        checked += 1
    assert checked > 250


@needs_wthor
def test_read_games_from_bytes_without_names():
    data = (OTHELLO / "WTH_1977.wtb").read_bytes()
    games = boardfile.read_games(data, format="wtb")
    assert len(games) == len(boardfile.read_games(OTHELLO / "WTH_1977.wtb"))
    assert "black" not in games[0]


@needs_wthor
def test_a_score_taken_from_the_board_is_warned():
    # An opening line, no score: counted from the board where it stops,
    # the empties to the side ahead, and a Python warning says so. The
    # count is this file's Othello's, not boardfile's.
    moves, b = legal_game(9)
    black, white = b.count("X"), b.count("O")
    empties = 64 - black - white
    expected = black + (empties if black > white else 0 if black < white else empties // 2)
    with pytest.warns(UserWarning, match="game 1: the moves stop before the end"):
        games = boardfile.read_games((moves + "\n").encode(), format="transcript")
    assert games[0]["black_discs"] == expected
    # The federation's games, finished or scored, say nothing.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        boardfile.read_games(OTHELLO / "WTH_1977.wtb")


@pytest.mark.skipif(
    not (OTHELLO / "WTH_2004.wtb").is_file(), reason="no ../shared/data/othello"
)
def test_analyse_game_is_show_solve_as_a_dataframe(cli):
    pytest.importorskip("pandas")
    import json

    game = boardfile.read_games(OTHELLO / "WTH_2004.wtb")[52]  # game 53
    df = boardfile.analyse_game(game["moves"], empties=10)
    out = cli("show", OTHELLO / "WTH_2004.wtb", "--board", 53, "--solve", "--empties", 10, "--json")
    want = json.loads(out.stdout)["moves"]
    rows = df.astype(object).where(df.notna(), None).to_dict("records")
    assert rows == want
    # The move that lost the game: 51. g8 (a win by 2 with a7; checked by
    # a minimax of its own in crates/cli/tests/othello_solve.rs).
    lost = df[df.change.notna()]
    assert list(lost.played) == ["g8"] and list(lost.change) == ["win-to-loss"]
