"""TaskFlow jobboards (Redis, or ZooKeeper) behind ``runner``'s board API.

The Redis jobboard keeps a claim until it is released unless the claim has
an expiry: ``ExpiringClaims`` gives every claim ``[tasks] claim_expiry``
seconds, and the conductor renews the claims of the jobs it runs, so the
jobs of a conductor that dies are claimed again by another once that time
has passed. ZooKeeper's claims are ephemeral nodes and need neither.
"""

from urllib import parse

from oslo_config import cfg
from taskflow.jobs import backends as job_backends

from heat_vision.tasks import persistence
from heat_vision.tasks import wakeup

CONF = cfg.CONF


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
        if CONF.tasks.jobboard == 'redis':
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

    def post(self, name, book, details):
        """Post a run for any conductor to claim (and wake them)."""
        self.jobboard.post(name, book=book, details=details)
        if self.publisher is not None:
            self.publisher.publish()

    def has_job(self, name):
        """:returns: True if a run of that name waits or runs on the board.
        """
        return any(job.name == name for job in self.jobboard.iterjobs())
