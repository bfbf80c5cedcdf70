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

"""An in-process oslo.messaging driver for the embedded mode (``inproc://``).

oslo.messaging's ``fake://`` driver polls its queues every 50 ms, which
makes every RPC call cost about that much. This driver hands a message to a
waiting listener through a condition variable instead, so an RPC round trip
costs what the serialisation and two thread switches cost.

Messages, replies and errors are still serialised as the network drivers
serialise them (JSON, remote exceptions rebuilt from the allowed modules),
so code that works embedded works over RabbitMQ too. The semantics follow
the network drivers: a topic queue has competing consumers, a server queue
one, fanout reaches every server; notification pools each get a copy.
A call made with ``TransportOptions(at_least_once=True)`` (the API's)
fails at once with MessageDeliveryFailure when no server listens on its
queue, as a call with the mandatory flag does on RabbitMQ; other calls
wait for their server.
Everything lives in this process: several transports created from the same
URL (the API's and the engine's) share the exchanges.
"""

import collections
import queue
import sys
import threading

import oslo_messaging
from oslo_messaging._drivers import base
from oslo_messaging._drivers import common as rpc_common
from oslo_serialization import jsonutils
from oslo_utils import timeutils

# Notifications sent with no listener are dropped (the embedded mode has
# nobody else to keep them for); RPC messages wait for their server.
_MAX_QUEUED_NOTIFICATIONS = 10000


def _copy(value):
    """What crossing the wire does to a value: a JSON round trip.

    :raises: ValueError (never RecursionError) for a value nesting too
        deeply to be encoded; the API keeps bodies far shallower.
    """
    try:
        return jsonutils.loads(jsonutils.dumps(value))
    except RecursionError:
        raise ValueError('the message nests too deeply to be sent')


class _IncomingMessage(base.RpcIncomingMessage):

    def __init__(self, ctxt, message, reply_q, requeue):
        super().__init__(ctxt, message)
        self._reply_q = reply_q
        self._requeue = requeue

    def reply(self, reply=None, failure=None):
        if self._reply_q is None:
            return
        if failure is None:
            try:
                reply = _copy(reply)
            except ValueError:
                # The caller gets the error instead of waiting in vain.
                reply, failure = None, sys.exc_info()
        if failure is not None:
            reply, failure = None, rpc_common.serialize_remote_exception(
                failure)
        self._reply_q.put((reply, failure))

    def requeue(self):
        self._requeue()

    def heartbeat(self):
        """Nothing to keep alive in one process."""


class _Exchange:
    """The queues of one exchange, guarded by one condition."""

    def __init__(self):
        self._lock = threading.RLock()
        self.cond = threading.Condition(self._lock)
        self._topic_queues = {}     # (topic, pool) -> deque
        self._topics = set()        # the topics of _topic_queues
        self._server_queues = {}    # (topic, server) -> deque
        self._listeners = collections.Counter()  # (topic, server) -> n
        # id(queue) -> the conditions (on ``cond``'s lock) of the
        # listeners reading it: a message wakes only those, not every
        # listener of the exchange (the engine's, the task service's,
        # the notification listeners').
        self._waiters = collections.defaultdict(list)

    def waiter(self, keys):
        """A condition notified when a message reaches one of ``keys``'
        queues; the caller waits on it holding ``cond``.
        """
        cond = threading.Condition(self._lock)
        with self.cond:
            for topic, server, pool in keys:
                self._waiters[id(self._queue(topic, server, pool))].append(
                    cond)
        return cond

    def forget_waiter(self, cond):
        with self.cond:
            for conds in self._waiters.values():
                if cond in conds:
                    conds.remove(cond)

    def listening(self, keys, count):
        """Add ``count`` (1 or -1) listeners to each (topic, server)."""
        with self.cond:
            for topic, server, _pool in keys:
                self._listeners[(topic, server)] += count

    def has_listener(self, topic, server=None):
        with self.cond:
            return self._listeners[(topic, server)] > 0

    def has_queue(self, topic):
        """Whether a notification to ``topic`` would be queued."""
        with self.cond:
            return topic in self._topics

    def _queue(self, topic, server=None, pool=None):
        if server:
            return self._server_queues.setdefault((topic, server),
                                                  collections.deque())
        self._topics.add(topic)
        return self._topic_queues.setdefault((topic, pool),
                                             collections.deque())

    def deliver(self, item, topic, server=None, fanout=False,
                notification=False):
        with self.cond:
            if fanout:
                queues = [q for (t, _s), q in self._server_queues.items()
                          if t == topic]
            elif server:
                queues = [self._queue(topic, server)]
            else:
                queues = [q for (t, _p), q in self._topic_queues.items()
                          if t == topic]
                if not queues and not notification:
                    queues = [self._queue(topic)]
            for q in queues:
                if notification and len(q) >= _MAX_QUEUED_NOTIFICATIONS:
                    q.popleft()
                q.append(item)
                for waiter in self._waiters.get(id(q), ()):
                    waiter.notify_all()

    def take(self, keys):
        """Pop the first message of the first non-empty queue in ``keys``.

        The caller holds ``cond``.
        """
        for topic, server, pool in keys:
            q = self._queue(topic, server, pool)
            if q:
                return q.popleft()
        return None


class _ExchangeManager:
    _lock = threading.Lock()
    _exchanges = {}

    def __init__(self, default_exchange):
        self._default = default_exchange

    def get(self, name):
        name = name or self._default
        found = self._exchanges.get(name)
        if found is not None:
            return found
        with self._lock:
            return self._exchanges.setdefault(name, _Exchange())


class _Listener(base.PollStyleListener):

    def __init__(self, exchange, keys):
        super().__init__()
        self._exchange = exchange
        self._keys = keys
        self._stopped = False
        self._cond = exchange.waiter(keys)
        exchange.listening(keys, 1)

    @base.batch_poll_helper
    def poll(self, timeout=None):
        watch = timeutils.StopWatch(timeout).start()
        cond = self._cond
        with cond:
            while True:
                item = self._exchange.take(self._keys)
                if item is not None:
                    return _IncomingMessage(*item)
                if self._stopped or watch.expired():
                    return None
                cond.wait(watch.leftover(return_none=True))

    def stop(self):
        with self._exchange.cond:
            if self._stopped:
                return
            self._stopped = True
            self._cond.notify_all()
        self._exchange.forget_waiter(self._cond)
        self._exchange.listening(self._keys, -1)


class InProcessDriver(base.BaseDriver):
    """oslo.messaging driver for ``inproc://`` transport URLs."""

    def __init__(self, conf, url, default_exchange=None,
                 allowed_remote_exmods=None):
        super().__init__(conf, url, default_exchange, allowed_remote_exmods)
        self._exchanges = _ExchangeManager(default_exchange)

    def require_features(self, requeue=True):
        pass

    def send(self, target, ctxt, message, wait_for_reply=None, timeout=None,
             call_monitor_timeout=None, retry=None, transport_options=None):
        reply_q = queue.Queue() if wait_for_reply else None
        exchange = self._exchanges.get(target.exchange)
        item = [_copy(ctxt), _copy(message), reply_q, None]
        topic, server, fanout = target.topic, target.server, target.fanout
        if (wait_for_reply and transport_options is not None and
                transport_options.at_least_once and
                not exchange.has_listener(topic, server)):
            raise oslo_messaging.MessageDeliveryFailure(
                'No server listens on topic %s' % topic)

        def requeue():
            exchange.deliver(tuple(item), topic, server, fanout)

        item[3] = requeue
        exchange.deliver(tuple(item), topic, server, fanout)
        if not wait_for_reply:
            return None
        try:
            reply, failure = reply_q.get(timeout=timeout)
        except queue.Empty:
            raise oslo_messaging.MessagingTimeout(
                'No reply on topic %s' % target.topic)
        if failure is not None:
            raise rpc_common.deserialize_remote_exception(
                failure, self._allowed_remote_exmods)
        return reply

    def takes_notification(self, topic, exchange=None):
        """Whether a notification to ``topic`` would be delivered (a
        listener took the topic), rather than dropped.
        """
        return self._exchanges.get(exchange).has_queue(topic)

    def send_notification(self, target, ctxt, message, version, retry=None):
        exchange = self._exchanges.get(target.exchange)
        if not exchange.has_queue(target.topic):
            # No listener ever took this topic: ``deliver`` drops it.
            # (A stack's every state is announced: copying each for no
            # one cost a third of a small nested stack's create.)
            return
        exchange.deliver((_copy(ctxt), _copy(message), None, lambda: None),
                         target.topic, notification=True)

    def listen(self, target, batch_size, batch_timeout):
        exchange = self._exchanges.get(target.exchange)
        keys = [(target.topic, target.server, None),
                (target.topic, None, None)]
        return base.PollStyleListenerAdapter(
            _Listener(exchange, keys), batch_size, batch_timeout)

    def listen_for_notifications(self, targets_and_priorities, pool,
                                 batch_size, batch_timeout):
        by_exchange = collections.defaultdict(list)
        for target, priority in targets_and_priorities:
            by_exchange[target.exchange].append(
                ('%s.%s' % (target.topic, priority), None, pool))
        if len(by_exchange) != 1:
            raise NotImplementedError(
                'inproc:// listens to one exchange per listener')
        name, keys = next(iter(by_exchange.items()))
        return base.PollStyleListenerAdapter(
            _Listener(self._exchanges.get(name), keys), batch_size,
            batch_timeout)

    def cleanup(self):
        """Queues belong to the process; nothing to close."""
