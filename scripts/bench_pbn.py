"""Reading and writing the same PBN file with boardfile and with endplay.

Run by bench-pbn.sh, which makes the files and installs endplay in a venv.
Prints boards a second for each tool and the ratio.
"""
import subprocess
import sys
import time


def best_of(n, f):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    boardfile, pbn_file, lin_file, boards, work = sys.argv[1:6]
    boards = int(boards)
    from endplay.parsers import pbn, lin

    def run(*args):
        subprocess.run([boardfile, *args], check=True, stdout=subprocess.DEVNULL)

    rows = []
    ours = best_of(3, lambda: run("validate", pbn_file))
    with open(pbn_file) as f:
        text = f.read()
    games = []

    def ep_read():
        games[:] = pbn.loads(text)

    theirs = best_of(3, ep_read)
    assert len(games) == boards, len(games)
    rows.append(("PBN read", ours, theirs))

    ours = best_of(3, lambda: run("convert", pbn_file, f"{work}/again.pbn"))
    theirs_rw = best_of(
        3, lambda: pbn.dump(pbn.loads(text), open(f"{work}/endplay.pbn", "w"))
    )
    rows.append(("PBN read+write", ours, theirs_rw))

    ours = best_of(3, lambda: run("validate", lin_file))
    with open(lin_file) as f:
        lin_text = f.read()
    lin_games = []

    def ep_lin():
        lin_games[:] = lin.loads(lin_text)

    try:
        theirs = best_of(3, ep_lin)
        assert len(lin_games) == boards, len(lin_games)
    except Exception as e:  # endplay's LIN reader may not take every file
        print(f"endplay could not read the LIN file: {e!r}")
        theirs = None
    rows.append(("LIN read", ours, theirs))

    print(f"{boards} boards, best of 3, whole process for boardfile")
    print(f"{'':16} {'boardfile':>14} {'endplay':>14} {'ratio':>8}")
    for name, a, b in rows:
        ra = f"{boards / a / 1e6:.2f} M/s"
        rb = f"{boards / b / 1e6:.3f} M/s" if b else "-"
        ratio = f"{b / a:.0f}x" if b else "-"
        print(f"{name:16} {ra:>14} {rb:>14} {ratio:>8}")


if __name__ == "__main__":
    main()
