"""Settings taken by a running app: the theme, the language, fullscreen, the sound, the
key bindings, each applied where it lives and saved (a disk that says no costs a toast, not
the change). The App's `apply_settings`, `set_fullscreen` and `set_mute` come here.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import pygame

from ne_game import i18n
from ne_game.storage.settings import Settings, save_settings

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)


def apply(app: App, settings: Settings, persist: bool = True) -> bool:
    """Take new settings: reload the theme if it changed, re-lay out, switch fullscreen.

    True when every scene was laid out again (their widgets are new)."""
    old = app.settings
    app.settings = settings.normalized()
    app.sound.apply_settings(app.settings)
    app.apply_bindings()
    if persist:
        try:
            save_settings(app.settings)
        except OSError as err:
            log.warning("settings could not be saved: %s", err)
            app.toast(i18n._("Settings could not be saved: they apply until you quit."))
    switched = app.settings.theme != app.theme.name and (app.settings.theme != old.theme or not app.theme_pinned)
    if switched:
        app.theme_pinned = False
        app.theme = app.load_theme(app.settings.theme)
        for msg in app.startup_messages:
            app.toast(msg)
        app.startup_messages.clear()
    relaid = False
    if app.settings.language != old.language and app.settings.language:
        i18n.clear_override()
        if i18n.current_language() != app.settings.language:
            i18n.set_language(app.settings.language)   # _on_language lays out again
            relaid = True
    # Only a change of the setting switches the window: `--fullscreen` (not saved) stays
    # fullscreen when another setting, such as the last seats, is saved.
    if app.settings.fullscreen != old.fullscreen and app.settings.fullscreen != app.fullscreen:
        app.set_fullscreen(app.settings.fullscreen, persist=False)
        relaid = True
    if (switched or old.ui_scale != app.settings.ui_scale or old.theme != app.settings.theme
            or old.colorblind != app.settings.colorblind or old.sofa != app.settings.sofa):
        app.relayout()
        relaid = True
    return relaid


def on_language(app: App, lang: str) -> None:
    if not pygame.display.get_init() or pygame.display.get_surface() is not app.screen:
        return      # a closed App (tests make many): nothing to lay out
    pygame.display.set_caption(i18n._("New England"))
    app.relayout()


def set_fullscreen(app: App, on: bool, persist: bool = True) -> None:
    if not app.window.set_fullscreen(on):
        return
    if persist and app.settings.fullscreen != on:
        app.settings.fullscreen = on
        try:
            save_settings(app.settings)
        except OSError as err:
            log.warning("the fullscreen setting could not be saved: %s", err)
    app.relayout()


def set_mute(app: App, on: bool) -> None:
    """Mute or unmute everything (M anywhere, or the Settings screen); the choice is saved."""
    app.sound.force_muted = False   # `--mute` lasts until the player unmutes
    app.apply_settings(dataclasses.replace(app.settings, mute=bool(on)))
    app.toast(i18n._("Sound off (M turns it back on)") if on else i18n._("Sound on"))
