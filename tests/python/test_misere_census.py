"""misere() and census(): the answer layer's misere and census verbs, the
same values as `grundy misere` and `grundy census --format json`, and the
same refusals worded with Python's keywords."""
import pytest

import grundy
from conftest import cli_json

KAYLES = "tb:0.77"
DAWSON = "tb:0.07"


def without(d, *keys):
    return {k: v for k, v in d.items() if k not in keys}


def test_kayles_quotient():
    # docs/misere.md: order 40, |P| = 9 from heap 27, grown at these heaps
    q = grundy.misere(KAYLES, 30)
    assert (q["order"], q["p_count"], q["heaps"]) == (40, 9, 30)
    assert q["changes"] == [1, 2, 5, 9, 12, 25, 27]
    assert q["generators"] == [1, 2, 5, 9, 12, 25, 27]
    assert q["relations"][0] == "a^2 = 1"
    assert len(q["p_portion"]) == 9 and sum(q["p"]) == 9 and len(q["elements"]) == 40
    assert len(q["mul"]) == 40 and all(len(r) == 40 for r in q["mul"])
    cli = cli_json("misere", KAYLES, "--quotient", "--to", 30, "--format", "json")
    assert without(q, "seconds", "p_portion") == without(cli, "seconds")


def test_misere_nim_quotient():
    q = grundy.misere("nim", 7)
    assert (q["order"], q["p_count"], q["generators"]) == (10, 2, [1, 2, 4])
    # phi is a homomorphism image: heap 0 is the identity, whose row is the elements in order
    assert q["mul"][q["phi"][0]] == list(range(10))


def test_kayles_genus():
    g = grundy.misere(KAYLES, 9, genus=True)
    assert [h["genus"] for h in g["heaps"]] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146", "3^31",
                                                "2^20", "1^13", "4^046"]
    assert g["first_not_tame"] == 5 and g["terms"] == 6
    k5 = g["heaps"][5]
    assert (k5["g"], k5["lambda"], k5["tame"]) == (4, [1, 4, 6, 4, 6, 4], False)
    assert g == cli_json("misere", KAYLES, "--genus", "--to", 9, "--format", "json")
    assert grundy.misere(KAYLES, 4, genus=True, terms=4)["heaps"][3]["lambda"] == [3, 1, 3, 1]


def test_verify_save_and_resume(tmp_path):
    v = grundy.misere(DAWSON, 14, verify=8)
    assert v["verified"] and v["checked"] == 219 and v["verify_bound"] == 8
    assert (v["order"], v["p_count"]) == (24, 5)
    saved = tmp_path / "dk.q"
    part = grundy.misere(DAWSON, 10, out=saved)
    assert saved.exists() and part["heaps"] == 10
    resumed = grundy.misere(DAWSON, 20, resume=str(saved))
    fresh = grundy.misere(DAWSON, 20)
    assert without(resumed, "seconds") == without(fresh, "seconds")
    # the saved file answers value() as the command line's --quotient does
    assert grundy.value(DAWSON, [9, 10], "misere", quotient=str(saved)).quotient["heaps"] == 10


@pytest.mark.parametrize("kw,message", [
    (dict(to=5000), "to=5000 is past 4096, the largest heap the misere tools take"),
    (dict(to=-1), "to=-1: expected an integer from 0 to 1000000000"),
    (dict(to=5, genus=True, verify=3), "out=, resume= and verify= go with a quotient, not genus=True"),
    (dict(to=5, terms=9), "terms=9: expected an integer from 4 to 8"),
    (dict(to=5, out="/nonexistent-dir/x.q"), "out=/nonexistent-dir/x.q: cannot write there"),
])
def test_misere_refusals(kw, message):
    to = kw.pop("to")
    with pytest.raises(ValueError) as e:
        grundy.misere(KAYLES, to, **kw)
    assert message in str(e.value)


def test_misere_limit():
    with pytest.raises(grundy.LimitError):
        grundy.misere(DAWSON, 33, max_seconds=0.05)


def test_census_rows_equal_the_command_line(tmp_path):
    c = grundy.census([".07", "0.137", "tb:0.16"], 2000, tmp_path / "py", threads=1)
    cli = cli_json("census", ".07", "0.137", "tb:0.16", "--to", 2000, "--dir", tmp_path / "cli", "--threads", 1,
                   "--format", "json")
    volatile = ("computed", "seconds")
    assert [without(r, *volatile) for r in c["codes"]] == [without(r, *volatile) for r in cli["codes"]]
    assert c["to"] == 2000 and c["dir"] == str(tmp_path / "py") and c["claims"] == cli["claims"]
    dawson = c["codes"][0]
    # Dawson's Kayles: period 34 from heap 53, certified at heap 175
    assert (dawson["code"], dawson["rules"], dawson["status"]) == (".07", "tb:0.07", "certified")
    assert (dawson["period"], dawson["preperiod"], dawson["certified_at"]) == (34, 53, 175)
    assert (dawson["n"], dawson["largest"], dawson["largest_at"], dawson["computed"]) == (2000, 9, 86, 2001)
    assert c["codes"][2]["status"] == "reached" and "period" not in c["codes"][2]
    # the folder read back, computing nothing; the same call again computes nothing
    again = grundy.census(None, 2000, str(tmp_path / "py"), report=True)
    assert [without(r, *volatile) for r in again["codes"]] == [without(r, *volatile) for r in c["codes"]]
    assert all(r["computed"] == 0 for r in grundy.census(None, 2000, tmp_path / "py")["codes"])


def test_census_groups_and_claims(tmp_path):
    # .161 and .36 are one game by Flammenkamp's table (equal here); .27 and
    # .06 by Winning Ways' game locator, which the census finds differ at heap 2
    c = grundy.census([".27", ".06", ".161", ".36"], 500, tmp_path, threads=1)
    assert [r.get("same_as") for r in c["codes"]] == [None, None, ".161", ".161"]
    assert c["claims"] == [
        {"codes": (".161", ".36"), "source": "Flammenkamp's table", "same": True, "to": 500},
        {"codes": (".27", ".06"), "source": "Winning Ways' game locator", "same": False, "first_difference": 2,
         "values": (1, 0)}]
    assert (c["codes"][0]["period"], c["codes"][0]["preperiod"]) == (4, 1)


@pytest.mark.parametrize("args,kw,exc,message", [
    (["0.9"], {}, ValueError, "census: the sparse engine does not take 0.9"),
    ([".07"], dict(threads=0), ValueError, "threads=0: expected an integer from 1 to 4096"),
    ([".07"], dict(digits=4), ValueError, "digits=4: expected an integer from 1 to 3"),
    ([b".07"], {}, TypeError, "codes: expected str, not bytes"),
])
def test_census_refusals(tmp_path, args, kw, exc, message):
    with pytest.raises(exc) as e:
        grundy.census(args, 10, tmp_path, **kw)
    assert message in str(e.value)
    with pytest.raises(ValueError, match="to=0: expected an integer from 1 to 4294967294"):
        grundy.census(".07", 0, tmp_path)
