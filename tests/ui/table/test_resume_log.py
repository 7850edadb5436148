"""A continued game comes back with its log and the outlines of what changed since your turn."""
from ne_game import rules
from ne_game.game.session import GameSession, Seat, family_order
from ne_game.sim import RandomPlayer
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table import TableScene
from ne_game.ui.shell.app import App


def test_a_resumed_game_rebuilds_its_log_and_changes_from_the_saved_actions():
    seats = [Seat(n, f, "human") for n, f in zip(["Alice", "Bob", "Cleo", "Dan"], family_order())]
    played = GameSession.new(seats, seed=4)
    player = RandomPlayer(4, 0.9)
    while not (played.state.phase == "buying" and played.state.round >= 5 and played.state.current == 0):
        played.apply(player.choose(None, rules.legal_actions(played.state)))
    resumed = GameSession.from_save(played.to_save())
    app = App(size=(1280, 720), settings=Settings(animation="off"))
    try:
        scene = app.push("table", session=resumed)
        assert isinstance(scene, TableScene)
        app.step(1 / 60)
        assert not hasattr(scene, "history")                # no second history: the session keeps it
        assert max(scene.game_log.last_turn.values()) == len(played.actions)
        texts = [e.text for e in scene.log]
        assert any("took bid marker" in t for t in texts) and any("bought" in t for t in texts)
        assert texts[-1].startswith("The game goes on in round 5")
        # what the rivals did since Alice's last turn is outlined on the board
        assert scene.changed_cells
    finally:
        app.shutdown()
