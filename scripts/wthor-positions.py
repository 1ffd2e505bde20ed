#!/usr/bin/env python3
"""Positions from the games of a WTHOR file (WTB), as OBF lines: each game
replayed to EMPTIES empty squares, the side to move after any pass.

    scripts/wthor-positions.py FILE.wtb EMPTIES [FIRST_GAME] [COUNT] > out.obf

Games count from 0; games cut short, or over before EMPTIES, are skipped.
At the header's depth (24 in the federation's files) each line also gives
the stored theoretical score for the side to move, as `--:SCORE;`, which
scripts/bench-endgame.sh checks. Written apart from the Rust code, on the
rules alone, so that it is a second reading of the files."""
import struct
import sys

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, me, r, c):
    out = []
    for dr, dc in DIRS:
        run, rr, cc = [], r + dr, c + dc
        while 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == -me:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        if run and 0 <= rr < 8 and 0 <= cc < 8 and board[rr][cc] == me:
            out += run
    return out


def can_move(board, me):
    return any(board[r][c] == 0 and flips(board, me, r, c)
               for r in range(8) for c in range(8))


def empties(board):
    return sum(x == 0 for row in board for x in row)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    data = open(sys.argv[1], "rb").read()
    want = int(sys.argv[2])
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 10**9
    depth = data[14]
    games = (len(data) - 16) // 68
    written = 0
    for g in range(first, games):
        if written >= count:
            break
        rec = data[16 + 68 * g:16 + 68 * (g + 1)]
        theoretical = rec[7]
        board = [[0] * 8 for _ in range(8)]
        board[3][3] = board[4][4] = -1
        board[3][4] = board[4][3] = 1
        me = 1
        for move in rec[8:]:
            if empties(board) == want or move == 0:
                break
            r, c = move // 10 - 1, move % 10 - 1
            if not can_move(board, me):
                me = -me
            f = flips(board, me, r, c) if 0 <= r < 8 and 0 <= c < 8 else []
            if not f:
                break
            for rr, cc in f:
                board[rr][cc] = me
            board[r][c] = me
            me = -me
        if empties(board) != want:
            continue
        if not can_move(board, me):
            me = -me
            if not can_move(board, me):
                continue
        squares = "".join({1: "X", -1: "O", 0: "-"}[board[r][c]]
                          for r in range(8) for c in range(8))
        line = f"{squares} {'X' if me == 1 else 'O'};"
        if want == depth:
            diff = 2 * theoretical - 64
            line += f" --:{diff if me == 1 else -diff};"
        print(line)
        written += 1


if __name__ == "__main__":
    main()
