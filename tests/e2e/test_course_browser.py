"""The whole course in JupyterLab, served from the repository root as `./dev lab` does:
lesson 00 opens first, a lesson's links lead to the next lesson and to its exercise in
../exercises/, and the exercise opens as a notebook in the same JupyterLab."""

from __future__ import annotations

import pytest

from .conftest import LAB_DEFAULT_URL, ROOT, TOKEN

CURRENT_PATH = "() => window.jupyterapp?.shell.currentWidget?.context?.path ?? null"


def _wait_for_notebook(page, path: str):
    """Wait until ``path`` is the open tab; return a locator for its rendered Markdown."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"want => ({CURRENT_PATH})() === want", arg=path, timeout=60_000)
    except PlaywrightTimeout:
        pytest.fail(f"{path} did not open in JupyterLab; the open tab is {page.evaluate(CURRENT_PATH)!r}")
    panel_id = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return page.locator(f"[id='{panel_id}'] .jp-RenderedMarkdown")


@pytest.mark.timeout(150)
def test_lesson_links_open_the_next_lesson_and_its_exercise(browser, course_url):
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{course_url}/?token={TOKEN}&reset")  # the default page is the welcome lesson
        welcome = _wait_for_notebook(page, "notebooks/00_welcome.ipynb")
        expect(welcome.first).to_contain_text("00 · Welcome to Hearts", timeout=60_000)

        welcome.first.locator("a", has_text="01 The deal and the pass").click()
        lesson = _wait_for_notebook(page, "notebooks/01_deal_and_pass.ipynb")
        link = lesson.first.locator("a", has_text="Exercise")
        expect(link).to_have_count(1, timeout=60_000)

        link.click()  # ../exercises/01_pass_targets.ipynb, outside notebooks/
        exercise = _wait_for_notebook(page, "exercises/01_pass_targets.ipynb")
        expect(exercise.first).to_contain_text("Exercise 1", timeout=60_000)
        expect(exercise.first).to_be_visible()
        tab = page.locator("#jp-main-dock-panel .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
        expect(tab).to_have_text("01_pass_targets.ipynb")
    finally:
        page.close()


GLOSSARY_LINK = "a[href*='glossary.ipynb'][href$='#cell-id=term-trick']"  # JupyterLab rewrites the href's path


@pytest.mark.timeout(150)
def test_a_lessons_glossary_link_opens_the_glossary_at_its_entry(browser, course_url):
    """Round 29's links into the glossary opened it at its top: JupyterLab looks a plain ``#term-trick`` up in
    Markdown it has not rendered yet. ``#cell-id=term-trick`` names the entry's own cell, found in the model."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{course_url}/lab/tree/notebooks/02_tricks_and_following_suit.ipynb?token={TOKEN}&reset")
        lesson = _wait_for_notebook(page, "notebooks/02_tricks_and_following_suit.ipynb")
        link = lesson.locator(GLOSSARY_LINK)  # "thirteen tricks", the lesson's first sentence: its only link there
        expect(link).to_have_count(1, timeout=60_000)
        link.click()
        glossary = _wait_for_notebook(page, "notebooks/glossary.ipynb")
        # the empty <a id> has no size: the list item that holds it is the entry as shown
        entry = glossary.locator("[data-jupyter-id='term-trick']").locator("xpath=ancestor::li[1]")
        expect(entry).to_contain_text("Trick", timeout=60_000)
        expect(entry).to_be_in_viewport(timeout=30_000)
        first = glossary.locator("[data-jupyter-id='term-accuracy']").locator("xpath=ancestor::li[1]")
        expect(first).to_contain_text("Accuracy")
        expect(first).not_to_be_in_viewport()
    finally:
        page.close()


@pytest.mark.timeout(150)
def test_a_lessons_index_link_opens_lesson_00_at_its_list_of_lessons(browser, course_url):
    """The Index link of every lesson's navigation line linked the heading (``00_welcome.ipynb#The-lessons``), which
    JupyterLab looks up in Markdown not yet rendered, so lesson 00 opened at its top; it names the list's cell."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{course_url}/lab/tree/notebooks/02_tricks_and_following_suit.ipynb?token={TOKEN}&reset")
        lesson = _wait_for_notebook(page, "notebooks/02_tricks_and_following_suit.ipynb")
        link = lesson.first.locator("a", has_text="Index")  # the navigation line of the lesson's first cell
        expect(link).to_have_count(1, timeout=60_000)
        link.click()
        welcome = _wait_for_notebook(page, "notebooks/00_welcome.ipynb")
        heading = welcome.locator("h2[data-jupyter-id='The-lessons']")
        expect(heading).to_have_count(1, timeout=60_000)
        expect(heading).to_be_in_viewport(timeout=30_000)
        expect(welcome.locator("h1").first).not_to_be_in_viewport()  # not the lesson's top
    finally:
        page.close()


def test_dev_lab_serves_the_repository_root_and_opens_lesson_00():
    """The server above copies `./dev lab`'s two choices; this keeps them from drifting apart."""
    lab = next(line for line in (ROOT / "dev").read_text().splitlines() if "jupyter\" lab" in line)
    assert "--ServerApp.root_dir=." in lab
    script = (ROOT / "dev").read_text()
    assert f"--LabApp.default_url={LAB_DEFAULT_URL}" in script


@pytest.mark.timeout(150)
def test_the_glossarys_back_to_a_z_link_returns_to_its_jump_bar(browser, course_url):
    """Each letter heading links back to the jump bar with ``#cell-id=gloss-00``, a link within the same
    notebook: after jumping down to T, it must bring the top cell back into view."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{course_url}/lab/tree/notebooks/glossary.ipynb?token={TOKEN}&reset")
        glossary = _wait_for_notebook(page, "notebooks/glossary.ipynb")
        title = glossary.locator("h1").first
        expect(title).to_contain_text("Glossary", timeout=60_000)
        # a jump made while the cells below are still being laid out lands short: wait for the last letter
        expect(glossary.locator("h2[data-jupyter-id='W']")).to_have_count(1, timeout=60_000)
        page.wait_for_load_state("networkidle")
        glossary.first.locator("a[href='#cell-id=gloss-letter-t']").click()  # the jump bar, down to T
        heading = glossary.locator("h2[data-jupyter-id='T']")
        expect(heading).to_be_in_viewport(timeout=30_000)
        expect(title).not_to_be_in_viewport()
        back = heading.locator("xpath=ancestor::div[contains(@class,'jp-RenderedMarkdown')][1]").locator(
            "a", has_text="back to A–Z")
        back.click()
        expect(title).to_be_in_viewport(timeout=30_000)
        expect(heading).not_to_be_in_viewport()
    finally:
        page.close()


@pytest.mark.timeout(150)
def test_a_glossary_link_to_another_entry_brings_that_entry_into_view(browser, course_url):
    """An entry's links to other entries (Accuracy's "review") must bring that entry, far below, into view. With
    ``#term-review`` (the entry's ``<a id>``) JupyterLab did not scroll at all; ``#cell-id=term-review`` names its cell."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{course_url}/lab/tree/notebooks/glossary.ipynb?token={TOKEN}&reset")
        glossary = _wait_for_notebook(page, "notebooks/glossary.ipynb")
        expect(glossary.locator("h1").first).to_contain_text("Glossary", timeout=60_000)
        accuracy = glossary.locator("[data-jupyter-id='term-accuracy']").locator("xpath=ancestor::li[1]")
        expect(accuracy).to_contain_text("Accuracy", timeout=60_000)
        accuracy.locator("a", has_text="review").first.click()
        target = glossary.locator("[data-jupyter-id='term-review']").locator("xpath=ancestor::li[1]")
        expect(target).to_contain_text("Review", timeout=60_000)
        expect(target).to_be_in_viewport(timeout=30_000)
        expect(accuracy).not_to_be_in_viewport()
    finally:
        page.close()
