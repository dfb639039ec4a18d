"""Make ``docs/replay.png``: the replay page of a shipped hand (``ciapano analyse HAND --html``)
opened in headless Chromium at a step in the middle of the hand, as the README shows it.

Needs Debian's ``chromium`` and ``chromium-driver`` (``/usr/bin/chromium``,
``/usr/bin/chromedriver``) and selenium (the test extra).  No network: the page is a local file
and the driver is given by path, so selenium-manager is never asked for one.

Usage, from the repository root::

    python tools/replay_screenshot.py [HAND] [--step K] [--from-trick N] [--out docs/replay.png]

(default: ``positions/records/hand4_record.json`` at step 20, Dario's costly 7H of trick 6).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

import ciapano

ROOT = Path(__file__).resolve().parents[1]
HAND = ROOT / "positions" / "records" / "hand4_record.json"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
#: The switches that keep Chromium off the network and out of the user's profile.
SWITCHES = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def browser(profile: str, width: int = 1280, height: int = 1000) -> Any:
    """A headless Chromium driven by selenium, with a fresh profile in ``profile``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for switch in SWITCHES:
        options.add_argument(switch)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hand", nargs="?", default=str(HAND))
    parser.add_argument("--step", type=int, default=20, help="the step shown (card index)")
    parser.add_argument("--from-trick", type=int, default=1)
    parser.add_argument("--out", default=str(ROOT / "docs/replay.png"))
    args = parser.parse_args()
    record = ciapano.load_record(args.hand)
    analysis = ciapano.analyse(record, from_trick=args.from_trick)
    with tempfile.TemporaryDirectory() as tmp:
        page = ciapano.write_replay(analysis, record, Path(tmp) / "replay.html")
        driver = browser(str(Path(tmp) / "profile"))
        try:
            driver.get(page.as_uri() + f"#step={args.step}")
            # The window as tall as the page (the browser's own bars added).
            height, bars = driver.execute_script(
                "return [document.documentElement.scrollHeight,"
                " window.outerHeight - window.innerHeight]"
            )
            driver.set_window_size(1280, min(2400, height + bars + 4))
            driver.save_screenshot(args.out)
        finally:
            driver.quit()
    print(f"screenshot written to {args.out}")


if __name__ == "__main__":
    main()
