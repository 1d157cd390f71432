"""An external mjai bot process as a seat in a jantaku game.

Every event the seat may see is sent in order, one JSON line each; the answer to the last event
before a decision is the decision. A bad answer (not JSON, not legal now) or a late one (past the
timeout) is replaced: the seat passes on a claim or discards its drawn tile, and the game goes on.
A late answer that arrives afterwards is dropped so later answers stay in step."""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, Any

from jantaku.engine.actions import Action, ActionKind
from jantaku.engine.riichi.view import SeatView
from jantaku.formats.mjai import parse_pai
from jantaku.players.mjai.events import to_mjai

__all__ = ["MjaiProcessPlayer"]

_CALL_KINDS = {"chi": ActionKind.CHI, "pon": ActionKind.PON, "daiminkan": ActionKind.OPEN_KAN}


def _kind_red(pai: Any) -> tuple[int, bool]:
    return parse_pai(pai)


class MjaiProcessPlayer:
    """A seat played by ``command`` (an mjai bot on standard input/output)."""

    def __init__(
        self, command: Sequence[str], seat: int, *, timeout: float = 5.0, name: str = "mjai"
    ) -> None:
        self.name = name
        self.seat = seat
        self.timeout = timeout
        self.proc = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self.started = False
        self.last: dict[str, Any] | None = None
        self.late = 0  # answers still owed from timed-out questions
        self.own_reach_sent = False
        self.faults: list[str] = []

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def _ask(self, message: dict[str, Any]) -> dict[str, Any] | None:
        if self.proc.poll() is not None or self.proc.stdin is None:
            self.faults.append("the bot process has ended")
            return None
        try:
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except OSError as error:
            self.faults.append(f"cannot write to the bot: {error}")
            return None
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                self.late += 1
                self.faults.append(f"no answer within {self.timeout}s to {message['type']}")
                return None
            if line is None:
                self.faults.append("the bot closed its output")
                return None
            if self.late:
                self.late -= 1  # the answer to an earlier, timed-out question
                continue
            try:
                answer = json.loads(line)
            except json.JSONDecodeError:
                self.faults.append(f"not JSON: {line.strip()[:80]}")
                return None
            return answer if isinstance(answer, dict) else None

    def observe(self, events: Sequence[Any]) -> None:
        if not self.started:
            self.started = True
            self._ask({"type": "start_game", "id": self.seat, "names": ["0", "1", "2", "3"]})
        for event in events:
            for message in to_mjai(event, self.seat):
                if (
                    message["type"] == "reach"
                    and message.get("actor") == self.seat
                    and self.own_reach_sent
                ):
                    self.own_reach_sent = False
                    continue
                self.last = self._ask(message)

    def choose(self, view: SeatView) -> Action:
        legal = list(view.legal_actions)
        answer, self.last = self.last, None
        action = self._match(answer, legal, view) if answer is not None else None
        if action is None:
            if answer is not None:
                self.faults.append(f"not legal now: {answer}")
            action = self._fallback(legal, view)
        return action

    def _match(self, answer: dict[str, Any], legal: list[Action], view: SeatView) -> Action | None:
        t = answer.get("type")
        try:
            if t == "none":
                return next((a for a in legal if a.kind is ActionKind.PASS), None)
            if t == "dahai":
                return self._tile_action(legal, ActionKind.DISCARD, answer["pai"])
            if t == "reach":
                if not any(a.kind is ActionKind.RIICHI for a in legal):
                    return None
                self.own_reach_sent = True
                follow = self._ask({"type": "reach", "actor": self.seat})
                if follow is None or follow.get("type") != "dahai":
                    return None
                return self._tile_action(legal, ActionKind.RIICHI, follow["pai"])
            if t == "hora":
                kind = ActionKind.TSUMO if answer.get("target") == self.seat else ActionKind.RON
                return next((a for a in legal if a.kind is kind), None)
            if t in _CALL_KINDS:
                want = sorted(_kind_red(p) for p in answer["consumed"])
                for a in legal:
                    if (
                        a.kind is _CALL_KINDS[t]
                        and sorted((x.kind_id, x.red) for x in a.tiles) == want
                    ):
                        return a
                return None
            if t == "ankan":
                k = _kind_red(answer["consumed"][0])[0]
                return next(
                    (
                        a
                        for a in legal
                        if a.kind is ActionKind.CONCEALED_KAN
                        and a.tiles
                        and a.tiles[0].kind_id == k
                    ),
                    None,
                )
            if t == "kakan":
                k = _kind_red(answer["pai"])[0]
                return next(
                    (
                        a
                        for a in legal
                        if a.kind is ActionKind.ADDED_KAN
                        and a.tile is not None
                        and a.tile.kind_id == k
                    ),
                    None,
                )
            if t == "ryukyoku":
                return next((a for a in legal if a.kind is ActionKind.NINE_TERMINALS), None)
        except (KeyError, ValueError, TypeError, IndexError):
            return None
        return None

    @staticmethod
    def _tile_action(legal: list[Action], kind: ActionKind, pai: Any) -> Action | None:
        k, red = _kind_red(pai)
        options = [
            a for a in legal if a.kind is kind and a.tile is not None and a.tile.kind_id == k
        ]
        exact = [a for a in options if a.tile is not None and a.tile.red == red]
        best = exact or options
        return best[0] if best else None

    @staticmethod
    def _fallback(legal: list[Action], view: SeatView) -> Action:
        for a in legal:
            if a.kind is ActionKind.PASS:
                return a
        for a in legal:
            if a.kind is ActionKind.DISCARD and a.tile == view.drawn:
                return a
        return next((a for a in legal if a.kind is ActionKind.DISCARD), legal[0])

    def close(self) -> None:
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
