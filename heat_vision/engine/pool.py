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

"""The engine's worker threads for stack operations."""

from concurrent import futures

from oslo_log import log as logging

LOG = logging.getLogger(__name__)


class WorkerPool:

    def __init__(self, size):
        self._executor = futures.ThreadPoolExecutor(
            max_workers=size, thread_name_prefix='stack-op')
        self._running = set()

    def spawn(self, fn, *args):
        future = self._executor.submit(fn, *args)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    def wait_idle(self, timeout=None):
        """Wait for what is running now (tests and graceful stops)."""
        futures.wait(list(self._running), timeout=timeout)

    def shutdown(self, wait=True):
        self._executor.shutdown(wait=wait, cancel_futures=not wait)
