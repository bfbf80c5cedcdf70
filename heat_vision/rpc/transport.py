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

"""oslo.messaging transports, servers, clients and notifiers.

The embedded default transport is ``inproc://`` (heat_vision.rpc.inproc);
a distributed deployment sets ``transport_url = rabbit://...``.
"""

import sys
import threading

import futurist
from oslo_config import cfg
import oslo_messaging as messaging
from oslo_messaging.rpc import dispatcher

from heat_vision.common import context

CONF = cfg.CONF

ALLOWED_EXMODS = ['heat_vision.common.exception']

# The key of a context's sealed trust in RPC messages.
SEALED_TRUST = 'hv_sealed_trust'
_LOCK = threading.Lock()
_TRANSPORTS = {}
# Longest wait, in seconds, of an idle AMQP listener for a message.
AMQP_IDLE_WAIT = 0.25


class RequestContextSerializer(messaging.Serializer):
    """Contexts travel as dicts; entities are plain JSON already."""

    def serialize_entity(self, ctxt, entity):
        return entity

    def deserialize_entity(self, ctxt, entity):
        return entity

    def serialize_context(self, ctxt):
        return ctxt.to_dict()

    def deserialize_context(self, ctxt):
        return context.RequestContext.from_dict(ctxt)


class RpcContextSerializer(RequestContextSerializer):
    """RPC calls also carry the context's sealed (encrypted) trust, so

    that work called on behalf of a trust (a task job's step creating a
    stack) uses that trust instead of asking Keystone for another, which
    a token of a trust may not. Notifications never carry it.
    """

    def serialize_context(self, ctxt):
        values = compact_context(ctxt.to_dict())
        sealed = getattr(ctxt, 'sealed_trust', None)
        if sealed:
            values[SEALED_TRUST] = sealed
        return values

    def deserialize_context(self, ctxt):
        values = dict(ctxt)
        sealed = values.pop(SEALED_TRUST, None)
        result = context.RequestContext.from_dict(values)
        result.sealed_trust = sealed
        return result


#: Keys of a context's ``to_dict`` that ``from_dict`` does not read: they
#: are derived from others (``project`` is ``project_id``).
_DERIVED_CONTEXT_KEYS = frozenset(('project', 'user_identity'))
#: The values ``from_dict`` gives the keys it reads when they are absent,
#: where that is not None.
_CONTEXT_DEFAULTS = {'is_admin': False, 'read_only': False,
                     'show_deleted': False, 'is_admin_project': True}


def compact_context(values):
    """``values`` (a context's ``to_dict``) without what ``from_dict``
    would make the same without it: the derived keys and the values it
    defaults to.

    NOTE(heat-vision): oslo.messaging packs each key of a call's context
    into the message, unpacks and deep-copies them on the server, and
    both sides encode and decode them as JSON: of a request context's
    nineteen keys, about ten are None or derived in a usual call, a
    tenth of the CPU of a small call on each side. ``from_dict`` reads
    every key with ``values.get`` (oslo.context's ``RequestContext``), so
    the context it builds is the same; notifications keep every key
    (their listeners may be other services reading the dict itself).
    """
    return {key: value for key, value in values.items()
            if key not in _DERIVED_CONTEXT_KEYS and
            value != _CONTEXT_DEFAULTS.get(key)}


def get_rpc_transport():
    return _cached('rpc', messaging.get_rpc_transport)


def get_notification_transport():
    return _cached('notification', messaging.get_notification_transport)


def _cached(kind, factory):
    with _LOCK:
        if kind not in _TRANSPORTS:
            _TRANSPORTS[kind] = factory(
                CONF, allowed_remote_exmods=ALLOWED_EXMODS)
            _shorten_amqp_idle_wait()
        return _TRANSPORTS[kind]


def _shorten_amqp_idle_wait():
    """Make an idle RabbitMQ listener stop within ``AMQP_IDLE_WAIT``.

    NOTE(heat-vision): oslo.messaging's AMQP listener, while no message
    comes, waits for one twice as long each time, up to
    ``ACK_REQUEUE_EVERY_SECONDS_MAX`` (5 s), and stopping its server
    waits for that wait to end. An idle engine stops four listeners (its
    RPC server, the task service's, the alarm listeners) one after the
    other: it took up to 15 s to stop on SIGTERM. With a shorter longest
    wait an idle listener wakes four times a second, and acknowledges
    messages sooner (the constant's first purpose). Set once the rabbit
    driver is loaded: its ``kombu_reconnect_delay`` option takes its
    maximum from the constant when the module is imported.
    """
    if 'oslo_messaging._drivers.impl_rabbit' not in sys.modules:
        return
    amqp = sys.modules['oslo_messaging._drivers.amqpdriver']
    if getattr(amqp, 'ACK_REQUEUE_EVERY_SECONDS_MAX', 0) > AMQP_IDLE_WAIT:
        amqp.ACK_REQUEUE_EVERY_SECONDS_MAX = AMQP_IDLE_WAIT


def describe_url(conf=CONF):
    """The RPC transport URL without its credentials, for messages.

    ``rabbit://user:secret@host:5672/vhost`` reads
    ``rabbit://host:5672/vhost``.
    """
    url = messaging.TransportURL.parse(conf, conf.transport_url)
    hosts = ','.join('%s:%s' % (h.hostname, h.port) if h.port
                     else h.hostname or '' for h in url.hosts)
    return '%s://%s/%s' % (url.transport, hosts, url.virtual_host or '')


def is_embedded(conf=CONF):
    """Whether RPC stays in this process (``inproc://``)."""
    return conf.transport_url.startswith('inproc:')


def reset():
    """Drop cached transports (tests, and processes that reconfigure)."""
    with _LOCK:
        transports = list(_TRANSPORTS.values())
        _TRANSPORTS.clear()
    for transport in transports:
        transport.cleanup()


class _WakeUp:
    """An empty work item: it wakes the pool worker that takes it."""

    def run(self):
        pass


class PromptThreadPoolExecutor(futurist.ThreadPoolExecutor):
    """futurist's thread pool, whose shutdown does not wait a second.

    An idle futurist worker waits for work with a one-second timeout and
    looks at its stop flag only when that expires, so shutting the pool
    down (which ``wait()`` of an oslo.messaging server does) took a full
    second once the server had handled a message: the stop of every
    engine, task service and monitoring listener. Here each stopped
    worker is handed an empty work item, which wakes it at once.
    """

    def shutdown(self, wait=True, *, cancel_futures=False):
        with self._shutdown_lock:
            first = not self._shutdown
            if first and wait:
                # What futurist's own shutdown waits for first: the work
                # already queued.
                self._work_queue.join()
            super().shutdown(wait=False, cancel_futures=cancel_futures)
        if first:
            # A wake-up that a worker leaves (it stopped on its own idle
            # timeout first) stays queued unfinished: a second shutdown
            # must not join the queue again, or it would wait for ever.
            for worker in self._workers:
                if worker.is_alive():
                    self._work_queue.put(_WakeUp())
        if wait:
            for worker in self._workers:
                worker.join()


def prompt(server):
    """:returns: ``server`` (an oslo.messaging RPC server or notification
        listener, not started yet), with a pool that stops at once.
    """
    # oslo.messaging takes only an executor's name ('threading') and
    # builds futurist's pool from it in start().
    server._executor_cls = PromptThreadPoolExecutor
    return server


def get_rpc_server(target, endpoints):
    return prompt(messaging.get_rpc_server(
        get_rpc_transport(), target, endpoints,
        serializer=RpcContextSerializer(),
        access_policy=dispatcher.DefaultRPCAccessPolicy))


def get_notification_listener(targets, endpoints, serializer=None,
                              pool=None):
    """A notification listener on the notification transport, with the
    thread pool of ``get_rpc_server``.
    """
    return prompt(messaging.get_notification_listener(
        get_notification_transport(), targets, endpoints,
        executor='threading',
        serializer=serializer or RequestContextSerializer(), pool=pool))


def get_rpc_client(target, version_cap=None):
    return messaging.get_rpc_client(
        get_rpc_transport(), target, version_cap=version_cap,
        serializer=RpcContextSerializer())


def get_notifier(publisher_id):
    notifier = messaging.Notifier(get_notification_transport(),
                                  serializer=RequestContextSerializer())
    return notifier.prepare(publisher_id=publisher_id)
