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

"""What a sample CEP remembers of the requests it took: no replay.

A request's signature is kept until twice the replay window has passed
(a request older than the window is refused as stale anyway). Kept in a
small sqlite file when the CEP has a state directory, so that a restart
does not open a window in which a captured request is taken again; at
most ``limit`` signatures are kept (the oldest go first).
"""

import os
import sqlite3
import threading

FILE_NAME = 'replay.sqlite'
DEFAULT_LIMIT = 100000


class ReplayMemory:
    """Signatures seen, each until its expiry.

    :param state_dir: the directory of the sqlite file, or None to keep
        them in memory only.
    :param limit: most signatures kept.
    """

    def __init__(self, state_dir=None, limit=DEFAULT_LIMIT):
        self.limit = limit
        self._lock = threading.Lock()
        path = ':memory:'
        if state_dir:
            os.makedirs(state_dir, mode=0o700, exist_ok=True)
            path = os.path.join(state_dir, FILE_NAME)
        self._db = sqlite3.connect(path, check_same_thread=False,
                                   isolation_level=None)
        self._db.execute('CREATE TABLE IF NOT EXISTS seen ('
                         'signature TEXT PRIMARY KEY, until REAL NOT NULL)')
        self._db.execute('CREATE INDEX IF NOT EXISTS seen_until '
                         'ON seen (until)')

    def first_time(self, key, now, until):
        """Remember ``key`` until ``until``.

        :returns: False if it was already remembered (a replay).
        """
        with self._lock:
            self._db.execute('DELETE FROM seen WHERE until < ?', (now,))
            try:
                self._db.execute('INSERT INTO seen VALUES (?, ?)',
                                 (key, until))
            except sqlite3.IntegrityError:
                return False
            self._db.execute(
                'DELETE FROM seen WHERE signature IN (SELECT signature '
                'FROM seen ORDER BY until DESC LIMIT -1 OFFSET ?)',
                (self.limit,))
            return True

    def __len__(self):
        with self._lock:
            return self._db.execute('SELECT COUNT(*) FROM seen').fetchone()[0]

    def close(self):
        with self._lock:
            self._db.close()
