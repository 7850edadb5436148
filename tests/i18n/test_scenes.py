"""The screens this half owns, rendered headless in nl, fr and the pseudo-locale: every drawn
string came through the catalogue, and none is cut off or wider than its box."""
import pytest

from ne_game import i18n
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import gfx, pieces
from tests.i18n.text_fit import fits_when_shrunk

SIZES = [((1280, 720), 100), ((1920, 1080), 100), ((1280, 720), 150)]


def _norm(s: str) -> str:
    return " ".join(s.replace("\u00a0", " ").split())


class Recorder:
    """Every string the rules screen draws with the table's Style, with its role, size and width."""

    def __init__(self, monkeypatch):
        self.drawn: list[tuple[str, str, int, int]] = []
        self.quiet = 0
        real_text = gfx.Style.text

        def text(style, s, role, px, color):
            surf = real_text(style, s, role, px, color)
            if not self.quiet and s.strip():
                self.drawn.append((s, role, px, surf.get_width()))
            return surf
        monkeypatch.setattr(gfx.Style, "text", text)
        # fit_text shrinks (allowed, down to 60 %) and then cuts with "…" (never allowed):
        # record what it finally shows, marked as cut when no allowed size fits
        from ne_game.ui.scenes import rules as rules_scene
        real_fit = rules_scene.fit_text

        def fit(style, s, role, px, color, max_w):
            self.quiet += 1
            try:
                surf = real_fit(style, s, role, px, color, max_w)
                fits = fits_when_shrunk(style, s, role, px, max_w)
            finally:
                self.quiet -= 1
            if not self.quiet:
                self.drawn.append((s if fits else s + "…", role, px, surf.get_width()))
            return surf
        monkeypatch.setattr(rules_scene, "fit_text", fit)
        # The card pictures print the card's own title (Pilgrim, Barn...): the table's pieces
        # module, wrapped in phase B. Not this screen's strings, so not recorded here.
        # The title under the screen draws the board's map, whose coordinates are no words.
        from ne_game.ui.scenes.table.draw import board_view, card_face

        for module, name in ((card_face, "card"), (pieces, "figure"), (pieces, "land_tile"),
                             (board_view, "draw_base")):
            real = getattr(module, name)

            def quiet(*a, _real=real, **k):
                self.quiet += 1
                try:
                    return _real(*a, **k)
                finally:
                    self.quiet -= 1
            monkeypatch.setattr(module, name, quiet)


def _catalogue_texts(lang: str) -> list[str]:
    """What the catalogue can give: its texts, and the few the screen fills with values."""
    filled = [i18n.fmt("{land}, developed", land=i18n.land_name(land))
              for land in ("settlement", "field", "pasture")]
    if lang == "pseudo":
        return [_norm(s) for s in [*i18n.pseudo_outputs(), *filled]]
    return [_norm(e.msgstr) for e in i18n.read_catalogue(lang).entries if e.msgstr] + [_norm(s) for s in filled]


def _from_catalogue(s: str, texts: list[str]) -> bool:
    s = _norm(s).removeprefix("• ")
    return any(s in t for t in texts)


def _render_rules(lang, size, scale, monkeypatch):
    from tests.ui.harness import Harness

    rec = Recorder(monkeypatch)
    h = Harness(size=size, settings=Settings(animation="off", ui_scale=scale))
    i18n.set_language(lang)
    h.app.push("rules")
    h.step()
    scene = h.app.top
    return h, scene, rec


@pytest.mark.parametrize("lang", ["nl", "fr", "pseudo"])
@pytest.mark.parametrize("size,scale", SIZES)
def test_rules_screen_speaks_the_language_and_nothing_is_cut(lang, size, scale, monkeypatch, tmp_path):
    h, scene, rec = _render_rules(lang, size, scale, monkeypatch)
    try:
        # scroll to the end so every part of the page is drawn once at least
        while scene.scroll < scene.max_scroll():
            scene.scroll_by(scene.view.h)
            h.step()
        texts = _catalogue_texts(lang)
        stray = sorted({s for s, *_ in rec.drawn if not _from_catalogue(s, texts)})
        assert stray == [], f"drawn without the catalogue (or cut): {stray[:5]}"
        u = scene._u()
        slot = scene._slot_w(scene.view.w, 6)
        for s, role, px, w in rec.drawn:
            if role == "title" and px == scene.px(28):
                limit = scene.panel.w - scene.px(40)          # the page title
            elif role == "bold":
                limit = scene.close_rect.w                     # Close
            elif px == scene.px(11) and _norm(s) in _norm(i18n._("Wheel or arrow keys scroll · Escape closes")):
                limit = scene.close_rect.x - scene.panel.x - scene.px(24)
            elif px == scene.px(11):
                limit = slot                                   # a caption under a picture
            else:
                limit = scene.view.w                           # headings and lines of the page
            assert w <= limit, f"{s!r} is {w}px in a {limit}px box ({lang}, {size}, {scale} %, u={u:.2f})"
        if lang in ("nl", "fr") and scale == 100:
            h.screenshot(tmp_path / f"rules_{lang}_{size[0]}.png")
    finally:
        h.close()


def test_pseudo_rules_page_is_longer_than_english(monkeypatch):
    heights = {}
    for lang in ("en", "pseudo"):
        h, scene, _ = _render_rules(lang, (1280, 720), 100, monkeypatch)
        try:
            heights[lang] = scene.page.get_height()
        finally:
            h.close()
    assert heights["pseudo"] > heights["en"] * 1.1     # pictures keep their size; text grows


def test_rules_screen_follows_a_switch_while_open(monkeypatch):
    h, scene, rec = _render_rules("en", (1280, 720), 100, monkeypatch)
    try:
        assert scene.title == "The rules of New England"
        rec.drawn.clear()
        i18n.set_language("nl")
        h.step()                  # the switch lays the screen out again: this frame is drawn
        assert h.app.top.title == "De spelregels van New England"
        assert ("Sluiten" in [s for s, *_ in rec.drawn])
    finally:
        h.close()


@pytest.mark.parametrize("lang,label", [("nl", "Taal"), ("fr", "Langue"), ("pseudo", None)])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_settings_language_row_fits(lang, label, size):

    from tests.ui.harness import Harness

    h = Harness(size=size, settings=Settings(animation="off"))
    try:
        i18n.set_language(lang)
        h.app.push("settings")
        h.step()
        scene = h.app.top
        rect = scene.labels["language"]
        # the rows' names are drawn in ink on their parchment card (a long one wraps to two lines)
        text = scene.label_text["language"]
        assert text == (label or i18n.pseudo("Language"))
        font = h.app.theme.font("body", scene.px("font_body"))
        assert font.size(text)[0] <= rect.w        # the label is not cut off
        for value, name in scene.rows["language"].options:
            button = scene.rows["language"].buttons[value]
            assert button.font.size(name)[0] <= button.rect.w
    finally:
        h.close()
