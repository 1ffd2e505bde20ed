"""Puts a page check into the hand records: python3 scripts/in-page.py OUT
CHECK.js DESKTOP.html. OUT/records.html is the records; OUT/DESKTOP.html
becomes the records with the check at their end (a desktop window), and
OUT/check-390.html a page holding them in a 390 px iframe (a phone: a
headless window is never narrower than 500 px), the check beside. The
check's script is CHECK.js followed by scripts/check-verdict.js, which runs
it and leaves the verdict in a pre element whose id is verdict."""
import pathlib
import sys

out, check, desktop = sys.argv[1:]
here = pathlib.Path(__file__).parent
js = pathlib.Path(check).read_text(encoding="utf-8") + (here / "check-verdict.js").read_text(encoding="utf-8")
records = pathlib.Path(out, "records.html").read_text(encoding="utf-8")
pathlib.Path(out, desktop).write_text(records.replace("</body>", "<script>" + js + "</script></body>"), encoding="utf-8")
pathlib.Path(out, "check-390.html").write_text(
    '<!DOCTYPE html><html><body style="margin:0">'
    '<iframe id="records" src="records.html" style="width:390px;height:2400px;border:0"></iframe>'
    "<script>" + js + "</script></body></html>",
    encoding="utf-8",
)
