"""TaskFlow jobboards (Redis, or ZooKeeper) behind ``runner``'s board API.

The Redis jobboard keeps a claim until it is released unless the claim has
an expiry: ``ExpiringClaims`` gives every claim ``[tasks] claim_expiry``
seconds, and the conductor renews the claims of the jobs it runs, so the
jobs of a conductor that dies are claimed again by another once that time
has passed. ZooKeeper's claims are ephemeral nodes and need neither.

On Redis a run is posted under a uuid derived from its name
(``post_once``): posting a run that is already on the board (a repost by
``reconcile`` racing the first post) leaves the one posting there, so
two conductors can never claim the same run at once.
"""

import time
from urllib import parse
import uuid

from oslo_config import cfg
from oslo_utils import timeutils
from taskflow.jobs import backends as job_backends
from taskflow.jobs.backends import impl_redis
from taskflow.jobs import base as job_base

from heat_vision.tasks import persistence
from heat_vision.tasks import runner
from heat_vision.tasks import wakeup

CONF = cfg.CONF
_POSTINGS = uuid.UUID('0c6f3e2a-3d0e-4b8e-9f61-7a2f4c1d9b35')


def _conf():
    url = parse.urlparse(CONF.tasks.jobboard_url)
    if CONF.tasks.jobboard == 'redis':
        conf = {'board': 'redis', 'host': url.hostname or '127.0.0.1',
                'port': url.port or 6379,
                'namespace': CONF.tasks.jobboard_name}
        if url.password:
            conf['password'] = url.password
        if url.path.strip('/'):
            conf['db'] = int(url.path.strip('/'))
        return conf
    return {'board': 'zookeeper', 'hosts': url.netloc,
            'path': '/' + CONF.tasks.jobboard_name.strip('/')}


def posting_uuid(name):
    """:returns: the uuid of run ``name``'s posting on a Redis board."""
    return str(uuid.uuid5(_POSTINGS, name))


def post_once(board, name, book, details):
    """Post run ``name`` on a Redis jobboard unless it is there already.

    TaskFlow's ``post`` gives each posting a new uuid; here the uuid is
    ``posting_uuid(name)`` and the posting is added with ``HSETNX``, so
    a run is on the board at most once whoever posts it.

    :returns: True if posted, False if the run was on the board.
    """
    job_uuid = posting_uuid(name)
    posting = job_base.format_posting(job_uuid, name,
                                      created_on=timeutils.utcnow(),
                                      book=book, details=details)
    with impl_redis._translate_failures():
        posting['sequence'] = board._client.incr(board.sequence_key)
        return bool(board._client.hsetnx(
            board.listings_key, job_uuid.encode('latin-1'),
            board._dumps(posting)))


class ExpiringClaims:
    """A jobboard whose claims expire unless renewed (Redis)."""

    def __init__(self, board, expiry):
        self._board = board
        self._expiry = expiry

    def claim(self, job, who, expiry=None):
        return self._board.claim(job, who, expiry=expiry or self._expiry)

    def __getattr__(self, name):
        return getattr(self._board, name)


class JobBoard:
    """``runner``'s board on a TaskFlow jobboard."""

    def __init__(self, name):
        board = job_backends.fetch(name, _conf(),
                                   persistence=persistence.get_backend())
        self.publisher = None
        self._redis = CONF.tasks.jobboard == 'redis'
        if self._redis:
            board = ExpiringClaims(board, CONF.tasks.claim_expiry)
            self.publisher = wakeup.Publisher()
        self.jobboard = board

    def connect(self):
        self.jobboard.connect()

    def close(self):
        self.jobboard.close()
        if self.publisher is not None:
            self.publisher.close()
        return True

    @property
    def posts_when_due(self):
        """True if a run that starts later is posted only when it is due
        (``due.DuePoster`` posts it then).
        """
        return self._redis

    def post(self, name, book, details):
        """Post a run for any conductor to claim (and wake them).

        On Redis a run that starts more than ``runner.POST_AHEAD``
        seconds later is not posted now: a conductor would claim it and
        wait for its start on one of its ``max_jobs`` slots, and a
        thousand persistent jobs' next runs would take every slot. The
        conductors' ``due.DuePoster`` posts it when it is due.
        """
        start = runner.start_of(runner.flow_detail_of(book))
        if (self._redis and start is not None
                and start - time.time() > runner.POST_AHEAD):
            return
        self.post_now(name, book, details)

    def post_now(self, name, book, details):
        """Post a run whatever its start (see ``post``)."""
        if not self._redis:
            self.jobboard.post(name, book=book, details=details)
        elif not post_once(self.jobboard, name, book, details):
            return
        if self.publisher is not None:
            self.publisher.publish()

    def has_job(self, name):
        """:returns: True if a run of that name waits or runs on the board.
        """
        return name in self.run_names()

    def run_names(self):
        """:returns: the names of the runs on the board, claimed or not,
            in one listing (one ``HGETALL`` on Redis).
        """
        fetch = getattr(self.jobboard, '_fetch_jobs', None)
        jobs = fetch() if fetch is not None else self.jobboard.iterjobs()
        return {job.name for job in jobs}
