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

"""Log records stay one line whatever text their arguments carry."""

import io
import logging

from heat_vision.common import log_lines
from tests import base


class EscapeTest(base.TestCase):

    def test_line_breaks_and_controls_are_escaped(self):
        self.assertEqual(
            'a\\nb\\rc\\x1b[31md\\x00e\\x7ff\\x85g\\u2028h\\u2029i',
            log_lines.escape('a\nb\rc\x1b[31md\x00e\x7ff\x85g\u2028h\u2029i'))

    def test_tabs_and_other_text_are_kept(self):
        text = 'tab\there, unicode \u00e9\u4e2d, a literal \\n'
        self.assertEqual(text, log_lines.escape(text))


class FilterTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.logger = logging.getLogger('tests.log_lines.%s' % self.id())
        self.logger.propagate = False
        self.stream = io.StringIO()
        handler = logging.StreamHandler(self.stream)
        handler.setFormatter(logging.Formatter('%(levelname)s %(message)s'))
        self.logger.addHandler(handler)
        self.addCleanup(self.logger.removeHandler, handler)
        log_lines.install(self.logger)

    def lines(self):
        return self.stream.getvalue().splitlines()

    def test_a_forged_record_stays_in_its_own(self):
        self.logger.warning('Stack %(name)s failed: %(reason)s',
                            {'name': 's', 'reason': 'x\nINFO forged'})
        self.logger.warning('Resource %s failed: %s', 'r', 'y\r\nERROR z')
        self.assertEqual(['WARNING Stack s failed: x\\nINFO forged',
                          'WARNING Resource r failed: y\\r\\nERROR z'],
                         self.lines())

    def test_a_message_formatted_before_logging_is_escaped_too(self):
        self.logger.warning('reason: %s' % 'a\nb')
        self.assertEqual(['WARNING reason: a\\nb'], self.lines())

    def test_a_traceback_keeps_its_lines(self):
        try:
            raise ValueError('bad\nvalue')
        except ValueError:
            self.logger.exception('failed: %s', 'one\ntwo')
        lines = self.lines()
        self.assertEqual('ERROR failed: one\\ntwo', lines[0])
        self.assertEqual('Traceback (most recent call last):', lines[1])
        self.assertIn('ValueError: bad', lines)

    def test_arguments_that_do_not_fit_are_left_to_the_handler(self):
        errors = []
        self.patch(logging.StreamHandler, 'handleError',
                   lambda handler, record: errors.append(record))
        self.logger.warning('%s and %s', 'one')
        self.assertEqual(1, len(errors))
        self.assertEqual(('one',), errors[0].args)

    def test_installed_once_per_handler(self):
        log_lines.install(self.logger)
        (handler,) = self.logger.handlers
        self.assertEqual(1, len([f for f in handler.filters
                                 if isinstance(f, log_lines.OneLineFilter)]))
