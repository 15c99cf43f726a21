"""One request, three front ends: seeded random requests over value and moves,
every ruleset `grundy games` lists and every outcome rule, each asked of the
command line (--format json), of a `grundy serve` started here (/api/...) and
of the Python module. They must say the same: the same outcome, value and
method, for moves the same moves with the same results, values and winning
flags; and where one refuses, all refuse alike (exit 2 / HTTP 400 / ValueError
for bad input, exit 3 / HTTP 413 / grundy.LimitError for a limit)."""
import functools
import json
import random
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

import grundy
from conftest import CLI, REFUSED, as_int, cli_message, python_words, run_cli

# Rulesets with options, by the name `grundy games` lists, each with the pile
# counts its positions draw from (a count it refuses is a bad-input draw).
RULES = {
    "nim": (["nim"], (1, 4)),
    "sharing": (["sharing", "sharing:piles=4", "sharing:graph=0>1/1>2/2>0"], (2, 4)),
    "kim": (["kim", "kim:reading=R2"], (1, 4)),
    "subtraction": (["subtraction:1,3,4", "subtraction:2,5"], (1, 3)),
    "split": (["split", "split:parts=2"], (1, 3)),
    "tb": (["tb:0.77", "tb:0.137"], (1, 3)),
    "grundy-game": (["grundy-game"], (1, 3)),
}

# (command-line flags, query, Python keywords) of each outcome rule
OUTCOMES = [
    ([], {}, {}),
    (["--misere"], {"misere": "1"}, {"outcome": "misere"}),
    (["--players", "3"], {"players": "3"}, {"players": 3}),
    (["--block", "1"], {"block": "1"}, {"block": 1}),
    (["--block-position", "1"], {"block-position": "1"}, {"block_position": 1}),
]

DRAWS = 60


def draws():
    """The seeded requests: (verb, rules, position, outcome index, winning)."""
    rnd = random.Random(2027)
    names = sorted(RULES)
    for _ in range(DRAWS):
        verb = rnd.choice(["value", "moves"])
        specs, (lo, hi) = RULES[rnd.choice(names)]
        rules = rnd.choice(specs)
        n = 4 if "piles=4" in rules else rnd.randint(lo, hi)
        pos = [rnd.randint(0, 9) for _ in range(n)]
        far = rnd.random()
        if far < 0.08:
            pos[0] = 10 ** rnd.randint(20, 40) + rnd.randint(0, 9)   # past any search: a closed form or nothing
        elif far < 0.18:
            pos[0] = 10 ** rnd.randint(6, 12) + rnd.randint(0, 9)    # a closed form, a period or a limit
        oc = rnd.randrange(len(OUTCOMES))
        yield verb, rules, tuple(pos), oc, verb == "moves" and rnd.random() < 0.3


CASES = list(draws())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A `grundy serve` on a free port of 127.0.0.1 (started as root it runs
    as nobody, as it does for tests/cli_serve_same.sh); stopped at the end."""
    err = tmp_path_factory.mktemp("serve") / "serve.err"
    with open(err, "w") as f:
        proc = subprocess.Popen([CLI, "serve", "--port", "0", "--threads", "2", "--workers", "1"],
                                stdout=subprocess.DEVNULL, stderr=f)
    try:
        base = None
        for _ in range(100):
            text = err.read_text()
            if "serving on" in text:
                base = text.split("serving on ", 1)[1].split()[0]
                break
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        assert base, f"server did not start: {err.read_text()}"
        yield base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@functools.lru_cache(maxsize=None)
def ask_cli(verb, rules, pos, oc, winning):
    """('ok', JSON) or (exit status, message)."""
    args = [verb, rules, *pos, *OUTCOMES[oc][0], *(["--winning"] if winning else []), "--format", "json"]
    rc, out, err = run_cli(*args)
    if rc == 0:
        return "ok", json.loads(out)
    return rc, cli_message(err)


HTTP_STATUS = {400: 2, 413: REFUSED}     # the command line's exit status of each


def ask_api(base, verb, rules, pos, oc, winning):
    """('ok', JSON) or (the command line's exit status for the HTTP status, message)."""
    query = {"rules": rules, "pos": ",".join(map(str, pos)), **OUTCOMES[oc][1]}
    if winning:
        query["winning"] = "1"
    url = f"{base}api/{verb}?{urllib.parse.urlencode(query)}"
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return "ok", json.loads(r.read())
    except urllib.error.HTTPError as e:
        body = json.loads(e.read())
        return HTTP_STATUS.get(e.code, f"HTTP {e.code}"), body["error"]


def ask_python(verb, rules, pos, oc, winning):
    """('ok', the module's answer) or (the command line's exit status for the exception, message)."""
    kw = dict(OUTCOMES[oc][2])
    if winning:
        kw["winning"] = True
    try:
        return "ok", (grundy.value if verb == "value" else grundy.moves)(rules, list(pos), **kw)
    except grundy.LimitError as e:
        return REFUSED, str(e)
    except (ValueError, TypeError) as e:
        return 2, str(e)


def value_fields(j):
    """What a value answer says, from its JSON."""
    return j["outcome"], as_int(j["value"]), j["method"], "note" in j


def moves_fields(j):
    """What a moves answer says, from its JSON: the set of moves with their
    results, values and winning flags, and what stands beside them."""
    moves = {(m["kind"], m["from"], m.get("to"), as_int(m["amount"]), tuple(as_int(x) for x in m["result"]),
              m["outcome"], as_int(m["value"]), m["winning"]) for m in j["moves"]}
    return (moves, len(j["moves"]), j["outcome"], as_int(j["value"]), j["listed"], as_int(j["total_moves"]),
            j["method"], j.get("blocking"))


def python_value_fields(v):
    return v.outcome, v.value, v.method, v.note is not None


def python_moves_fields(ms, outcome):
    moves = {(m.kind, m.source, m.target, m.amount, tuple(m.result), m.outcome, m.value, m.winning) for m in ms}
    # the module's Moves carries no outcome/value of the position itself: the
    # command line's are checked against value() instead
    return (moves, len(ms), *outcome, ms.listed, ms.total_moves, ms.method, ms.blocking)


@pytest.mark.parametrize("verb,rules,pos,oc,winning", CASES,
                         ids=[f"{i}-{c[0]}-{c[1]}-{'_'.join(OUTCOMES[c[3]][0]) or 'normal'}"
                              for i, c in enumerate(CASES)])
def test_same_answer(server, verb, rules, pos, oc, winning):
    cli = ask_cli(verb, rules, pos, oc, winning)
    api = ask_api(server, verb, rules, pos, oc, winning)
    py = ask_python(verb, rules, pos, oc, winning)
    assert cli[0] in ("ok", 2, REFUSED), cli
    # the same class of answer from each: answered, bad input or refused
    assert (cli[0], api[0], py[0]) == (cli[0],) * 3, (cli, api, py)
    if cli[0] == 2:
        # bad input: one message, in each front end's words for its knobs
        assert api[1] == cli[1]
        assert py[1] == python_words(cli[1])
        return
    if cli[0] == REFUSED:
        # the limits are each front end's own: the message agrees up to them
        assert api[1].split("limits")[0] == cli[1].split("limits")[0]
        assert py[1].split("limits")[0] == python_words(cli[1]).split("limits")[0]
        return
    fields = value_fields if verb == "value" else moves_fields
    assert fields(api[1]) == fields(cli[1])
    if verb == "value":
        assert python_value_fields(py[1]) == value_fields(cli[1])
    else:
        position = grundy.value(rules, list(pos), **OUTCOMES[oc][2])
        assert python_moves_fields(py[1], (position.outcome, position.value)) == moves_fields(cli[1])


def test_draws_reach_every_kind():
    """Most draws are answered, they reach every verb, ruleset and outcome rule
    (every ruleset `grundy games` lists is among them), and some are refused
    as bad input and some by a limit, so that both refusals are compared."""
    listed = {g["name"] for g in json.loads(run_cli("games", "--format", "json")[1])}
    assert listed == set(RULES)
    assert len(CASES) == DRAWS
    kinds = [ask_cli(*c)[0] for c in CASES]     # (each front end answers as it does)
    assert kinds.count(2) >= 3 and kinds.count(REFUSED) >= 2, kinds
    answered = [c for c, k in zip(CASES, kinds) if k == "ok"]
    assert len(answered) >= 0.7 * DRAWS, f"{len(answered)} of {DRAWS} answered"
    assert {a[0] for a in answered} == {"value", "moves"}
    assert {grundy.Game(a[1]).name for a in answered} == listed
    assert {a[3] for a in answered} == set(range(len(OUTCOMES)))


# ---- seq: the command line's JSON, the API's and the module's Values ----

def seq_draws():
    """Seeded sequences: (rules, n, start, extra (flag, query key, keyword, value) or None, method)."""
    rnd = random.Random(2054)
    rules = ["nim", "tb:0.07", "tb:0.137", "tb:0.77", "tb:0.161", "subtraction:1,3,4", "sharing", "grundy-game"]
    for _ in range(30):
        rs = rnd.choice(rules)
        n = rnd.choice([0, 7, 60, 300, 2000, 60000]) if rs != "sharing" else rnd.choice([0, 20, 150])
        if n == 60000 and rs not in ("tb:0.161", "grundy-game"):
            n = 20000     # the sparse method's codes only: the others' O(N^2) within the server's 10 s
        start = rnd.randint(0, n) if rnd.random() < 0.4 else 0
        extra = None
        if rs.startswith("subtraction") and rnd.random() < 0.5:
            extra = ("players", rnd.choice([3, 4]))
        elif rs == "sharing" and rnd.random() < 0.6:
            extra = (rnd.choice(["row", "diagonal"]), rnd.randint(0, 9))
        method = rnd.choice([None, None, "fast", "sparse"]) if extra is None and rs != "sharing" else None
        if method == "fast" and n > 2000:
            method = None
        yield rs, n, start, extra, method


SEQ_CASES = list(seq_draws())


def seq_from_json(j):
    """The numbers of a seq answer: values, or the classes of m players."""
    return j.get("values", j.get("classes")), j["from"]


@pytest.mark.parametrize("rules,n,start,extra,method", SEQ_CASES,
                         ids=[f"{i}-{c[0]}-{c[1]}" for i, c in enumerate(SEQ_CASES)])
def test_same_sequence(server, rules, n, start, extra, method):
    args = ["seq", rules, "--to", n, "--from", start, "--format", "json"]
    query = {"rules": rules, "to": n, "from": start}
    kw = {"start": start}
    if extra:
        args += [f"--{extra[0]}", extra[1]]
        query[extra[0]] = extra[1]
        kw[extra[0]] = extra[1]
    if method:
        args += ["--method", method]
        query["method"] = method
        kw["method"] = method
    rc, out, err = run_cli(*args)
    try:
        with urllib.request.urlopen(f"{server}api/seq?{urllib.parse.urlencode(query)}", timeout=60) as r:
            api = ("ok", r.read().decode())
    except urllib.error.HTTPError as e:
        api = (HTTP_STATUS.get(e.code, e.code), json.loads(e.read())["error"])
    try:
        py = ("ok", grundy.seq(rules, n, **kw))
    except grundy.LimitError as e:
        py = (REFUSED, str(e))
    except ValueError as e:
        py = (2, str(e))
    if rc != 0:
        assert (api[0], py[0]) == (rc, rc), (cli_message(err), api, py)
        return
    assert api == ("ok", out), (api, out)
    values, first = seq_from_json(json.loads(out))
    got = py[1]
    assert py[0] == "ok", py
    assert (list(got), got.start) == (values, first)
    if "method" in json.loads(out):
        assert got.method == json.loads(out)["method"]


def test_seq_draws_reach_every_maker():
    """The draws reach the nim-sequence methods (the policy's sparse one
    included), sharing rows and diagonals, and m players."""
    kinds = set()
    for rules, n, start, extra, method in SEQ_CASES:
        j = json.loads(run_cli("seq", rules, "--to", n, "--format", "json",
                               *([f"--{extra[0]}", extra[1]] if extra else []),
                               *(["--method", method] if method else []))[1] or "{}")
        kinds.add(j.get("method") or ("players" in j and "players") or ("row" in j and "row")
                  or ("diagonal" in j and "diagonal"))
    assert {"fast", "sparse", "players", "row", "diagonal"} <= kinds, kinds


# ---- table: the command line's JSON, the API's and the module's square ----

TABLE_CASES = [(0, None, None), (7, None, None), (60, "simple", None), (150, None, None), (400, None, None),
               (9, None, "misere"), (5, None, "players=3"), (200, "simple", None), (4, "bogus", None),
               (3, None, "block=1")]


@pytest.mark.parametrize("n,method,outcome", TABLE_CASES, ids=[f"{c[0]}-{c[1]}-{c[2]}" for c in TABLE_CASES])
def test_same_table(server, n, method, outcome):
    args = ["table", "sharing", "--max", n, "--format", "json"]
    query = {"rules": "sharing", "max": n}
    if method:
        args += ["--method", method]
        query["method"] = method
    if outcome:
        key, _, v = outcome.partition("=")
        args += [f"--{key}", *([v] if v else [])]
        query[key] = v or "1"
    rc, out, err = run_cli(*args)
    try:
        with urllib.request.urlopen(f"{server}api/table?{urllib.parse.urlencode(query)}", timeout=60) as r:
            api = ("ok", r.read().decode())
    except urllib.error.HTTPError as e:
        api = (HTTP_STATUS.get(e.code, e.code), json.loads(e.read())["error"])
    if rc != 0:
        assert api[0] == rc, (cli_message(err), api)
        # the same message but for the key's name: "--method bogus", "method bogus"
        assert api[1].split(" ", 1)[1] == cli_message(err).split(" ", 1)[1]
        return
    assert api == ("ok", out)
    if outcome:
        return      # the module's table holds values, not classes
    rows = json.loads(out)["rows"]
    t = grundy.table("sharing", n)
    assert t.shape == (n + 1, n + 1)
    assert all(t[a][b] == rows[b][a] and t[b][a] == rows[b][a] for b in range(n + 1) for a in range(b + 1))
