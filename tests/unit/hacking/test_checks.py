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

"""Tests of heat-vision's own flake8 checks (heat_vision/hacking)."""

import ast
import textwrap

from heat_vision.hacking import checks
from tests import base


def _logical(check, line, filename='heat_vision/engine/x.py'):
    return list(check(line, filename))


def _tree(check, source, filename='heat_vision/engine/x.py'):
    tree = ast.parse(textwrap.dedent(source))
    return list(check(tree, filename))


class NoEventletTestCase(base.TestCase):

    def test_import_flagged(self):
        for line in ('import eventlet',
                     'import eventlet.green.threading',
                     'from eventlet import greenthread',
                     'from eventlet.green import socket'):
            errors = _logical(checks.no_eventlet, line)
            self.assertEqual(1, len(errors), line)
            self.assertTrue(errors[0][1].startswith('HV101'))

    def test_monkey_patch_flagged(self):
        for line in ('eventlet.monkey_patch()',
                     'patcher.monkey_patch(os=False)',
                     'monkey_patch()'):
            self.assertEqual(1, len(_logical(checks.no_eventlet, line)),
                             line)

    def test_other_lines_pass(self):
        for line in ('import futurist',
                     'from heat_vision.engine import eventlet_free',
                     'import eventlets_are_fine_as_a_name',
                     'x = monkey_patched'):
            self.assertEqual([], _logical(checks.no_eventlet, line), line)


class NoLogWarnTestCase(base.TestCase):

    def test_warn_flagged(self):
        errors = _logical(checks.no_log_warn, 'LOG.warn(msg)')
        self.assertEqual(1, len(errors))
        self.assertTrue(errors[0][1].startswith('HV103'))

    def test_warning_passes(self):
        self.assertEqual([], _logical(checks.no_log_warn, 'LOG.warning(m)'))
        self.assertEqual([], _logical(checks.no_log_warn,
                                      'warnings.warn(m)'))


class RevertKwargsTestCase(base.TestCase):

    def test_revert_without_kwargs_flagged(self):
        errors = _tree(checks.revert_takes_kwargs, """
            class MarkFailed(task.Task):
                def execute(self, stack_id):
                    pass

                def revert(self, stack_id, result):
                    pass
            """)
        self.assertEqual(1, len(errors))
        self.assertEqual(6, errors[0][0])
        self.assertTrue(errors[0][2].startswith('HV102'))

    def test_revert_with_kwargs_passes(self):
        self.assertEqual([], _tree(checks.revert_takes_kwargs, """
            class MarkFailed(task.Task):
                def revert(self, stack_id, *args, **kwargs):
                    pass

            class Other:
                async def revert(self, **kw):
                    pass
            """))

    def test_plain_function_named_revert_passes(self):
        self.assertEqual([], _tree(checks.revert_takes_kwargs, """
            def revert(snapshot):
                pass
            """))


class MutableDefaultTestCase(base.TestCase):

    def test_mutable_defaults_flagged(self):
        for source in ('def f(a=[]): pass',
                       'def f(a={}): pass',
                       'def f(a, b={1}): pass',
                       'def f(a=list()): pass',
                       'def f(a=dict(x=1)): pass',
                       'def f(a=collections.defaultdict(list)): pass',
                       'def f(*, a=set()): pass',
                       'def f(a=[x for x in y]): pass',
                       'class C:\n    def m(self, a: dict = {}): pass'):
            errors = _tree(checks.no_mutable_default_args, source)
            self.assertEqual(1, len(errors), source)
            self.assertTrue(errors[0][2].startswith('HV104'))

    def test_immutable_defaults_pass(self):
        for source in ('def f(a=None, b=(), c=0, d="x"): pass',
                       'def f(a=frozenset()): pass',
                       'def f(*, a=None, b): pass',
                       'def f(a=CONSTANT): pass'):
            self.assertEqual(
                [], _tree(checks.no_mutable_default_args, source), source)


class TranslationMarkerTestCase(base.TestCase):

    def test_import_from_i18n_passes(self):
        self.assertEqual([], _tree(checks.translation_marker_from_i18n, """
            from heat_vision.common.i18n import _

            msg = _('Stack %s not found')
            """))

    def test_import_from_elsewhere_flagged(self):
        for source in ('from oslo_i18n import _',
                       'from gettext import gettext as _',
                       'from heat_vision.common.exception import _',
                       'from .i18n import _',
                       'import gettext as _'):
            errors = _tree(checks.translation_marker_from_i18n, source)
            self.assertEqual(1, len(errors), source)
            self.assertTrue(errors[0][2].startswith('HV105'))

    def test_use_without_import_flagged(self):
        errors = _tree(checks.translation_marker_from_i18n, """
            msg = _('one')
            other = _('two')
            """)
        self.assertEqual(1, len(errors))
        self.assertEqual(2, errors[0][0])

    def test_throwaway_underscore_passes(self):
        self.assertEqual([], _tree(checks.translation_marker_from_i18n, """
            for _ in range(3):
                pass
            name, _ = pair
            """))

    def test_i18n_module_itself_passes(self):
        self.assertEqual([], _tree(
            checks.translation_marker_from_i18n,
            "_ = factory.primary\nx = _('y')\n",
            filename='./heat_vision/common/i18n.py'))

    def test_wrong_import_reported_once(self):
        errors = _tree(checks.translation_marker_from_i18n, """
            from oslo_i18n import _
            msg = _('one')
            """)
        self.assertEqual(1, len(errors))


class PluginsBehindTheFacadeTestCase(base.TestCase):

    PLUGIN = 'heat_vision/resources/heat/thing.py'

    def test_engine_and_db_imports_flagged(self):
        for line in ('from heat_vision.engine import nested',
                     'from heat_vision.db import resource_data',
                     'import heat_vision.engine.stack',
                     'from heat_vision.engine.endpoints import x'):
            errors = _logical(checks.plugins_behind_the_facade, line,
                              self.PLUGIN)
            self.assertEqual(1, len(errors), line)
            self.assertTrue(errors[0][1].startswith('HV106'))

    def test_other_imports_and_other_packages_pass(self):
        for line in ('from heat_vision.template import constraints',
                     'from heat_vision.resources import base',
                     'from heat_vision.engine_free import x'):
            self.assertEqual([], _logical(checks.plugins_behind_the_facade,
                                          line, self.PLUGIN), line)
        self.assertEqual([], _logical(
            checks.plugins_behind_the_facade,
            'from heat_vision.engine import nested',
            './heat_vision/engine/facade.py'))
