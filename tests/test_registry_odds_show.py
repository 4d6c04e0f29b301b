"""With `bingo draw --registry`, the odds the room sees are about the registered cards, and
`bingo prob --registry --numbers ... --json` prints the same figures."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from test_registry_odds import random_cards

from bingo import probability as prob
from bingo.cli import main
from bingo.config import load_config
from bingo.session import DrawSession
from bingo.ui import odds_jobs
from bingo.ui.display import DisplayWindow
from bingo.ui.odds import OddsService
from bingo.ui.odds_panel import percent
from bingo.ui.operator import OperatorWindow
from cards.check import load_registry_for, registry_stats
from cards.registry import write_registry


@pytest.fixture
def config(repo_root):
    base = load_config(repo_root / "config.toml")  # 4x4, 10 numbers per column, 4 connected
    return dataclasses.replace(
        base, display=dataclasses.replace(base.display, spin_seconds=0.2, sound=False)
    )


@pytest.fixture
def registry_path(tmp_path, config):
    b = config.board
    path = tmp_path / "cards.csv"
    write_registry(path, random_cards(60, b.size, b.numbers_per_column, b.free_center, seed=60))
    return path


def board_of(config):
    b = config.board
    return (b.size, b.numbers_per_column, b.threshold, b.free_center)


def prob_json(config, registry_path, numbers, capsys) -> dict:
    capsys.readouterr()
    args = ["prob", "--config", str(config.path), "--registry", str(registry_path), "--json"]
    assert main([*args, "--numbers", ",".join(str(n) for n in numbers)]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_odds_job_gives_the_registered_cards_figures_not_random_cards(
    config, registry_path, capsys
):
    """What today's code got wrong: with a registry the tiles showed random-card figures."""
    cards = load_registry_for(config, registry_path)
    board = board_of(config)
    odds_jobs.init(list(cards.values()), in_worker_process=False)
    try:
        order = random.Random(4).sample(range(1, 41), 40)
        for t in (0, 4, 9, 14):
            called = order[:t]
            stats, registry, errors, _ = odds_jobs.stats(
                "bingo.probability", frozenset(called), board, len(cards), True
            )
            assert errors == []
            shown = prob_json(config, registry_path, called, capsys)
            numerator, pool = shown["p_new_bingo_next_fraction"]
            assert stats.p_any_new_bingo == shown["p_new_bingo_next"] == numerator / pool
            assert stats.expected_new_bingos == shown["expected_new_bingos_next"]
            assert stats.p_bingo_now == shown["cards_with_bingo"] / 60
            random_cards_figure = prob.next_draw_stats(
                [sum(1 for n in called if (n - 1) // 10 == c) for c in range(4)],
                *board,
                cards=60,
            ).p_any_new_bingo
            if t == 4:
                assert stats.p_any_new_bingo != pytest.approx(random_cards_figure, abs=0.01)
            # the counts line and the bingo alert: the card check's own verdicts
            assert registry == registry_stats(cards.values(), called, config.board.threshold)
        for t in (0, 4, 9, 14):
            called = order[:t]
            shown = prob_json(config, registry_path, called, capsys)
            curve = odds_jobs.registry_curve(frozenset(called), board)
            assert curve.p_any[t + 1] == shown["p_new_bingo_next"]
            assert [float(p) for p in curve.p_any[t:]] == shown["curve"]["p"]
    finally:
        odds_jobs.init(None, in_worker_process=False)


def open_show(qtbot, session, config, registry, size=(1280, 720)) -> DisplayWindow:
    window = DisplayWindow(
        session,
        config,
        registry=registry,
        probability_module="bingo.probability",
        odds_mode="thread",
    )
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.start_background_work()
    return window


def land(window) -> None:
    window.controller.draw()
    window.controller.land_now()


def wait_for_odds(qtbot, window) -> None:
    """Until the panel shows the odds and the curve of exactly the numbers on screen."""
    revealed = frozenset(window.controller.revealed)
    panel = window.odds_panel
    qtbot.waitUntil(
        lambda: (
            panel.result is not None
            and panel.result.drawn == revealed
            and panel.shown_curve() is not None
        ),
        timeout=60000,
    )


def test_the_show_tiles_and_curve_agree_with_bingo_prob_json(
    qtbot, config, registry_path, capsys, output_dir
):
    registry = load_registry_for(config, registry_path)
    session = DrawSession.open(config, registry_path.parent / "j.jsonl", seed=5)
    window = open_show(qtbot, session, config, registry, size=(1024, 768))
    panel = window.odds_panel
    operator = OperatorWindow(window)  # the host's statistics read the same panel
    qtbot.addWidget(operator)
    seen_first = seen_next = False
    for _ in range(16):
        land(window)
        wait_for_odds(qtbot, window)
        history = list(session.history)
        shown = prob_json(config, registry_path, history, capsys)
        stats = panel.result.stats
        # the three tiles: the registered cards' exact figures, as `bingo prob` prints them
        assert stats.p_any_new_bingo == shown["p_new_bingo_next"]
        assert stats.expected_new_bingos == shown["expected_new_bingos_next"]
        assert panel.figures() == [
            percent(shown["cards_with_bingo"] / 60),
            percent(shown["p_new_bingo_next"]),
            f"{shown['expected_new_bingos_next']:.2f}",
        ]
        assert panel.registry_text() == (
            f"登録カード 60枚：ビンゴ {shown['cards_with_bingo']}枚 ／ "
            f"リーチ {shown['cards_one_away']}枚"
        )
        # the curve: the registered cards', for these numbers, the same as `bingo prob` prints
        curve = panel.shown_curve()
        assert curve.drawn == frozenset(history)
        assert [float(p) for p in curve.p_any[len(history) :]] == shown["curve"]["p"]
        assert curve.milestone == shown["curve"]["milestone"] == shown["cards_with_bingo"] + 1
        assert curve.p_any[len(history) + 1] == shown["p_new_bingo_next"]  # the tile's figure
        title = panel.curve_title(curve)
        operator.refresh_stats()
        host = operator.figures.text()
        assert f"1枚のカードがいまビンゴの確率: {percent(shown['cards_with_bingo'] / 60)}" in host
        assert f"だれかが新しくビンゴ: {percent(shown['p_new_bingo_next'])}" in host
        if shown["cards_with_bingo"] == 0:
            assert f"最初のビンゴは平均 {curve.expected_draw:.1f} 球目" in host
        else:  # the host's window, too, names the next milestone, not a first bingo
            assert "最初のビンゴ" not in host
            n = shown["cards_with_bingo"] + 1
            assert f"次のビンゴ（{n}枚目）は平均 {curve.expected_draw:.1f} 球目" in host
        if shown["cards_with_bingo"] == 0:
            assert title.startswith("登録60枚で最初のビンゴ")
            if not seen_first and len(history) >= 3:
                qtbot.wait(100)  # the panel repaints
                window.grab().save(str(output_dir / "registry_odds_first_1024x768.png"))
                seen_first = True
        else:  # never a "first bingo" figure once a card has one
            assert title.startswith(f"次のビンゴ（{shown['cards_with_bingo'] + 1}枚目）")
            assert "最初" not in title
            seen_next = True
        error = percent(curve.max_error)
        assert ("誤差" + error if error.startswith("<") else f"誤差±{error}") in title
        if seen_next and len(history) >= 10:
            break
    assert seen_first and seen_next
    for size in ((1024, 768), (1920, 1080)):
        window.resize(*size)
        qtbot.waitUntil(lambda size=size: window.odds_panel.width() > 0.2 * size[0])
        qtbot.wait(100)  # the resized panel repaints
        window.grab().save(str(output_dir / f"registry_odds_{size[0]}x{size[1]}.png"))
    window.close()


def test_the_service_in_its_worker_process_sends_the_registered_cards_odds(
    qtbot, config, registry_path, capsys
):
    registry = load_registry_for(config, registry_path)
    config = dataclasses.replace(
        config, event=dataclasses.replace(config.event, cards_in_play=len(registry))
    )
    service = OddsService(config, registry.values(), mode="process")
    results, curves = [], []
    service.result_ready.connect(results.append)
    service.curve_ready.connect(curves.append)
    service.start()
    try:
        qtbot.waitUntil(lambda: service.state == "ready", timeout=120000)
        called = [3, 17, 22, 9, 31, 5]
        service.request(called)
        qtbot.waitUntil(
            lambda: bool(curves) and curves[-1].drawn == frozenset(called), timeout=60000
        )
        shown = prob_json(config, registry_path, called, capsys)
        result = service.cache[frozenset(called)]
        assert result.stats.p_any_new_bingo == shown["p_new_bingo_next"]
        assert result.curve is not None and result.curve.milestone == shown["curve"]["milestone"]
        assert [float(p) for p in result.curve.p_any[6:]] == shown["curve"]["p"]
        assert result.registry.bingo == shown["cards_with_bingo"]
        assert all(r.drawn == frozenset(called) for r in results)
    finally:
        service.shutdown()


def test_a_drawn_set_shown_again_gets_its_curve(qtbot, config, registry_path):
    """After an undo the display reads the cached result; a curve never computed for it (only
    the newest drawn sets get theirs at once) is computed then."""
    registry = load_registry_for(config, registry_path)
    service = OddsService(config, registry.values(), mode="thread")
    service.start()
    try:
        qtbot.waitUntil(lambda: service.state == "ready", timeout=60000)
        keys = [frozenset(range(1, n + 1)) for n in range(1, 6)]
        for key in keys:  # quicker than the worker: only the newest get a curve at once
            service.request(key)
        qtbot.waitUntil(lambda: not service.busy and keys[-1] in service.cache, timeout=60000)
        qtbot.waitUntil(lambda: service.cache.peek(keys[-1]).curve is not None, timeout=60000)
        old = next(k for k in keys if k in service.cache and service.cache.peek(k).curve is None)
        assert service.cache.get(old) is not None  # what the display does to show it again
        qtbot.waitUntil(lambda: service.cache.peek(old).curve is not None, timeout=60000)
        assert service.cache.peek(old).curve.drawn == old
    finally:
        service.shutdown()


def test_registered_cards_odds_also_above_the_random_card_engines_threshold(qtbot, config):
    """8x8 with 9 connected is beyond the random-card DP (it stops at 8 there): with a registry
    the show still has every figure, about the registered cards."""
    board = dataclasses.replace(
        config.board, size=8, numbers_per_column=9, images_per_column=9, threshold=9
    )
    config = dataclasses.replace(
        config, board=board, event=dataclasses.replace(config.event, cards_in_play=25)
    )
    cards = random_cards(25, 8, 9, False, seed=9)
    service = OddsService(config, cards, mode="thread")
    service.start()
    try:
        qtbot.waitUntil(lambda: service.state != "warming", timeout=60000)
        assert service.state == "ready", service.reason
        called = random.Random(3).sample(range(1, 73), 40)
        service.request(called)
        key = frozenset(called)
        qtbot.waitUntil(
            lambda: key in service.cache and service.cache.peek(key).curve is not None,
            timeout=60000,
        )
        result = service.cache.peek(key)
        assert result.error is None
        figures = prob.registry_next_draw(prob.prepare_registry(cards, 8, 9, 9, False), called)
        assert result.stats.p_any_new_bingo == figures.p_new_bingo_next
        assert result.curve.p_any[41] == figures.p_new_bingo_next
    finally:
        service.shutdown()
