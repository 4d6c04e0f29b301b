"""Accessibility checks of a phone page in the test's Chromium (issue 43.3): axe-core (bundled by
axe-selenium-python, nothing downloaded at test time) and two checks of our own, every tappable
thing a button with a name and the primary controls at least 44 px high.

`problems(driver, where)` runs all three on the page as it is now and returns one line per
problem (empty: none), naming the rule, the nodes' count and the first nodes; `rules` runs only
those of axe's rules (LAYOUT_RULES at another width of a page whose `page_state` is unchanged).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

BLOCKING = ("critical", "serious")  # the impacts a page may not have
MIN_HEIGHT = 44  # px: a thumb's target (Apple's HIG, WCAG 2.5.5's 44 CSS px)
# The primary controls: what a player taps to join, sit, start, play, leave, read the rules or
# close a sheet, and the bingo page's claim. Cards are measured by the pages' own tests
# (36 x 48 px and up: test_games_web_browser.measure_hand).
PRIMARY = (
    "button.primary, button.small, #actions button, .room-card button, #choice_list button,"
    " .sheet button, form button, #claim"
)

# The rules of axe's default run (axe-core 3.1.1) that read where things are on the screen:
# color-contrast (the background under a text, from the elements at its place; a text off the
# page) and the is-on-screen check of blink and marquee. Every other rule reads the DOM and the
# computed styles only, the same at every width while `page_state` is the same.
LAYOUT_RULES = ("color-contrast", "blink", "marquee")

# Everything of the page axe's other rules read: each element's tag, attributes (its inline
# style aside: the sizes a page sets by the width, e.g. Daifugō's cards), own text and the
# computed styles of what is shown and how (display, visibility, opacity, clip, colours, font).
PAGE_STATE = """
const out = [];
for (const e of document.querySelectorAll("*")) {
  const s = getComputedStyle(e);
  const attributes = [...e.attributes].filter((a) => a.name !== "style")
    .map((a) => a.name + "=" + a.value).join(" ");
  const text = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join("");
  out.push([e.tagName, attributes, text, s.display, s.visibility, s.opacity, s.clip, s.color,
    s.backgroundColor, s.backgroundImage, s.fontSize, s.fontWeight, s.position].join("|"));
}
return out.join("\\n");
"""

OWN_CHECKS = """
const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && e.closest("[hidden]") === null; };
const short = (e) => (e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
  + (typeof e.className === "string" && e.className ? "." + e.className.trim().replace(/ +/g, ".") : "")
  + " " + JSON.stringify((e.innerText || e.getAttribute("aria-label") || "").slice(0, 20)));
// a tappable thing: the pointer says so, or it listens for taps through an attribute
const natives = "button, a[href], input, select, textarea, summary, label, option";
const tappable = [...document.querySelectorAll("body *")].filter((e) => shown(e)
  && (getComputedStyle(e).cursor === "pointer" || e.hasAttribute("onclick"))
  && !e.closest(natives + ", [role=button]"));
const nameless = [...document.querySelectorAll("button, [role=button]")].filter((e) => shown(e)
  && !(e.innerText || "").trim() && !(e.getAttribute("aria-label") || "").trim()
  && !e.getAttribute("aria-labelledby") && !(e.getAttribute("title") || "").trim());
const small = [...document.querySelectorAll(arguments[0])].filter((e) => shown(e)
  && e.getBoundingClientRect().height < arguments[1] - 0.5);
return {tappable: tappable.map(short), nameless: nameless.map(short),
        small: small.map((e) => short(e) + " " + Math.round(e.getBoundingClientRect().height) + " px")};
"""


@cache
def axe_script() -> str:
    import axe_selenium_python

    package = Path(axe_selenium_python.__file__).parent
    found = sorted(package.rglob("axe.min.js"))  # node_modules/axe-core/ in 2.1.6
    if not found:
        raise AssertionError(f"axe-selenium-python ships no axe.min.js under {package}")
    return found[0].read_text(encoding="utf-8")


def page_state(driver: Any) -> str:
    """What axe's rules but LAYOUT_RULES read of the page now (PAGE_STATE), one line an element."""
    return str(driver.execute_script(PAGE_STATE))


def axe_violations(driver: Any, rules: tuple[str, ...] | None = None) -> list[dict]:
    """axe-core's violations of the page now: every rule of its default run, or `rules`."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(axe_script())
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": list(rules)}
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, arguments[0])"
        ".then((r) => done(r.violations), (e) => done({error: String(e)}));",
        options,
    )
    if isinstance(result, dict):
        raise AssertionError(f"axe-core failed: {result['error']}")
    return list(result)


def blocking(violations: list[dict]) -> list[str]:
    """The critical and serious ones, one line each: rule, impact, node count, first nodes."""
    lines = []
    for v in violations:
        if v.get("impact") not in BLOCKING:
            continue
        nodes = v.get("nodes", [])
        first = "; ".join(
            " ".join(str(t) for t in n.get("target", [])) + " " + _why(n) for n in nodes[:3]
        )
        lines.append(f"axe {v['id']} ({v['impact']}): {len(nodes)} nodes: {first}")
    return lines


def _why(node: dict) -> str:
    for check in node.get("any", []) + node.get("all", []) + node.get("none", []):
        data = check.get("data")
        if isinstance(data, dict) and "contrastRatio" in data:
            return f"[{data['contrastRatio']}:1 {data.get('fgColor')} on {data.get('bgColor')}]"
    return ""


def own_problems(driver: Any) -> list[str]:
    found = driver.execute_script(OWN_CHECKS, PRIMARY, MIN_HEIGHT)
    lines = []
    if found["tappable"]:
        lines.append(f"tappable, not a button: {len(found['tappable'])}: {found['tappable'][:4]}")
    if found["nameless"]:
        lines.append(f"button without a name: {len(found['nameless'])}: {found['nameless'][:4]}")
    if found["small"]:
        lines.append(f"primary control under {MIN_HEIGHT} px: {found['small'][:4]}")
    return lines


def problems(driver: Any, where: str, rules: tuple[str, ...] | None = None) -> list[str]:
    """Every problem of the page now, each line starting with `where` (page, state, width);
    `rules`: only those of axe's (our own checks always)."""
    found = blocking(axe_violations(driver, rules)) + own_problems(driver)
    return [f"{where}: {line}" for line in found]


# Two animation frames: the page has painted what the last script changed.
SETTLED = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(done));"


def linear_rgb(rgb: tuple[int, ...] | list[int]) -> list[float]:
    """sRGB channels (0-255) made linear, as WCAG's relative luminance takes them."""
    return [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
            for c in rgb[:3]]  # fmt: skip


def luminance(rgb: tuple[int, ...] | list[int]) -> float:
    """WCAG's relative luminance of an sRGB colour (0-255 channels)."""
    lin = linear_rgb(rgb)
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
