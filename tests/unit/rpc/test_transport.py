"""The thread pool of heat-vision's RPC servers and listeners."""

import threading

from heat_vision.rpc import transport
from tests import base


class PromptThreadPoolExecutorTest(base.TestCase):

    def test_shutdown_runs_queued_work_first(self):
        executor = transport.PromptThreadPoolExecutor(max_workers=1)
        release = threading.Event()
        first = executor.submit(release.wait)
        second = executor.submit(lambda: 'done')
        threading.Timer(0.05, release.set).start()
        executor.shutdown(wait=True)
        self.assertTrue(first.result(0))
        self.assertEqual('done', second.result(0))
        self.assertFalse(any(w.is_alive() for w in executor._workers))

    def test_no_work_after_shutdown(self):
        executor = transport.PromptThreadPoolExecutor(max_workers=2)
        executor.submit(lambda: None).result()
        executor.shutdown()
        self.assertRaises(RuntimeError, executor.submit, lambda: None)
