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
