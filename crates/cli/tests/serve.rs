//! `boardfile serve`: the real binary started on loopback, talked to over
//! HTTP/1.1 by hand (so that every header is the test's to choose), and
//! stopped by the test. Its temporary folder is the test's (TMPDIR), so
//! what it leaves on disk can be seen. Every wait is bounded.

mod common;
mod server;

use common::s;
use server::{parse, request, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn bridge_dir() -> PathBuf {
    common::shared("bridge")
}

#[test]
fn a_request_without_the_token_or_from_elsewhere_is_refused() {
    let server = Server::start(Some(&bridge_dir()), &[]);
    // No token.
    let r = server.send("GET", "/api/files", &[], b"");
    assert_eq!(r.status, 403, "{}", r.text());
    assert!(r.text().contains("token"), "{}", r.text());
    // A wrong token.
    let r = server.send("GET", "/api/files", &[("X-Boardfile-Token", "0123")], b"");
    assert_eq!(r.status, 403);
    // The token, but a Host a rebound DNS name gives.
    let token = server.token.clone();
    let r = request(
        server.port,
        "GET",
        "/api/files",
        &[
            ("Host", "attacker.example:80"),
            ("X-Boardfile-Token", &token),
        ],
        b"",
    );
    assert_eq!(r.status, 403, "{}", r.text());
    // The token, but from another site's page.
    let r = server.send(
        "GET",
        "/api/files",
        &[
            ("X-Boardfile-Token", &token),
            ("Origin", "http://attacker.example"),
        ],
        b"",
    );
    assert_eq!(r.status, 403, "{}", r.text());
    // No Host at all (HTTP/1.0 style).
    let r = request(
        server.port,
        "GET",
        "/api/files",
        &[("X-Boardfile-Token", &token)],
        b"",
    );
    assert_eq!(r.status, 403);
    // The page's own files need no token (they hold no data), and no
    // cookie is ever set.
    for path in ["/", "/app.js", "/app.css", "/diagram.css"] {
        let r = server.send("GET", path, &[], b"");
        assert_eq!(r.status, 200, "{path}");
        assert!(r.header("set-cookie").is_none(), "{path}");
    }
    let r = server.send("GET", "/", &[], b"");
    assert!(r.text().contains("<title>boardfile</title>"));
    assert_eq!(r.header("referrer-policy"), Some("no-referrer"));
    // The token in a cookie or in the address's query admits nothing:
    // browsers send a host's cookies to every port of it.
    for cookie in [
        format!("boardfile-{}={token}", server.port),
        format!("token={token}"),
    ] {
        let r = server.send("GET", "/api/files", &[("Cookie", &cookie)], b"");
        assert_eq!(r.status, 403, "{cookie}: {}", r.text());
    }
    let r = server.send("GET", &format!("/api/files?token={token}"), &[], b"");
    assert_eq!(r.status, 403, "{}", r.text());
    // Its own Origin is fine.
    let origin = format!("http://{}", server.host());
    let r = server.send(
        "GET",
        "/api/files",
        &[("X-Boardfile-Token", &token), ("Origin", &origin)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn nothing_outside_the_folder_is_read() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.pbn");
    std::fs::copy(bridge_dir().join("bigdeal-2boards.pbn"), &secret).unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        bridge_dir().join("bigdeal-2boards.pbn"),
        dir.path().join("in.pbn"),
    )
    .unwrap();
    std::os::unix::fs::symlink(&secret, dir.path().join("link.pbn")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).unwrap();
    let server = Server::start(Some(dir.path()), &[]);
    assert_eq!(server.get("/api/boards?file=dir/in.pbn").status, 200);
    let absolute = format!("dir/{}", s(&secret));
    for id in [
        "dir/../secret.pbn",
        "dir/./in.pbn/../../secret.pbn",
        absolute.as_str(),
        "dir/link.pbn",
        "dir/out/secret.pbn",
        "upload/../../etc/passwd",
        "/etc/passwd",
    ] {
        let encoded: String = id.replace('/', "%2F");
        for endpoint in ["boards", "convert"] {
            let r = server.get(&format!("/api/{endpoint}?file={encoded}&to=pbn"));
            assert!(
                r.status == 403 || r.status == 400 || r.status == 404,
                "{id} via {endpoint}: {} {}",
                r.status,
                r.text()
            );
            assert!(!r.text().contains("AJ9"), "{id}: {}", r.text());
        }
    }
    // Nor listed.
    let listed = server.get("/api/files").text();
    assert!(!listed.contains("secret"), "{listed}");
    // Nor a link to a folder.
    let r = server.get("/api/games?file=dir%2Fout");
    assert_eq!(r.status, 404, "{}", r.text());
    // Nor the games of a WTHOR file outside, through a link in a folder
    // read whole as a database: the link is not followed.
    let wthor = tempfile::tempdir().unwrap();
    let games = outside.path().join("WTH_2004.wtb");
    std::fs::copy(common::shared("othello/WTH_2004.wtb"), &games).unwrap();
    std::os::unix::fs::symlink(&games, wthor.path().join("WTH_2004.wtb")).unwrap();
    let real = wthor.path().join("WTH_2003.wtb");
    std::fs::copy(common::shared("othello/WTH_2004.wtb"), &real).unwrap();
    let server = Server::start(Some(wthor.path()), &[]);
    let r = server.get("/api/games?file=dir&year=2004&count=1");
    assert_eq!(r.status, 200, "{}", r.text());
    // The one real file's games, once (the link's would double them).
    let direct = server.get("/api/games?file=dir%2FWTH_2003.wtb&year=2004&count=1");
    assert_eq!(r.json()["total"], direct.json()["total"], "{}", r.text());
    assert!(r.json()["total"].as_u64().unwrap() > 0);
}

#[test]
fn uploads_are_limited_and_a_broken_one_leaves_nothing() {
    let mut server = Server::start(None, &["--max-upload", "1"]);
    let pbn = std::fs::read(bridge_dir().join("bigdeal-2boards.pbn")).unwrap();
    let token = server.token.clone();
    let auth = [("X-Boardfile-Token", token.as_str())];
    // A good one: listed, read, its name cleaned.
    let r = server.send(
        "POST",
        "/api/upload?name=..%2F..%2Fevil%20set.pbn",
        &auth,
        &pbn,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let id = r.json()["id"].as_str().unwrap().to_string();
    assert_eq!(id, "upload/evil set.pbn");
    let boards = server.get(&format!("/api/boards?file={}", id.replace(' ', "%20")));
    assert_eq!(boards.json()["boards"].as_array().unwrap().len(), 2);
    // Over the limit (1 MiB): refused, nothing kept.
    let big = vec![b' '; (1 << 20) + 10];
    let r = server.send("POST", "/api/upload?name=big.pbn", &auth, &big);
    assert_eq!(r.status, 413, "{}", r.text());
    // A client gone halfway: once the server is writing its file (the
    // part sent is there), the connection closes.
    let names = |server: &Server| -> Vec<String> {
        let mut names: Vec<String> = server
            .leftovers()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        let head = format!(
            "POST /api/upload?name=half.pbn HTTP/1.1\r\nHost: {}\r\nX-Boardfile-Token: {token}\r\nContent-Length: 100000\r\n\r\n",
            server.host()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&pbn).unwrap();
        let started = Instant::now();
        while !names(&server).contains(&"half.pbn".to_string()) {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "the upload never began"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    // The server notices the close; bounded wait until it has cleaned up.
    let started = Instant::now();
    while names(&server).len() > 1 && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(names(&server), ["evil set.pbn"]);
    // Ctrl-C: it stops, exit 0, its folder gone.
    assert_eq!(server.interrupt(), 0);
    assert!(server.leftovers().is_empty(), "{:?}", server.leftovers());
}

#[test]
fn a_download_is_what_convert_writes() {
    let server = Server::start(Some(&bridge_dir()), &[]);
    let dir = tempfile::tempdir().unwrap();
    let input = bridge_dir().join("bigdeal-2boards.pbn");
    for to in ["dlm", "dup", "lin", "jsonl", "bri"] {
        let r = server.get(&format!(
            "/api/convert?file=dir/bigdeal-2boards.pbn&to={to}"
        ));
        assert_eq!(r.status, 200, "{to}: {}", r.text());
        let name = format!("bigdeal-2boards.{to}");
        assert_eq!(
            r.header("content-disposition"),
            Some(format!("attachment; filename=\"{name}\"").as_str())
        );
        let out = dir.path().join(&name);
        common::expect(0, &["convert", s(&input), s(&out)]);
        assert!(r.body == std::fs::read(&out).unwrap(), "{to} differs");
    }
    // Titled hand records: the PDF's text has the title (lopdf reads it).
    let r = server
        .get("/api/convert?file=dir/bigdeal-2boards.pbn&to=pdf&title=Club%20Pairs&date=2026-11-24");
    assert_eq!(r.status, 200, "{}", r.text());
    let pdf = lopdf::Document::load_mem(&r.body).unwrap();
    let text = pdf.extract_text(&[1]).unwrap();
    assert!(text.contains("Club Pairs"), "{text}");
    assert!(text.contains("24 November 2026"), "{text}");
    // A bad option is the request's fault, said as the command says it.
    let r = server.get("/api/convert?file=dir/bigdeal-2boards.pbn&to=pdf&date=soon");
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"].as_str().unwrap().contains("--date"),
        "{}",
        r.text()
    );
    // Nothing left behind.
    assert!(server.leftovers().is_empty(), "{:?}", server.leftovers());
}

#[test]
fn a_bad_file_is_a_placed_message_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string(bridge_dir().join("bigdeal-2boards.pbn")).unwrap();
    // Board 2's deal gives East's seven of spades to North too.
    let line2 = good
        .lines()
        .position(|l| l.starts_with("[Deal \"N:AKQ984."))
        .unwrap();
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    lines[line2] = lines[line2].replace("N:AKQ984.", "N:AKQ9847.");
    std::fs::write(dir.path().join("bad.pbn"), lines.join("\n") + "\n").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "hello, world\n").unwrap();
    let server = Server::start(Some(dir.path()), &[]);
    // Board 1 is whole: shown, and where the file stops reading said.
    let r = server.get("/api/boards?file=dir/bad.pbn");
    assert_eq!(r.status, 200, "{}", r.text());
    let page = r.json();
    assert_eq!(page["boards"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["boards"][0]["number"], 1, "{page}");
    assert_eq!(page["more"], false, "{page}");
    let message = page["error"].as_str().unwrap().to_string();
    // Placed: the file as the page names it, the line of board 2's deal.
    assert!(
        message.starts_with(&format!("dir/bad.pbn:{}:", line2 + 1)),
        "{message}"
    );
    let r = server.get("/api/open?file=dir/notes.txt");
    assert!(r.status == 400 || r.status == 422, "{}", r.text());
    assert!(r.json()["error"].is_string());
}

/// Follows a job's server-sent events to its end (bounded): every status
/// it told.
fn follow(server: &Server, id: u64) -> Vec<serde_json::Value> {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let head = format!(
        "GET /api/jobs/{id}/events HTTP/1.1\r\nHost: {}\r\nX-Boardfile-Token: {}\r\nConnection: close\r\n\r\n",
        server.host(),
        server.token
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let reply = parse(&raw);
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply
        .text()
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect()
}

#[test]
fn a_solve_tells_its_progress_can_be_cancelled_and_goes_on_from_its_journal() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.pbn");
    common::expect(0, &["deal", s(&set), "--boards", "12", "--seed", "5eed"]);
    let server = Server::start(Some(dir.path()), &[]);
    let token = server.token.clone();
    let auth = [("X-Boardfile-Token", token.as_str())];
    // Started, then cancelled at its first progress.
    let started = server.send("POST", "/api/solve?file=dir/set.pbn", &auth, b"");
    assert_eq!(started.status, 200, "{}", started.text());
    let id = started.json()["id"].as_u64().unwrap();
    let journal = server.tmp.as_path();
    let begun = Instant::now();
    loop {
        let jobs = server.get("/api/jobs").json();
        let job = &jobs[0];
        if job["message"]
            .as_str()
            .unwrap_or("")
            .contains("boards done")
        {
            break;
        }
        assert!(
            job["running"].as_bool().unwrap(),
            "ended before any progress: {job}"
        );
        assert!(
            begun.elapsed() < Duration::from_secs(60),
            "no progress: {job}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let r = server.send("POST", &format!("/api/jobs/{id}/cancel"), &auth, b"");
    assert_eq!(r.status, 200);
    let told = follow(&server, id);
    let last = told.last().unwrap();
    assert_eq!(last["running"], false, "{last}");
    assert_eq!(last["cancelled"], true, "{last}");
    // The journal is kept (the output is not there yet).
    let kept: Vec<String> = walk_names(journal);
    assert!(
        kept.iter().any(|n| n == "set-solved.pbn.solving"),
        "{kept:?}"
    );
    assert!(!kept.iter().any(|n| n == "set-solved.pbn"), "{kept:?}");
    // Again: it goes on, told to the end.
    let again = server.send("POST", "/api/solve?file=dir/set.pbn", &auth, b"");
    let id = again.json()["id"].as_u64().unwrap();
    let told = follow(&server, id);
    let last = told.last().unwrap();
    assert_eq!(last["error"], serde_json::Value::Null, "{last}");
    // The boards of both runs make the set.
    let summary = last["summary"].as_str().unwrap();
    let rest = summary.strip_prefix("upload/set-solved.pbn: ").unwrap();
    let (now, rest) = rest.split_once(" board").unwrap();
    let (_, earlier) = rest.split_once(", ").unwrap();
    let earlier = earlier.strip_suffix(" more from an earlier run").unwrap();
    let total: u32 = now.parse::<u32>().unwrap() + earlier.parse::<u32>().unwrap();
    assert_eq!(total, 12, "{summary}");
    // The solved file is listed, and is what solve writes from the start.
    let listed = server.get("/api/files").text();
    assert!(listed.contains("upload/set-solved.pbn"), "{listed}");
    assert!(!listed.contains(".solving"), "{listed}");
    let downloaded = server.get("/api/convert?file=upload/set-solved.pbn&to=pbn");
    let direct = dir.path().join("direct.pbn");
    common::expect(0, &["solve", s(&set), s(&direct)]);
    assert!(downloaded.body == std::fs::read(&direct).unwrap());
}

#[test]
fn a_solve_says_what_it_did_not_solve_and_the_page_can_solve_them_all() {
    // Dealmaster Pro's file of three boards: the first two store tables
    // with counts from 2 to 6 (no floor of its, so believed and kept),
    // the third floored (each count of 6 or fewer stored as 1). The DDS
    // oracle's deals and tables.
    let boards = common::oracle(3);
    let mut text = String::from("% PBN 2.1\r\n%Creator: Dealmaster Pro\r\n");
    for (k, (number, deal, counts)) in boards.iter().enumerate() {
        let stored: String = counts
            .iter()
            .map(|&c| if k == 2 && c <= 6 { 1 } else { c })
            .map(|c| char::from_digit(c.into(), 16).unwrap())
            .collect();
        let dealer = ["N", "E", "S", "W"][(*number as usize + 3) % 4];
        text.push_str(&format!(
            "\r\n[Board \"{number}\"]\r\n[Dealer \"{dealer}\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"{deal}\"]\r\n[DoubleDummyTricks \"{stored}\"]\r\n"
        ));
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("dm.pbn"), text).unwrap();
    let server = Server::start(Some(dir.path()), &[]);
    let token = server.token.clone();
    let auth = [("X-Boardfile-Token", token.as_str())];
    // The board's hand record says why its table is not shown.
    let shown = server.get("/api/boards?file=dir/dm.pbn").json();
    let html = shown["boards"][2]["html"].as_str().unwrap_or_default();
    assert!(
        html.contains("the stored table is floored by its writer")
            && !html.contains("class=\"dd\""),
        "{shown}"
    );
    assert!(shown["boards"][0]["html"]
        .as_str()
        .unwrap_or_default()
        .contains("class=\"dd\""));
    // A solve: the floored board solved, the two others kept; the job
    // says both, and how many were kept.
    let started = server.send("POST", "/api/solve?file=dir/dm.pbn", &auth, b"");
    assert_eq!(started.status, 200, "{}", started.text());
    let told = follow(&server, started.json()["id"].as_u64().unwrap());
    let last = told.last().unwrap();
    assert_eq!(last["error"], serde_json::Value::Null, "{last}");
    assert_eq!(last["kept"], 2, "{last}");
    let notes: Vec<&str> = last["notes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|n| n.as_str())
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("1 board stored a table not to be believed")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("2 boards kept the table they stored")),
        "{notes:?}"
    );
    assert!(
        last["summary"].as_str().unwrap().contains("1 board solved"),
        "{last}"
    );
    // "Solve them all": force, every board solved.
    let all = server.send("POST", "/api/solve?file=dir/dm.pbn&force=true", &auth, b"");
    assert_eq!(all.status, 200, "{}", all.text());
    let told = follow(&server, all.json()["id"].as_u64().unwrap());
    let last = told.last().unwrap();
    assert_eq!(last["kept"], 0, "{last}");
    assert!(
        last["summary"]
            .as_str()
            .unwrap()
            .contains("3 boards solved"),
        "{last}"
    );
}

#[test]
fn files_of_one_stem_in_two_folders_solve_into_two_files() {
    // dir/a/set.pbn and dir/b/set.pbn, dealt differently, and an upload
    // already called set-solved.pbn: each solve has a file of its own,
    // what `boardfile solve` writes from its own input, and the upload is
    // left as it was.
    let dir = tempfile::tempdir().unwrap();
    let sets: Vec<PathBuf> = ["a", "b"]
        .iter()
        .zip(["a1", "b2"])
        .map(|(folder, seed)| {
            std::fs::create_dir(dir.path().join(folder)).unwrap();
            let set = dir.path().join(folder).join("set.pbn");
            common::expect(0, &["deal", s(&set), "--boards", "2", "--seed", seed]);
            set
        })
        .collect();
    let server = Server::start(Some(dir.path()), &[]);
    let token = server.token.clone();
    let auth = [("X-Boardfile-Token", token.as_str())];
    let upload = b"% not a solve\n";
    let r = server.send("POST", "/api/upload?name=set-solved.pbn", &auth, upload);
    assert_eq!(r.status, 200, "{}", r.text());
    let mut outputs = Vec::new();
    for (folder, set) in ["a", "b"].iter().zip(&sets) {
        let started = server.send(
            "POST",
            &format!("/api/solve?file=dir/{folder}/set.pbn"),
            &auth,
            b"",
        );
        assert_eq!(started.status, 200, "{}", started.text());
        let output = started.json()["output"].as_str().unwrap().to_string();
        let told = follow(&server, started.json()["id"].as_u64().unwrap());
        let last = told.last().unwrap();
        assert_eq!(last["error"], serde_json::Value::Null, "{last}");
        let query = output
            .replace(' ', "%20")
            .replace('(', "%28")
            .replace(')', "%29");
        let downloaded = server.get(&format!("/api/convert?file={query}&to=pbn"));
        let direct = dir.path().join(format!("direct-{folder}.pbn"));
        common::expect(0, &["solve", s(set), s(&direct)]);
        assert!(
            downloaded.body == std::fs::read(&direct).unwrap(),
            "{output}"
        );
        outputs.push(output);
    }
    assert_ne!(outputs[0], outputs[1]);
    assert!(
        outputs.iter().all(|o| o != "upload/set-solved.pbn"),
        "{outputs:?}"
    );
    // The upload's bytes, as sent.
    let scratch = std::fs::read_dir(server.tmp.as_path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.join("set-solved.pbn").is_file())
        .expect("the private folder");
    assert_eq!(
        std::fs::read(scratch.join("set-solved.pbn")).unwrap(),
        upload
    );
}

#[test]
fn a_deal_by_script_counts_its_boards_and_places_a_script_error() {
    let server = Server::start(None, &[]);
    // A practice-bidding script from ../shared/data/dealer.
    let script = std::fs::read_to_string(common::shared(
        "dealer/ADavidBailey+Practice-Bidding-Scenarios/1N.dlr",
    ))
    .unwrap();
    let body = serde_json::json!({"boards": 32, "seed": "1", "script": script});
    let r = server.post_json("/api/deal", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let id = r.json()["id"].as_u64().unwrap();
    let last = follow(&server, id).pop().unwrap();
    assert_eq!(last["error"], serde_json::Value::Null, "{last}");
    let summary = last["summary"].as_str().unwrap();
    assert!(summary.starts_with("32 boards from "), "{summary}");
    let output = last["output"].as_str().unwrap();
    let boards = server.get(&format!("/api/boards?file={output}&count=100"));
    assert_eq!(boards.json()["boards"].as_array().unwrap().len(), 32);
    // A script with an error on its second line, at column 12.
    let body = serde_json::json!({"boards": 4, "script": "produce 4\ncondition hcp(north) >=\n"});
    let r = server.post_json("/api/deal", &body);
    let id = r.json()["id"].as_u64().unwrap();
    let last = follow(&server, id).pop().unwrap();
    let error = last["error"].as_str().unwrap();
    assert!(error.starts_with("script:"), "{error}");
    assert!(
        error.contains("line 2") || error.starts_with("script:2:"),
        "{error}"
    );
}

#[test]
fn a_tournament_set_without_an_owner_is_refused_in_the_pages_words() {
    let server = Server::start(None, &[]);
    for owner in ["", "   "] {
        let body = serde_json::json!({"boards": 4, "owner": owner});
        let r = server.post_json("/api/deal", &body);
        assert_eq!(r.status, 400, "{}", r.text());
        let said = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(said.contains("give the owner's name"), "{said}");
        assert!(!said.contains("--"), "command-line words: {said}");
    }
    // No job was started: no practice set dealt in its place.
    assert_eq!(server.get("/api/jobs").json(), serde_json::json!([]));
}

#[test]
fn every_format_the_page_offers_has_an_extension() {
    let server = Server::start(None, &[]);
    let formats = server.get("/api/formats").json();
    for game in ["bridge", "othello"] {
        for f in formats[game].as_array().unwrap() {
            let e = f["extension"].as_str();
            assert!(e.is_some_and(|e| !e.is_empty() && e != "null"), "{f}");
        }
    }
    let big_deal = formats["bridge"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "BIGDEAL-CSV")
        .unwrap();
    assert_eq!(big_deal["extension"], "csv");
}

/// The names of every file under `dir`.
fn walk_names(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            if e.file_type().unwrap().is_dir() {
                todo.push(e.path());
            } else {
                found.push(e.file_name().to_string_lossy().into_owned());
            }
        }
    }
    found
}

#[test]
fn a_querys_next_pages_are_read_from_its_one_conversion() {
    // A PGN of three games in DIR: pages of one game each follow on (the
    // first, second and third game, by their index), converted once (one
    // folder of games in the private folder, the same for every page);
    // another query converts anew in its place; the file changed gives
    // its new games, not the old ones.
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let game = |white: &str| {
        format!("[Event \"e\"]\n[Black \"b\"]\n[White \"{white}\"]\n[Result \"*\"]\n\n1. f5 d6 2. c3 *\n\n")
    };
    std::fs::write(&pgn, [game("w1"), game("w2"), game("w3")].concat()).unwrap();
    let server = Server::start(Some(dir.path()), &[]);
    let folders = || -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(server.tmp.as_path())
            .unwrap()
            .flatten()
            .flat_map(|e| std::fs::read_dir(e.path()).into_iter().flatten().flatten())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".games-"))
            .collect();
        v.sort();
        v
    };
    let mut seen = Vec::new();
    for from in 0..3 {
        let page = server
            .get(&format!(
                "/api/games?file=dir/games.pgn&from={from}&count=1"
            ))
            .json();
        assert_eq!(page["total"], 3, "{page}");
        let g = &page["games"][0];
        assert_eq!(g["index"], from, "{page}");
        assert_eq!(g["white"], format!("w{}", from + 1), "{page}");
        seen.push(folders());
    }
    assert_eq!(seen[0].len(), 1, "{seen:?}");
    assert!(seen.iter().all(|f| *f == seen[0]), "{seen:?}");
    let other = server
        .get("/api/games?file=dir/games.pgn&player=w2&count=5")
        .json();
    assert_eq!(other["total"], 1, "{other}");
    let now = folders();
    assert_eq!(now.len(), 1, "{now:?}");
    assert_ne!(now, seen[0]);
    // The whole file's query again (converted again, the other's in its
    // place); then the file grows by a game: the same query reads it anew.
    let before = server
        .get("/api/games?file=dir/games.pgn&from=0&count=1")
        .json();
    assert_eq!(before["total"], 3, "{before}");
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(
        &pgn,
        [game("w1"), game("w2"), game("w3"), game("w4")].concat(),
    )
    .unwrap();
    let all = server
        .get("/api/games?file=dir/games.pgn&from=3&count=1")
        .json();
    assert_eq!(all["total"], 4, "{all}");
    assert_eq!(all["games"][0]["white"], "w4", "{all}");
}

#[test]
fn othello_games_are_found_and_positions_solved_as_edax_did() {
    let server = Server::start(Some(&common::shared("othello")), &[]);
    // Every game of WTH_2004: as many as its header says (bytes 4..8).
    let wtb = std::fs::read(common::shared("othello/WTH_2004.wtb")).unwrap();
    let in_header = u32::from_le_bytes(wtb[4..8].try_into().unwrap()) as u64;
    let all = server
        .get("/api/games?file=dir/WTH_2004.wtb&count=3")
        .json();
    assert_eq!(all["total"].as_u64(), Some(in_header), "{all}");
    assert_eq!(all["games"].as_array().unwrap().len(), 3);
    // A player's: each game has the name, black or white.
    let found = server
        .get("/api/games?file=dir/WTH_2004.wtb&player=vecchi&count=500")
        .json();
    let games = found["games"].as_array().unwrap();
    assert!(!games.is_empty() && (games.len() as u64) < in_header);
    for g in games {
        let names = format!("{} {}", g["black"], g["white"]).to_lowercase();
        assert!(names.contains("vecchi"), "{g}");
    }
    // The folder as one database.
    let db = server.get("/api/games?file=dir&year=2004&count=1").json();
    assert_eq!(db["total"].as_u64(), Some(in_header), "{db}");
    // FFO's first endgame: the moves' scores as the file gives them
    // (Edax's), whatever the order of equal ones.
    let ffo = std::fs::read_to_string(common::shared("othello/ffo/fforum-1-19.obf")).unwrap();
    let line = ffo.lines().next().unwrap();
    let (position, scores) = line.split_once(';').unwrap();
    let r = server.post_json(
        "/api/positions",
        &serde_json::json!({ "positions": [position] }),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let solved = r.json()["solved"][0].as_str().unwrap().to_string();
    let sorted = |text: &str| {
        let mut v: Vec<String> = text
            .split(';')
            .map(|m| m.trim().to_string())
            .filter(|m| !m.is_empty())
            .collect();
        v.sort();
        v
    };
    let (_, got) = solved.split_once(';').unwrap();
    assert_eq!(sorted(got), sorted(scores));
    // Too deep a position for the page: refused, not hung.
    let start = "---------------------------OX------XO--------------------------- X";
    let r = server.post_json(
        "/api/positions",
        &serde_json::json!({ "positions": [start] }),
    );
    assert_eq!(r.status, 400, "{}", r.text());
}

#[test]
fn squaredeal_verifies_the_bermuda_bowl_a_verdict_a_file() {
    let dir = common::shared("bigdeal/squaredeal");
    let server = Server::start(Some(&dir), &[]);
    let token = server.token.clone();
    let opened = server.get("/api/open?file=dir/BerBow25.sqd").json();
    assert_eq!(opened["game"], "tournament", "{opened}");
    let r = server.send(
        "POST",
        "/api/squaredeal?file=dir/BerBow25.sqd&action=verify",
        &[("X-Boardfile-Token", &token)],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let done = r.json();
    assert_eq!(done["good"], true, "{done}");
    let report: Vec<&str> = done["report"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    // The session files the folder holds (not the tournament's own two).
    let mut sessions: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("BerBow25.") && !n.starts_with("EOC2025."))
        .collect();
    sessions.sort();
    assert_eq!(sessions.len(), 17, "{sessions:?}");
    for name in &sessions {
        let verdict = format!("dir/{name}: identical (");
        assert!(
            report.iter().any(|l| l.starts_with(&verdict)),
            "{name}: {report:#?}"
        );
    }
    assert!(
        report.iter().any(|l| l.contains("17 files identical")),
        "{report:#?}"
    );
    // No path of the server's in what the page is told.
    assert!(!r.text().contains(s(&dir)), "{}", r.text());
}

#[test]
fn boards_show_their_auction_and_play_and_sets_are_chosen_renumbered_and_joined() {
    let wild = common::shared("wild/lorserker+ben");
    let server = Server::start(Some(&wild), &[]);
    // Counted in the files themselves: the boards with an auction, a play.
    for (name, auctions, plays) in [("2covercall.pbn", 16, 15), ("BW.pbn", 8, 0)] {
        let text = std::fs::read_to_string(wild.join(name)).unwrap();
        assert_eq!(text.matches("\n[Auction ").count(), auctions, "{name}");
        assert_eq!(text.matches("\n[Play ").count(), plays, "{name}");
        let page = server
            .get(&format!("/api/boards?file=dir/{name}&count=100"))
            .json();
        let boards = page["boards"].as_array().unwrap();
        let with = |what: &str| {
            boards
                .iter()
                .filter(|b| b["game"].as_str().unwrap().contains(what))
                .count()
        };
        assert_eq!(with("West    North   East    South"), auctions, "{name}");
        assert_eq!(with(" leading\n"), plays, "{name}");
    }
    drop(server);
    // Solved (into PBN, which keeps the tables, not the play's values),
    // each played board's hand record shows its play valued card by
    // card, and the text below it no second copy of the play.
    let solved = tempfile::tempdir().unwrap();
    let out = solved.path().join("2covercall-solved.pbn");
    common::expect(
        0,
        &["solve", s(&wild.join("2covercall.pbn")), s(&out), "--quiet"],
    );
    let server = Server::start(Some(solved.path()), &[]);
    let page = server
        .get("/api/boards?file=dir/2covercall-solved.pbn&count=100")
        .json();
    let boards = page["boards"].as_array().unwrap();
    let valued = boards
        .iter()
        .filter(|b| {
            b["html"]
                .as_str()
                .unwrap()
                .contains("<div class=\"play\"><p><b>Play</b> declarer ")
        })
        .count();
    assert_eq!(valued, 15, "{page:#}");
    assert!(boards
        .iter()
        .all(|b| !b["game"].as_str().unwrap().contains(" leading\n")));
    drop(server);
    // Boards chosen and renumbered: what convert writes with the same.
    let bridge = bridge_dir();
    let server = Server::start(Some(&bridge), &[]);
    let r = server.get("/api/convert?file=dir/bigdeal-2boards.pbn&to=pbn&boards=2&renumber=5");
    assert_eq!(r.status, 200, "{}", r.text());
    let dir = tempfile::tempdir().unwrap();
    let want = dir.path().join("want.pbn");
    let input = bridge.join("bigdeal-2boards.pbn");
    common::expect(
        0,
        &[
            "convert",
            s(&input),
            s(&want),
            "--boards",
            "2",
            "--renumber",
            "5",
        ],
    );
    assert!(r.body == std::fs::read(&want).unwrap());
    assert!(r.text().contains("[Board \"5\"]"), "{}", r.text());
    // Joined with itself, numbered from 1: four boards, the third the first's.
    let body = serde_json::json!({
        "files": ["dir/bigdeal-2boards.pbn", "dir/bigdeal-2boards.pbn"],
        "renumber": 1
    });
    let r = server.post_json("/api/join", &body);
    assert_eq!(r.status, 200, "{}", r.text());
    let id = r.json()["id"].as_str().unwrap().to_string();
    let page = server.get(&format!("/api/boards?file={id}")).json();
    let boards = page["boards"].as_array().unwrap();
    let numbers: Vec<u64> = boards
        .iter()
        .map(|b| b["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
    // The four hands (the compass differs: board 3's dealer and
    // vulnerability are its number's).
    let hands = |b: &serde_json::Value| {
        let html = b["html"].as_str().unwrap();
        ["north", "west", "east", "south"].map(|seat| {
            let at = html.find(&format!("<div class=\"hand {seat}\">")).unwrap();
            let end = at + html[at..].find("</div>").unwrap();
            html[at..end].to_string()
        })
    };
    assert_eq!(hands(&boards[0]), hands(&boards[2]));
}

#[test]
fn sigterm_and_sighup_stop_it_cleanly_too() {
    for signal in [libc::SIGTERM, libc::SIGHUP] {
        let mut server = Server::start(None, &[]);
        let token = server.token.clone();
        let r = server.send(
            "POST",
            "/api/upload?name=a.pbn",
            &[("X-Boardfile-Token", &token)],
            b"[Board \"1\"]\n",
        );
        assert_eq!(r.status, 200);
        assert!(!server.leftovers().is_empty());
        assert_eq!(server.signal(signal), 0, "signal {signal}");
        assert!(server.leftovers().is_empty(), "{:?}", server.leftovers());
    }
}

#[test]
fn ctrl_c_while_a_solve_runs_and_the_page_follows_it_stops_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("set.pbn");
    common::expect(0, &["deal", s(&set), "--boards", "40", "--seed", "c7"]);
    let mut server = Server::start(Some(dir.path()), &[]);
    let token = server.token.clone();
    let started = server.send(
        "POST",
        "/api/solve?file=dir/set.pbn",
        &[("X-Boardfile-Token", &token)],
        b"",
    );
    let id = started.json()["id"].as_u64().unwrap();
    // The page's event stream, held open on a thread.
    let (port, host) = (server.port, server.host());
    let follower = std::thread::spawn(move || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "GET /api/jobs/{id}/events HTTP/1.1\r\nHost: {host}\r\nX-Boardfile-Token: {token}\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).unwrap();
        let mut seen = Vec::new();
        let _ = stream.read_to_end(&mut seen);
        String::from_utf8_lossy(&seen).into_owned()
    });
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(server.interrupt(), 0);
    // The stream was told the end; nothing is left on disk.
    let seen = follower.join().unwrap();
    assert!(seen.contains("\"running\":false"), "{seen}");
    assert!(server.leftovers().is_empty(), "{:?}", server.leftovers());
}
