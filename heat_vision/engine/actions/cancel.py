#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License. You may obtain
#    a copy of the License at
#
#         http://www.apache.org/licenses/LICENSE-2.0
#
#    Unless required by applicable law or agreed to in writing, software
#    distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
#    WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
#    License for the specific language governing permissions and limitations
#    under the License.

"""Cancelling a running stack update (or create), in the engine that runs it.

An operation registers a ``Watch`` for its stack while it walks the
graph. Once a cancel came, the walk starts no new resource and stops the
resources under way at their next check: ``Cancelled`` is raised where
they wait for ``check_*_complete`` (``scheduler.walk``'s ``interrupt``).
A nested stack's operation running inline for a resource of a cancelled
stack is cancelled too, without rollback, as Heat's StackResource does
(``handle_update_cancel``); the parent's rollback deals with it.

The engine holding the stack's lock runs the operation, so a cancel
reaching another engine is routed to that one
(``endpoints.stack_actions``). The endpoint that starts an update
registers its Watch before handing the work to a worker thread, so a
cancel sent as soon as the update was accepted finds it.
"""

import threading
import time

from heat_vision.engine import pool

# How often a pause looks whether its engine stops (seconds).
STOP_CHECK = 0.5

_LOCK = threading.Lock()
_WATCHES = {}       # stack id -> the Watch of its running operation


class Cancelled(Exception):
    """Raised in a resource's steps by a cancel, at its next check."""

    def __init__(self):
        # Heat's words (check_resource.CancelOperation).
        super().__init__('user triggered cancel')


class Watch:
    """The cancel state of one running operation."""

    def __init__(self, stack_id, registered):
        self.stack_id = stack_id
        self.registered = registered
        # The parent stack's id, for a nested stack (see ``request``).
        self.owner_id = None
        # None until cancelled; then whether to roll back.
        self.with_rollback = None
        # Set with with_rollback: wakes a pause between two steps.
        self.stopped = threading.Event()

    def requested(self):
        """:returns: True once the operation was asked to stop."""
        return self.with_rollback is not None

    def roll_back(self, default):
        """Whether the stopped operation rolls back.

        :param default: what the stack itself asks for (disable_rollback).
        :returns: the cancel's choice if there was one, else ``default``.
        """
        return default if self.with_rollback is None else self.with_rollback

    def close(self):
        """The operation is over: later cancels find nothing to stop."""
        if self.registered:
            with _LOCK:
                if _WATCHES.get(self.stack_id) is self:
                    del _WATCHES[self.stack_id]


def watch(stack_id, cancellable=True):
    """Register the running operation of ``stack_id``.

    The Watch an endpoint registered for it (``expect``) is taken over,
    with any cancel it received meanwhile.

    :param cancellable: False for operations that cannot be cancelled
        (a rollback); the Watch then never stops anything.
    :returns: a Watch, to ``close()`` when the operation ends.
    """
    if not cancellable:
        return Watch(stack_id, False)
    with _LOCK:
        result = _WATCHES.get(stack_id)
        if result is None:
            result = _WATCHES[stack_id] = Watch(stack_id, True)
    return result


def expect(stack_id, spawn):
    """Register the Watch of an operation, then ``spawn()`` it.

    :param spawn: hands the operation (which calls ``watch``) to a worker.
    """
    registered = watch(stack_id)
    try:
        spawn()
    except Exception:
        registered.close()
        raise


def request(stack_id, with_rollback):
    """Ask the running operation of ``stack_id`` (in this engine) to stop.

    The nested stacks it runs inline are asked to stop without rollback.

    :returns: True if an operation was running here and got the request.
    """
    with _LOCK:
        running = _WATCHES.get(stack_id)
        if running is None:
            return False
        running.with_rollback = bool(with_rollback)
        running.stopped.set()
        for other in _WATCHES.values():
            if other.with_rollback is None and _descends(other, stack_id):
                other.with_rollback = False
                other.stopped.set()
    return True


def pause(stack_id, seconds):
    """Wait ``seconds`` in a step of the running operation of ``stack_id``
    (a group's ``pause_time`` between two batches), or less if a cancel
    comes: Heat's pauses are steps of the cancellable update task as well
    (heat/engine/resources/openstack/heat/resource_group.py, ``_replace``
    runs ``pause_between_batch`` as a TaskRunner between the batches).

    The engine's stop ends it too (``pool.EngineStopping``), within
    ``STOP_CHECK`` seconds.

    :raises: Cancelled if the operation is, or gets, a cancel.
    """
    with _LOCK:
        running = _WATCHES.get(stack_id)
    stopped = running.stopped if running is not None else threading.Event()
    deadline = time.monotonic() + seconds
    while True:
        pool.check_stopping()
        left = deadline - time.monotonic()
        if left <= 0:
            return
        if stopped.wait(min(left, STOP_CHECK)):
            raise Cancelled()


def _descends(child, ancestor_id):
    """Whether ``child`` runs under ``ancestor_id`` (through the chain of
    running parents). Called with ``_LOCK`` held.
    """
    seen = set()
    owner_id = child.owner_id
    while owner_id is not None and owner_id not in seen:
        if owner_id == ancestor_id:
            return True
        seen.add(owner_id)
        parent = _WATCHES.get(owner_id)
        owner_id = parent.owner_id if parent is not None else None
    return False
