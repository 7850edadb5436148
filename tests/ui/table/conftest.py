from __future__ import annotations

import pytest


@pytest.fixture
def table():
    """(app, scene) factory; tears the display down after the test."""
    import pygame

    made = []

    def build(seats, seed=0, size=(1280, 720), animation="fast", **settings):
        from ne_game.ui.scenes.table import TableScene
        from tests.ui.table.driver import make_app, make_session

        app = make_app(size, animation, **settings)
        session = make_session(seats, seed)
        scene = app.push("table", session=session)
        assert isinstance(scene, TableScene)
        app.step(1 / 60)
        made.append(app)
        return app, scene

    yield build
    pygame.display.quit()
