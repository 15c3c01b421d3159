"""The reign review's HTML export (issue 30) opened in a real headless Chromium: the page
is self-contained (nothing fetched) and its charts are drawn."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from planet_king.content.loader import load_content
from planet_king.engine.game import Game
from planet_king.evaluator.model import default_evaluator
from planet_king.review import QUICK, render, review_game


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(
        "Chromium is not installed, and the browser test needs the system's Chromium: "
        "on Debian or Ubuntu run `sudo apt-get install chromium` (`.ci/run` does it)."
    )


@pytest.mark.slow
def test_review_html_export_draws_its_charts_in_chromium(tmp_path: Path) -> None:
    game = Game("anni-mirabiles", seed=4, content=load_content())
    while game.decision is not None and game.state.turn < 3:  # two turns: lines to draw
        game.choose(game.decision.legal_ids[0])
    fast = replace(QUICK, most_checks=0)  # the page is tested, not the playouts
    review = review_game(game, settings=fast, evaluator=default_evaluator(), with_par=False)
    page_file = tmp_path / "review.html"
    page_file.write_text(render.page(review), encoding="utf-8")
    fetched: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path())
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("request", lambda r: fetched.append(r.url))
            page.goto(page_file.as_uri(), wait_until="load")
            assert page.locator("h2", has_text="The account").count() == 1
            charts = page.locator("figure svg")
            assert charts.count() == 6
            # every chart's first line is laid out with a size: drawn, not empty
            for i in range(charts.count()):
                line = charts.nth(i).locator("polyline.series").first
                box = line.bounding_box()
                assert box is not None and box["width"] > 100, i
            shot = tmp_path / "review.png"
            page.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 20_000
        finally:
            browser.close()
    assert fetched == [page_file.as_uri()]  # self-contained: nothing else was asked for
