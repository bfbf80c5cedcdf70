"""Cancelling a running stack update, in the engine that runs it.

An update registers a ``Watch`` for its stack while it walks the graph;
the scheduler polls ``Watch.requested`` between resources and starts no
new one once a cancel came. Resources already under way finish. The
engine holding the stack's lock runs the update, so a cancel reaching
another engine is routed to that one (``endpoints.stack_actions``).
"""

import threading

_LOCK = threading.Lock()
_WATCHES = {}       # stack id -> the Watch of its running update


class Watch:
    """The cancel state of one running update."""

    def __init__(self, stack_id, registered):
        self.stack_id = stack_id
        self.registered = registered
        # None until cancelled; then whether to roll back.
        self.with_rollback = None

    def requested(self):
        """:returns: True once the update was asked to stop."""
        return self.with_rollback is not None

    def roll_back(self, default):
        """Whether the stopped update rolls back.

        :param default: what the stack itself asks for (disable_rollback).
        :returns: the cancel's choice if there was one, else ``default``.
        """
        return default if self.with_rollback is None else self.with_rollback

    def close(self):
        """The update is over: later cancels find nothing to stop."""
        if self.registered:
            with _LOCK:
                if _WATCHES.get(self.stack_id) is self:
                    del _WATCHES[self.stack_id]


def watch(stack_id, cancellable=True):
    """Register the running update of ``stack_id``.

    :param cancellable: False for operations that cannot be cancelled
        (a rollback); the Watch then never stops anything.
    :returns: a Watch, to ``close()`` when the update ends.
    """
    result = Watch(stack_id, cancellable)
    if cancellable:
        with _LOCK:
            _WATCHES[stack_id] = result
    return result


def request(stack_id, with_rollback):
    """Ask the running update of ``stack_id`` (in this engine) to stop.

    :returns: True if an update was running here and got the request.
    """
    with _LOCK:
        running = _WATCHES.get(stack_id)
    if running is None:
        return False
    running.with_rollback = bool(with_rollback)
    return True
