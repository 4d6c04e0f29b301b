"""Issue 41: the phone of a card whose win was withdrawn says so (an undo took away the ball of its
bingo, or the host took it back), through the server's real card feed; the card may be claimed
again. The texts exist in both languages of the phone page."""

from __future__ import annotations

from pathlib import Path

from test_phone_verdicts import at, claim, scenario, until

from bingo.web.follow import claim_state

ROOT = Path(__file__).resolve().parent.parent


def record_and_confirm(show, claim_id: str) -> None:
    """What the show does when the host answers yes: the winner in the journal, then the verdict."""
    count = len(show.session.history)
    show.session.record_winner(7, count, bingo_ball=count, claim_ball=count)
    show.verdict(claim_id, "bingo")


def verdict_of(message) -> str | None:
    return (message["card"]["claim"] or {}).get("verdict")


def test_an_undo_of_the_ball_of_the_bingo_tells_the_phone_its_win_was_withdrawn(tmp_path):
    async def steps(show, client, ws):
        show.land(1, 11, 21, 31)
        await until(ws, at(4))
        claim_id = await claim(client)
        record_and_confirm(show, claim_id)
        await until(ws, lambda m: verdict_of(m) == "bingo")
        show.undo()  # the session withdraws the winner: its bingo came with ball 4
        assert show.session.winners == []
        gone = (await until(ws, lambda m: verdict_of(m) == "withdrawn"))["card"]
        assert gone["count"] == 3  # never before the undo is on the board
        assert gone["claim"]["reason"] == "undo" and gone["claim"]["id"] == claim_id
        assert gone["verdict"] == "reach" and gone["claim_button"] == "quiet"
        show.land(31)  # its bingo again: it may claim again
        again = (await until(ws, lambda m: m["board"]["count"] == 4 and m["card"]["bingo"]))["card"]
        assert again["claim"]["verdict"] == "withdrawn" and again["claim_button"] == "ready"

    scenario(tmp_path, steps)


def test_a_win_the_host_takes_back_is_withdrawn_on_the_phone_without_a_new_ball(tmp_path):
    async def steps(show, client, ws):
        show.land(1, 11, 21, 31)
        await until(ws, at(4))
        claim_id = await claim(client)
        record_and_confirm(show, claim_id)
        await until(ws, lambda m: verdict_of(m) == "bingo")
        show.session.withdraw_winner(7)  # nothing else changes: the feed still tells it
        gone = (await until(ws, lambda m: verdict_of(m) == "withdrawn"))["card"]
        assert gone["claim"]["reason"] == "host" and gone["count"] == 4
        assert gone["claim_button"] == "ready"  # still a bingo: it may be claimed again
        record_and_confirm(show, claim_id)  # checked again and recorded: withdrawn no more
        back = await until(ws, lambda m: verdict_of(m) == "bingo")
        assert back["card"]["claim"]["id"] == claim_id and back["card"]["claim_button"] == "off"

    scenario(tmp_path, steps)


def test_claim_state_reads_a_withdrawn_win():
    bingo = {"count": 4, "bingo": True}
    reach = {"count": 3, "bingo": False}
    said = {"verdict": "bingo", "count": 4}
    state = claim_state(reach, "c", "t", said, False, "undo")
    assert state["claim"] == {"id": "c", "time": "t", "verdict": "withdrawn", "reason": "undo"}
    assert state["claim_button"] == "quiet"
    assert claim_state(bingo, "c", "t", said, True, "host")["claim_button"] == "ready"
    refused = {"verdict": "not_bingo", "count": 3}  # only a win can be withdrawn
    assert claim_state(reach, "c", "t", refused, True, "host")["claim"]["verdict"] == "not_bingo"
    assert claim_state(bingo, "c", "t", None, False, "host")["claim"]["verdict"] is None


def test_the_phone_page_says_withdrawn_in_both_languages():
    script = (ROOT / "bingo" / "web" / "static" / "app.js").read_text(encoding="utf-8")
    for key in ("claim_withdrawn_undo", "claim_withdrawn_host"):
        assert script.count(f"{key}:") == 2  # ja and en
    assert 'claim.verdict === "withdrawn"' in script
    assert "当選は取り消されました" in script and "Your win was withdrawn" in script
