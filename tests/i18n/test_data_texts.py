"""Every data text the game loads is found in both catalogues by the runtime's own lookup
(the extractor and data_text() agree on the msgid), through the real loaders."""
import pytest

from ne_game import i18n
from ne_game.game.gamedata import read_toml
from ne_game.storage.paths import resource_path


def _shown_texts() -> list[tuple[str, str]]:
    from ne_game.tutorial.lessons import load_tutorial
    from ne_game.ui.scenes.rules import load_rules
    from ne_game.ui.text.help import texts as help_texts

    out = []
    tutorial = load_tutorial(check_scenarios=False)
    out.append(("tutorial title", tutorial.title))
    for lesson in tutorial.lessons:
        for field in ("title", "text", "done", "hint"):
            out.append((f"{lesson.id}.{field}", getattr(lesson, field)))
    out += [(f"help.{key}", text) for key, text in help_texts().items()]
    summary = read_toml(resource_path("assets", "data", "rules_summary.toml"))
    for source, data in (("rules", load_rules()), ("summary", summary)):
        out.append((f"{source}.title", data["title"]))
        for k, sec in enumerate(data["section"]):
            out += [(f"{source}.{k}.title", sec["title"]), (f"{source}.{k}.text", sec["text"])]
            out += [(f"{source}.{k}.caption", c) for c in sec.get("captions", [])]
    return [(where, text) for where, text in out if text.strip()]


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_every_loaded_data_text_has_a_translation(lang):
    texts = _shown_texts()
    assert len(texts) > 120
    i18n.set_language(lang)
    untranslated = [where for where, text in texts if i18n.data_text(text) == text]
    assert untranslated == []


def test_land_names_are_translated_with_their_context():
    i18n.set_language("nl")
    assert [i18n.land_name(land) for land in ("settlement", "field", "pasture")] == ["nederzetting", "veld", "weide"]
    i18n.set_language("fr")
    assert [i18n.land_name(land) for land in ("settlement", "field", "pasture")] == ["village", "champ", "pâturage"]
