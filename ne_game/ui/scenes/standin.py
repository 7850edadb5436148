"""A placeholder table, used only while ne_game.ui.table.TableScene does not exist.

It shows the game's state in words and takes the first legal action on Space, so the
shell's flow (setup -> table -> pause -> save -> continue) can be exercised on its own.
"""
from __future__ import annotations

import pygame

from ne_game.session import GameSession
from ne_game.ui.scene import Scene
from ne_game.ui.widgets import background, draw_badge


class StandInTable(Scene):
    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                from ne_game.ui.scenes.pause import PauseScene

                self.app.push(PauseScene(self.app, self.session))
                return True
            if event.key == pygame.K_SPACE:
                legal = self.session.legal_actions()
                if legal:
                    self.session.apply(legal[0])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(background(app.theme, app.screen_size, with_map=False), (0, 0))
        snap = self.session.snapshot()
        font = app.font("body", "font_body")
        y = self.px("margin") * 2
        lines = [f"Game table (stand-in) — phase {snap['phase']}, round {snap['round']}",
                 f"{len(self.session.actions)} actions taken · Space: first legal action · Esc: pause"]
        for line in lines:
            img = font.render(line, True, app.theme.color("text_on_dark"))
            surface.blit(img, (self.px("margin") * 2, y))
            y += img.get_height() + self.px("gap")
        r = self.px("badge_size") // 2
        for i, seat in enumerate(self.session.seats):
            cy = y + r + i * (r * 2 + self.px("gap"))
            ring = "gold" if snap.get("current_player") == i else None
            draw_badge(surface, (self.px("margin") * 2 + r, cy), r, app.theme, seat.family,
                       app.settings.colorblind, ring=ring)
            img = font.render(f"{seat.name} ({seat.kind}) — {snap['players'][i]['money']} shillings",
                              True, app.theme.color("text_on_dark"))
            surface.blit(img, (self.px("margin") * 3 + 2 * r, cy - img.get_height() // 2))
