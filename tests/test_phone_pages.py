"""The phone tests' windows (tests/phone_pages.py): a window a phone is done with serves the next
phone of the process emptied, as a window of its own would be: nothing of the phone before
(its page's storage, a script put in its pages, its phone size, its history) reaches the next."""

from __future__ import annotations

import pytest
from phone_pages import (
    PhoneServer,
    PhoneWindow,
    card_from_order,
    have_chromium,
    page_wait,
    phone_size,
    write_config,
)

pytestmark = [
    pytest.mark.skipif(not have_chromium(), reason="needs Debian's chromium (install.sh --test)"),
    pytest.mark.browser,
]

SEEN = """return {kept: localStorage.getItem("kept"), script: window.putIn || null,
                  width: innerWidth, history: history.length}"""


def test_a_window_serves_the_next_phone_with_nothing_of_the_one_before(tmp_path):
    config = write_config(tmp_path, size=4, per_column=10)
    server = PhoneServer(config, tmp_path, card_from_order(config, []))
    other = None
    try:
        first = PhoneWindow()
        driver = first.driver
        driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument", {"source": "window.putIn = 'yes';"}
        )
        phone_size(driver, 320, 568)
        driver.get(server.url + "/")
        driver.get(server.card_url())
        page_wait(driver, "return document.readyState === 'complete'", 10, "the card page")
        driver.execute_script("localStorage.setItem('kept', 'the first phone')")
        before = driver.execute_script(SEEN)
        assert before == {"kept": "the first phone", "script": "yes", "width": 320, "history": 3}
        first.close()

        second = PhoneWindow()
        assert second.window == first.window  # the same window, emptied
        other = PhoneWindow()  # while it is in use: a window of its own
        assert other.window != second.window
        driver = second.driver
        assert driver.current_url == "about:blank"
        driver.get(server.card_url())
        page_wait(driver, "return document.readyState === 'complete'", 10, "the card page")
        after = driver.execute_script(SEEN)
        assert after == {"kept": None, "script": None, "width": 412, "history": 2}
        second.close()
    finally:
        if other is not None:
            other.close()
        server.stop()
