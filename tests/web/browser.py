"""A real browser for the web pages' tests: Debian's Chromium, headless, driven by Selenium through
chromedriver, one for the whole test session. Without them the browser tests are skipped with one line.

The pages are served by the test's own event loop, so every call into the browser (which blocks until
the page answers) runs in a worker thread.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from selenium_axe_python.axe import Axe

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SKIPPED = "Browser tests skipped: /usr/bin/chromium or /usr/bin/chromedriver is missing (.ci/run installs them)"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)
SERIOUS = ("serious", "critical")
T = TypeVar("T")


def available() -> bool:
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


def start(profile: Path) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


class Browser:
    """The session's browser, with the page set to a width, a language and a colour scheme."""

    def __init__(self) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="bricabot-chromium-"))
        self.driver = start(self.profile)

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def call(self, work: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(work, *args)

    def _view(self, width: int, dark: bool, zone: str) -> None:
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600},
        )
        scheme = {"name": "prefers-color-scheme", "value": "dark" if dark else "light"}
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [scheme]})
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})

    async def open(self, url: str, *, width: int = 1440, dark: bool = False, zone: str = "UTC") -> None:
        """Load ``url`` at ``width`` px in the light or dark scheme and a time zone, scripts run."""

        def go() -> None:
            self._view(width, dark, zone)
            self.driver.get(url)
            WebDriverWait(self.driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")

        await self.call(go)

    async def script(self, code: str, *args: Any) -> Any:
        return await self.call(self.driver.execute_script, code, *args)

    async def text(self, css: str = "body") -> str:
        return await self.call(lambda: self.driver.find_element(By.CSS_SELECTOR, css).text)

    async def serious_violations(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations of the page as shown."""

        def run() -> list[dict[str, Any]]:
            axe = Axe(self.driver)
            axe.inject()  # type: ignore[no-untyped-call]
            results = axe.run()
            return [v for v in results["violations"] if v.get("impact") in SERIOUS]

        return await self.call(run)

    async def tab_through(self, limit: int = 400) -> list[dict[str, Any]]:
        """Press Tab from the top of the page until focus comes back round: each stop's element, name
        and how its focus shows (outline style and width)."""

        def walk() -> list[dict[str, Any]]:
            self.driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
            body = self.driver.find_element(By.TAG_NAME, "body")
            body.send_keys(Keys.TAB)
            stops: list[dict[str, Any]] = []
            for _ in range(limit):
                stop = self.driver.execute_script(
                    "const e = document.activeElement; const s = getComputedStyle(e);"
                    "const r = e.getBoundingClientRect();"
                    "return {tag: e.tagName, id: e.id, text: (e.textContent || e.value || '').trim().slice(0, 40),"
                    "href: e.getAttribute('href'), outline: s.outlineStyle, width: parseFloat(s.outlineWidth),"
                    "shown: r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight,"
                    "key: e.outerHTML.slice(0, 120)}"
                )
                if (stops and stop["key"] == stops[0]["key"]) or stop["tag"] == "BODY":
                    break
                stops.append(stop)
                self.driver.switch_to.active_element.send_keys(Keys.TAB)
            return stops

        return await self.call(walk)

    async def focusable(self) -> int:
        """How many elements of the page a keyboard can reach (links, buttons, inputs, tabindex ≥ 0)."""
        count: int = await self.script(
            "return [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]"
            ".filter(e => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null).length"
        )
        return count
