"""`Cached`: how the dev server keeps a step's result for the next rebuild (serve/reuse.py).

Each value is stored with the inputs (`key`) it was computed from and handed out again only
while the new inputs compare equal (identity first, so unchanged objects cost nothing).
A value is stored only when `compute` returns: a step that raised is retried next time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_ONE: Hashable = ()  # the slot of a cache that holds a single value


class Cached(Generic[K, V]):
    """Values by slot (a page's output path, or one slot for a whole-site step), each with
    the key it came from."""

    def __init__(self) -> None:
        self._entries: dict[Hashable, tuple[K, V]] = {}

    def get_or_compute(self, key: K, compute: Callable[[], V], slot: Hashable = _ONE) -> V:
        entry = self._entries.get(slot)
        if entry is not None and (entry[0] is key or entry[0] == key):
            return entry[1]
        value = compute()
        self._entries[slot] = (key, value)
        return value

    def peek(self, slot: Hashable = _ONE) -> tuple[K, V] | None:
        """The stored (key, value), whatever the current inputs are."""
        return self._entries.get(slot)

    def store(self, key: K, value: V, slot: Hashable = _ONE) -> None:
        self._entries[slot] = (key, value)

    def drop(self, slot: Hashable = _ONE) -> None:
        self._entries.pop(slot, None)

    def keep_only(self, slots: Iterable[Hashable]) -> None:
        """Forget every slot not in `slots` (pages that went away)."""
        wanted = set(slots)
        for slot in [slot for slot in self._entries if slot not in wanted]:
            del self._entries[slot]

    def items(self) -> list[tuple[Hashable, tuple[K, V]]]:
        return list(self._entries.items())

    def clear(self) -> None:
        self._entries.clear()
