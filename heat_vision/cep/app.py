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

"""A sample CEP service: checks a dispatch, asks a strategy, calls back.

``CepApp`` is a WSGI application. It takes ``POST`` requests only, reads
at most ``max_body`` bytes, refuses (401) a request that is unsigned,
wrongly signed or outside the replay window and (409) an exact replay of
one already taken (``replay.ReplayMemory``: kept across restarts when
the CEP has a state directory), then hands the parsed dispatch to its
strategy. The strategy answers with the calls to make (a granted action
URL and its JSON body); they are made by a worker thread after the
answer (202), so heat-vision's dispatch never waits for a scaling to
finish.
"""

import collections
import json
import queue
import threading
import time
import urllib.request

import stevedore

from heat_vision.cep import replay
from heat_vision.cep import signature

NAMESPACE = 'heat_vision.cep'
MAX_BODY = 1024 * 1024
#: Calls and their outcomes kept for inspection (``CepApp.calls``).
MAX_LOG = 200


class Call:
    """An action URL a strategy decided to call, and why."""

    def __init__(self, url, body, why):
        self.url = url
        self.body = body
        self.why = why

    def to_dict(self):
        return {'why': self.why, 'body': self.body}


def load_strategy(name, **options):
    """:returns: the ``heat_vision.cep`` strategy ``name``, made with
    ``options``.
    """
    manager = stevedore.DriverManager(NAMESPACE, name, invoke_on_load=True,
                                      invoke_kwds=options)
    return manager.driver


def post_json(url, body, timeout=30):
    """POST ``body`` as JSON; :returns: the HTTP status."""
    request = urllib.request.Request(
        url, data=json.dumps(body).encode('utf-8'), method='POST',
        headers={'Content-Type': 'application/json'})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status
    except urllib.error.HTTPError as exc:
        return exc.code


class CepApp:
    """The WSGI application of a sample CEP.

    :param strategy: an object with ``decide(dispatch, now)`` returning a
        list of :class:`Call`.
    :param secret: the shared secret of the CEP resource.
    :param window: seconds of the replay window.
    :param sender: ``sender(url, body)`` makes one call (``post_json``).
    :param memory: the ``replay.ReplayMemory`` of the requests taken (one
        in memory only by default).
    """

    def __init__(self, strategy, secret, window=signature.DEFAULT_WINDOW,
                 max_body=MAX_BODY, sender=post_json, memory=None):
        if not secret:
            raise ValueError('a CEP needs the shared secret')
        self.strategy = strategy
        self.secret = secret
        self.window = window
        self.max_body = max_body
        self.sender = sender
        self.calls = collections.deque(maxlen=MAX_LOG)
        self.memory = memory if memory is not None else \
            replay.ReplayMemory()
        self._lock = threading.Lock()
        self._queue = queue.Queue()
        self._worker = threading.Thread(target=self._work, daemon=True,
                                        name='cep-calls')
        self._worker.start()

    def __call__(self, environ, start_response):
        if environ.get('REQUEST_METHOD') != 'POST':
            return _answer(start_response, '405 Method Not Allowed',
                           {'error': 'POST a signed dispatch'})
        try:
            length = int(environ.get('CONTENT_LENGTH') or 0)
        except ValueError:
            length = -1
        if not 0 < length <= self.max_body:
            return _answer(start_response, '413 Payload Too Large',
                           {'error': 'the body must be 1 to %d bytes'
                            % self.max_body})
        raw = environ['wsgi.input'].read(length)
        now = time.time()
        try:
            signature.verify(self.secret,
                             signature.headers_from_environ(environ), raw,
                             self.window, now)
        except signature.Refused as exc:
            return _answer(start_response, '401 Unauthorized',
                           {'error': str(exc)})
        if not self._first_time(environ, now):
            return _answer(start_response, '409 Conflict',
                           {'error': 'replayed request'})
        try:
            dispatch = json.loads(raw)
        except ValueError:
            return _answer(start_response, '400 Bad Request',
                           {'error': 'the body is not JSON'})
        with self._lock:
            calls = self.strategy.decide(dispatch, now)
        for call in calls:
            self._queue.put(call)
        return _answer(start_response, '202 Accepted',
                       {'calls': [c.to_dict() for c in calls]})

    def _first_time(self, environ, now):
        """Remember each signature for the window; False for a replay."""
        key = environ.get('HTTP_X_HEATVISION_SIGNATURE')
        return self.memory.first_time(key, now, now + 2 * self.window)

    def _work(self):
        while True:
            call = self._queue.get()
            try:
                status = self.sender(call.url, call.body)
            except OSError as exc:
                status = str(exc)
            self.calls.append(dict(call.to_dict(), status=status))
            self._queue.task_done()

    def drain(self, timeout=None):
        """Wait until the decided calls are made (for tests and tools)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._queue.unfinished_tasks:
            if deadline is not None and time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True


def _answer(start_response, status, body):
    data = json.dumps(body).encode('utf-8')
    start_response(status, [('Content-Type', 'application/json'),
                            ('Content-Length', str(len(data)))])
    return [data]


def policies(dispatch, group=None):
    """``[(name, grant)]`` of the granted policies (of ``group``)."""
    granted = ((dispatch.get('actions') or {}).get('policies') or {})
    return [(name, grant) for name, grant in sorted(granted.items())
            if group is None or grant.get('group') == group]


# Groups whose state a sample strategy keeps; the least recently seen
# goes first. The state is a few numbers a group: a CEP serving many
# stacks must not grow with every stack it ever saw.
MAX_GROUPS = 10000


class GroupStates(collections.OrderedDict):
    """``{group key: state}`` holding at most ``max_groups``, dropping the
    group seen least recently (a read or a write counts as seen).
    """

    def __init__(self, max_groups=MAX_GROUPS):
        super().__init__()
        if not 0 < int(max_groups) <= 10 ** 7:
            raise ValueError('max_groups must be 1 to 10000000')
        self.max_groups = int(max_groups)

    def __getitem__(self, key):
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.max_groups:
            self.popitem(last=False)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]


def group_key(dispatch, group):
    """The key of a group's state in a strategy: a CEP may serve several
    stacks, whose groups may share a name.
    """
    stack = dispatch.get('stack') or {}
    return '%s/%s' % (stack.get('id') or stack.get('name') or '', group)


def metric(dispatch, key):
    """The number ``key`` of the alarm's reason data, or None."""
    data = (dispatch.get('alarm') or {}).get('reason_data') or {}
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)
