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

"""What heat-vision adds to TaskFlow's Redis jobboard.

Imported only when ``[tasks] jobboard = redis`` (``boards.JobBoard``):
the redis package is an extra (``pip install heat-vision[redis]``).

* Claims expire: TaskFlow keeps a claim until it is released unless the
  claim has an expiry. Here every claim gets ``[tasks] claim_expiry``
  seconds, and the conductor renews the claims of the jobs it runs, so
  the jobs of a conductor that dies are claimed again by another once
  that time has passed.
* A run is posted once (``post_once``), under a uuid derived from its
  name: posting a run that is already on the board (a repost by
  ``reconcile`` racing the first post) leaves the one posting there, so
  two conductors can never claim the same run at once.
* The conductor lists the unclaimed runs in one pipeline
  (``unclaimed_jobs``).
"""

import uuid

from oslo_utils import timeutils
import redis
from taskflow import exceptions as tf_exc
from taskflow.jobs.backends import impl_redis
from taskflow.jobs import base as job_base

_POSTINGS = uuid.UUID('0c6f3e2a-3d0e-4b8e-9f61-7a2f4c1d9b35')


def posting_uuid(name):
    """:returns: the uuid of run ``name``'s posting on a Redis board."""
    return str(uuid.uuid5(_POSTINGS, name))


class RedisBoard:
    """TaskFlow's Redis jobboard with expiring claims, posts made once and
    a one-pipeline listing of the unclaimed runs.
    """

    def __init__(self, board, expiry):
        self._board = board
        self._expiry = expiry

    def claim(self, job, who, expiry=None):
        return self._board.claim(job, who, expiry=expiry or self._expiry)

    def post_once(self, name, book, details):
        """Post run ``name`` unless it is on the board already.

        TaskFlow's ``post`` gives each posting a new uuid; here the uuid
        is ``posting_uuid(name)`` and the posting is added with
        ``HSETNX``, so a run is on the board at most once whoever posts
        it.

        :returns: True if posted, False if the run was on the board.
        """
        board = self._board
        job_uuid = posting_uuid(name)
        posting = job_base.format_posting(job_uuid, name,
                                          created_on=timeutils.utcnow(),
                                          book=book, details=details)
        with impl_redis._translate_failures():
            posting['sequence'] = board._client.incr(board.sequence_key)
            return bool(board._client.hsetnx(
                board.listings_key, job_uuid.encode('latin-1'),
                board._dumps(posting)))

    def unclaimed_jobs(self):
        """:returns: the runs of the board that no conductor has claimed.

        TaskFlow's iterator asks Redis for the state of each run in turn
        (a transaction each), claimed ones included; here the owners of
        all the listed runs are read in one pipeline. A run seen unclaimed
        may be claimed by then: the claim itself is atomic and says so.

        :raises: taskflow's JobFailure if Redis cannot be read.
        """
        board = self._board
        try:
            jobs = board._fetch_jobs()
            pipe = board._client.pipeline(transaction=False)
            for job in jobs:
                pipe.exists(board.join(job.key + board.OWNED_POSTFIX))
            owned = pipe.execute() if jobs else []
        except redis.RedisError as exc:
            raise tf_exc.JobFailure('Cannot list the jobboard: %s' % exc)
        return [job for job, claimed in zip(jobs, owned) if not claimed]

    def __getattr__(self, name):
        return getattr(self._board, name)
