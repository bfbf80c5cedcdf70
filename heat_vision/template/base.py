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

"""The template base class: version lookup, sections and the parser.

Each format (``hot``, ``cfn``) subclasses :class:`Template`; each version
of a format subclasses the previous one and changes only its tables.
"""

import collections.abc
import datetime
import difflib
import functools
import threading

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import function
from heat_vision.template import plugins

DEFAULT_VERSION = ('HeatTemplateFormatVersion', '2012-12-12')


def version_string(value):
    """A version value as written, also when YAML made it a date.

    :param value: a string or a ``datetime.date``.
    :returns: the string form.
    """
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def get_version(tmpl, version_keys):
    """Find the version key and value of a template dict.

    :param tmpl: the template dict.
    :param version_keys: the known version keys.
    :returns: ``(key, value)``.
    :raises: exception.InvalidTemplateVersion when ambiguous.
    """
    present = [k for k in version_keys if k in tmpl]
    if len(present) > 1:
        raise exception.InvalidTemplateVersion(
            explanation=_('Ambiguous versions (%s)') % ', '.join(present))
    if not present:
        return DEFAULT_VERSION
    return present[0], version_string(tmpl[present[0]])


@functools.lru_cache(maxsize=None)
def _condition_table(tmpl_cls):
    """A template class's functions as conditions see them."""
    table = {}
    for name, cls in tmpl_cls.functions.items():
        if issubclass(cls, function.Unavailable):
            table[name] = cls
        else:
            table[name] = function.InvalidInCondition
    table.update(tmpl_cls.condition_functions)
    return table


@functools.lru_cache(maxsize=4096)
def _unknown_function(tmpl_cls, in_functions, name):
    """``Template.unknown_function``'s answer, per template class.

    Every single-key map of every template asks, and a close-match
    search is not cheap; the tables are the class's, so the answer is
    too (and outlives one template: a stack show parses its template
    again).
    """
    if in_functions and name in tmpl_cls.condition_only_names:
        return None
    if name in tmpl_cls.all_function_names:
        return function.Unavailable
    table = (tmpl_cls.functions if in_functions
             else _condition_table(tmpl_cls))
    if name.startswith('Fn::') or difflib.get_close_matches(
            name, list(table), n=1, cutoff=0.85):
        return UnknownFunction
    return None


class Template(collections.abc.Mapping):
    """A parsed template of some format and version.

    Mapping access gives the raw sections.

    :param tmpl: the template dict.
    :param files: the files map (name -> content) for get_file.
    """

    VERSION_KEY = None
    VERSION = None
    SECTIONS = ()
    functions = {}
    condition_functions = {}
    all_function_names = frozenset()
    #: Names that are functions in conditions only (data elsewhere).
    condition_only_names = frozenset()
    deletion_policies = {'Delete': 'Delete', 'Retain': 'Retain',
                         'Snapshot': 'Snapshot'}

    def __init__(self, tmpl, files=None):
        self.t = tmpl
        self.files = dict(files or {})
        self._checked = False
        self._check_lock = threading.Lock()

    @classmethod
    def create(cls, tmpl, files=None):
        """Build the template object for the version a dict declares.

        :param tmpl: the template dict.
        :param files: the files map for get_file.
        :returns: a :class:`Template` subclass instance.
        :raises: exception.InvalidTemplate if ``tmpl`` is not a map.
        :raises: exception.InvalidTemplateVersion for an unknown version.
        """
        if not isinstance(tmpl, collections.abc.Mapping):
            raise exception.InvalidTemplate(
                message=_('The template is not a JSON object or YAML '
                          'mapping.'))
        classes = plugins.template_classes()
        keys = sorted({name.split('.', 1)[0] for name in classes})
        key, value = get_version(tmpl, keys)
        tmpl_cls = classes.get('%s.%s' % (key, value))
        if tmpl_cls is None:
            known = sorted(n.split('.', 1)[1] for n in classes
                           if n.startswith(key + '.'))
            raise exception.InvalidTemplateVersion(
                explanation=_('"%(key)s: %(value)s". "%(key)s" should be '
                              'one of: %(known)s')
                % {'key': key, 'value': value, 'known': ', '.join(known)})
        return tmpl_cls(tmpl, files=files)

    @property
    def version(self):
        """``(version_key, version)`` such as ``('heat_template_version',

        '2016-10-14')``.
        """
        return self.VERSION_KEY, self.VERSION

    @property
    def version_name(self):
        return '%s %s' % self.version

    def __getitem__(self, section):
        return self.t[section]

    def __iter__(self):
        return iter(self.t)

    def __len__(self):
        return len(self.t)

    # -- parsing ---------------------------------------------------------

    @property
    def condition_table(self):
        """Functions allowed in conditions; the others refuse clearly."""
        return _condition_table(type(self))

    def parse(self, ctx, data, path=(), conditional=False):
        """Replace the function calls in raw data by function objects.

        :param ctx: the context functions are bound to.
        :param data: raw template data.
        :param path: where the data is in the template.
        :param conditional: parse as a condition.
        :returns: parsed data.
        """
        table = self.condition_table if conditional else self.functions
        return _Parser(self, ctx, table, conditional)(data, list(path))

    def unknown_function(self, name, table):
        """The function class for a key that is no function here.

        :returns: a placeholder class, or None for plain data.
        """
        return _unknown_function(type(self), table is self.functions, name)

    # -- sections (implemented per format) ---------------------------------

    def check_once(self):
        """Validate the sections the first time only.

        :raises: exception.StackValidationFailed with the path.
        """
        if not self._checked:
            # The engine's workers ask at once: one validates (a large
            # template takes a while), the others wait for it.
            with self._check_lock:
                if not self._checked:
                    self.validate()
                    self._checked = True

    def validate(self):
        """Check the sections and the shape of their entries.

        :raises: exception.StackValidationFailed with the path.
        """
        for section in self.t:
            if section not in self.SECTIONS:
                raise exception.StackValidationFailed(
                    _('The template section is invalid: %s') % section)


class _Parser:
    """Walks raw data once, building the function tree."""

    def __init__(self, tmpl, ctx, table, conditional):
        self.tmpl = tmpl
        self.ctx = ctx
        self.table = table
        self.conditional = conditional

    def sub(self, data, path, conditional=None):
        if conditional is None or conditional == self.conditional:
            return self(data, path)
        table = (self.tmpl.condition_table if conditional
                 else self.tmpl.functions)
        return _Parser(self.tmpl, self.ctx, table, conditional)(data, path)

    def __call__(self, data, path):
        if isinstance(data, dict):
            if len(data) == 1:
                key, args = next(iter(data.items()))
                if isinstance(key, str):
                    cls = self.table.get(key)
                    if cls is None:
                        cls = self.tmpl.unknown_function(key, self.table)
                    if cls is not None:
                        parsed = cls.parse_args(self.sub, args, path + [key])
                        return cls(self.ctx, key, parsed, path)
            return {k: self(v, path + [k]) for k, v in data.items()}
        if isinstance(data, list):
            return [self(v, path + [i]) for i, v in enumerate(data)]
        return data


class UnknownFunction(function.Unavailable):
    """A call of a function no template version knows."""

    def validate(self):
        suggestion = difflib.get_close_matches(
            self.fn_name, list(self.ctx.template.functions), n=1)
        message = _('Unknown function "%s"') % self.fn_name
        if suggestion:
            message += _(' (did you mean "%s"?)') % suggestion[0]
        if self.path:
            message += _(' at %s') % '.'.join(str(p) for p in self.path)
        exc = exception.StackValidationFailed(message)
        exc.path = list(self.path)
        raise exc
