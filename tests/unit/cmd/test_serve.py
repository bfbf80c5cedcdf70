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

"""The serving loop: signals caught while a binary starts are kept."""

import signal
import time
from unittest import mock

from heat_vision import cmd
from tests import base


class ServeTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(graceful_shutdown_timeout=30)
        # A queue of this test's own: no handler is installed in the
        # test runner's process.
        self.signals = cmd._Signals()
        self.patch(cmd, '_signals', self.signals)
        self.patch(cmd.gc, 'freeze', lambda: None)
        self.patch(cmd.gc, 'set_threshold', lambda *args: None)
        self.stopped = []

    def stop(self):
        self.stopped.append(True)

    def test_a_sigterm_while_starting_stops_once_serving(self):
        self.signals.on_signal(signal.SIGTERM, None)
        cmd.serve(self.stop)
        self.assertEqual([True], self.stopped)

    def test_a_sighup_while_starting_reloads_then_serves_on(self):
        reloads = []
        self.patch(cmd, 'reload_config', lambda: reloads.append(True))
        self.signals.on_signal(signal.SIGHUP, None)
        self.signals.on_signal(signal.SIGINT, None)
        cmd.serve(self.stop)
        self.assertEqual(([True], [True]), (reloads, self.stopped))

    def test_a_second_stop_while_starting_exits_at_once(self):
        with mock.patch.object(cmd.os, '_exit') as exit_now:
            self.signals.on_signal(signal.SIGTERM, None)
            exit_now.assert_not_called()
            self.signals.on_signal(signal.SIGINT, None)
            exit_now.assert_called_once_with(1)

    def test_a_stop_while_serving_is_not_an_exit(self):
        self.signals.serving = True
        with mock.patch.object(cmd.os, '_exit') as exit_now:
            self.signals.on_signal(signal.SIGTERM, None)
            self.signals.on_signal(signal.SIGTERM, None)
        exit_now.assert_not_called()

    def test_a_console_script_bounds_its_exit_too(self):
        bounds = []
        self.patch(cmd, '_bound_exit', lambda *args: bounds.append(args))
        self.signals.on_signal(signal.SIGTERM, None)
        cmd.serve(self.stop)
        self.assertEqual([], bounds)    # not this test runner's exit
        self.signals.installed = True
        self.signals.on_signal(signal.SIGTERM, None)
        cmd.serve(self.stop)
        self.assertEqual(1, len(bounds))
        deadline, timeout = bounds[0]
        self.assertEqual(30, timeout)
        self.assertLessEqual(deadline, time.monotonic() + 30)

    def test_an_exit_still_waiting_at_the_deadline_is_ended(self):
        # What the interpreter's exit would wait for: a thread that is
        # not a daemon and does not return.
        logged = []
        self.patch(cmd.LOG, 'error',
                   lambda msg, *args: logged.append(msg % args))
        with mock.patch.object(cmd.os, '_exit') as exit_now:
            cmd._exit_at(time.monotonic() - 1, 30)
        exit_now.assert_called_once_with(0)
        self.assertIn('thread that does not return', logged[0])
