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

"""An RPC client checked against its recorded API (a committed JSON table).

The table maps each method to its history: ``[[version, [arguments added
in that version]], ...]``, the first entry being the version that
introduced the method. An argument spelt ``args.<key>`` is a key of the
method's ``args`` dict that came in that version (not a parameter).
"""

import inspect
import json
import os
import re
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
PLACEHOLDER = 'placeholder'

BUMP = ('%(what)s. A new method or argument needs a new minor version of '
        'the RPC API: bump RPC_API_VERSION (%(where)s) to the next minor, '
        'add a "* 1.N - ..." line naming the method and its new arguments '
        'to the version history in %(module)s, send the call at 1.N (for '
        'an older engine: drop the argument at its default, refuse it '
        'otherwise) and append ["1.N", [new arguments]] to the method in '
        '%(table)s.')


def load(name):
    with open(os.path.join(HERE, name)) as f:
        return json.load(f)


def minor(version):
    return int(version.split('.')[1])


def previous(version):
    """The version just before ``version`` (``1.7`` for ``1.8``)."""
    return '1.%d' % (minor(version) - 1)


def public_methods(client_class):
    return sorted(name for name, _ in inspect.getmembers(
        client_class, inspect.isfunction)
        if not name.startswith('_') and name != 'can_send_version')


def parameters(client_class, method):
    """The method's arguments after ``self`` and ``ctxt``."""
    func = getattr(client_class, method)
    return list(inspect.signature(func).parameters)[2:]


def required(client_class, method):
    func = getattr(client_class, method)
    return [name for name, param in list(
        inspect.signature(func).parameters.items())[2:]
        if param.default is inspect.Parameter.empty]


def recorded_parameters(entries):
    return [arg for _version, args in entries for arg in args
            if '.' not in arg]


def history(module):
    """``{version: text}`` of the "API version history" in the docstring."""
    doc = module.__doc__.split('API version history:', 1)[1]
    return dict(re.findall(r'^\* (\d+\.\d+) - (.*?)(?=^\* |\Z)', doc,
                           re.M | re.S))


def send(client, method, **kwargs):
    """Calls ``method`` with placeholders for what it requires.

    Nothing is sent: the call contexts the oslo.messaging client prepares
    (which know its version cap) get mocked ``call`` and ``cast``.

    :returns: ``(version, {argument: value})`` as the call was sent.
    """
    real_prepare = client._client.prepare
    prepared = []

    def prepare(**options):
        context = real_prepare(**options)
        context.call, context.cast = mock.MagicMock(), mock.MagicMock()
        prepared.append((options, context))
        return context

    args = [PLACEHOLDER] * len(required(type(client), method))
    with mock.patch.object(client._client, 'prepare', side_effect=prepare):
        getattr(client, method)({}, *args, **kwargs)
    [(options, context)] = [(options, context)
                            for options, context in prepared
                            if context.call.called or context.cast.called]
    if not context.can_send_version():
        raise AssertionError('%s sent at %s, above the version cap' % (
            method, options['version']))
    sender = context.call if context.call.called else context.cast
    return options['version'], sender.call_args.kwargs


class RecordedAPITests:
    """Tests of a client against its table, for a TestCase to mix in.

    A method or argument added without a new version fails here, and
    says how to record one. The TestCase sets ``TABLE`` (the file name),
    ``MODULE`` (the client module's path), ``WHERE`` (where
    RPC_API_VERSION is), ``module``, ``client_class`` and
    ``make_client()``.
    """

    def setUp(self):
        super().setUp()
        self.table = load(self.TABLE)
        self.client = self.make_client()
        self.history = history(self.module)

    def _bump(self, what):
        return BUMP % {'what': what, 'module': self.MODULE,
                       'where': self.WHERE,
                       'table': 'tests/unit/rpc/' + self.TABLE}

    def test_every_method_is_recorded_with_its_arguments(self):
        cls = self.client_class
        for method in public_methods(cls):
            self.assertIn(method, self.table, self._bump(
                '%s.%s is not recorded' % (cls.__name__, method)))
            params = parameters(cls, method)
            recorded = recorded_parameters(self.table[method])
            self.assertEqual(recorded, params, self._bump(
                '%s.%s takes %s, but %s are recorded' % (
                    cls.__name__, method, params, recorded)))
        self.assertEqual(sorted(self.table),
                         public_methods(cls),
                         'a recorded method is gone: removing one needs a '
                         'new major version')

    def test_every_method_sends_its_latest_version_and_arguments(self):
        for method, entries in self.table.items():
            version, sent = send(self.client, method)
            self.assertEqual(entries[-1][0], version, self._bump(
                '%s is sent at %s, but recorded at %s' % (
                    method, version, entries[-1][0])))
            self.assertEqual(recorded_parameters(entries),
                             list(sent), method)

    def test_history_has_a_line_per_version_up_to_the_current_one(self):
        current = minor(self.client_class.RPC_API_VERSION)
        self.assertEqual(['1.%d' % n for n in range(current + 1)],
                         list(self.history))
        self.assertEqual('1.0',
                         self.client_class.BASE_RPC_API_VERSION)

    def test_history_names_what_each_version_added(self):
        used = set()
        for method, entries in self.table.items():
            versions = [minor(v) for v, _args in entries]
            self.assertEqual(sorted(set(versions)), versions, method)
            for index, (version, args) in enumerate(entries):
                used.add(version)
                self.assertIn(version, self.history, self._bump(
                    '%s is recorded at %s' % (method, version)))
                line = self.history[version]
                names = [method] + ([a.split('.')[-1] for a in args]
                                    if index else [])
                for name in names:
                    self.assertRegex(line, r'\b%s\b' % name, self._bump(
                        'the %s history line does not name %s' % (
                            version, name)))
        self.assertEqual(set(self.history), used,
                         'a version in the history added nothing recorded')
