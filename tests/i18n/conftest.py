"""Every i18n test starts and ends in English, with no --lang override and no system lookup."""
import pytest

from ne_game import i18n


@pytest.fixture(autouse=True)
def english_again():
    i18n.configure_startup(None, follow_system=False)
    i18n.set_language("en")
    yield
    i18n.configure_startup(None, follow_system=False)
    i18n.set_language("en")
    i18n.reload_catalogues()
