"""The i18n tests also read the catalogues afresh after each test (a test may change them);
every test starts and ends in English (tests/conftest.py)."""
import pytest

from ne_game import i18n


@pytest.fixture(autouse=True)
def fresh_catalogues():
    yield
    i18n.reload_catalogues()
