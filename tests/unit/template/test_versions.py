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

"""Which functions each template version has, as Heat's HOT spec says."""

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests.unit.template import utils

_V1 = {'get_attr', 'get_file', 'get_param', 'get_resource', 'list_join',
       'resource_facade', 'str_replace'}
_CFN = {'Fn::Base64', 'Fn::GetAZs', 'Fn::Join', 'Fn::MemberListToMap',
        'Fn::Replace', 'Fn::ResourceFacade', 'Fn::Select', 'Fn::Split',
        'Ref'}
_2014 = _V1 | {'Fn::Select'}
_2015a = _2014 | {'repeat', 'digest'}
_2015b = (_2015a - {'Fn::Select'}) | {'str_split'}
_2016a = _2015b | {'map_merge'}
_2016b = _2016a | {'map_replace', 'yaql', 'if'}
_2017a = _2016b | {'filter', 'str_replace_strict'}
_2017b = _2017a | {'make_url', 'list_concat', 'list_concat_unique',
                   'contains', 'str_replace_vstrict'}
SPEC = {
    '2013-05-23': _V1 | _CFN, '2014-10-16': _2014, '2015-04-30': _2015a,
    '2015-10-15': _2015b, '2016-04-08': _2016a, '2016-10-14': _2016b,
    '2017-02-24': _2017a, '2017-09-01': _2017b, '2018-03-02': _2017b,
    '2018-08-31': _2017b, '2021-04-16': _2017b,
}
_COND1 = {'equals', 'get_param', 'not', 'and', 'or'}
COND_SPEC = {v: (_COND1 if v in ('2016-10-14', '2017-02-24') else
                 _COND1 | {'yaql', 'contains'} if v >= '2017-09-01' else
                 set()) for v in SPEC}
ALIASES = {'newton': '2016-10-14', 'ocata': '2017-02-24',
           'pike': '2017-09-01', 'queens': '2018-03-02',
           'rocky': '2018-08-31', 'wallaby': '2021-04-16'}
ALL = set().union(*SPEC.values())

# A well-formed call of each function, for the refusal checks.
SAMPLES = {
    'get_param': 'p', 'get_resource': 'r', 'get_attr': ['r', 'a'],
    'get_file': 'f', 'list_join': [',', ['a']], 'resource_facade':
    'metadata', 'str_replace': {'template': 'a', 'params': {}},
    'repeat': {'for_each': {'x': ['a']}, 'template': 'x'},
    'digest': ['md5', 'a'], 'str_split': [',', 'a'], 'map_merge': [{}],
    'map_replace': [{}, {}], 'yaql': {'expression': '1', 'data': {}},
    'if': [True, 1, 2], 'filter': [[], []],
    'str_replace_strict': {'template': 'a', 'params': {}},
    'str_replace_vstrict': {'template': 'a', 'params': {}},
    'make_url': {'host': 'h'}, 'list_concat': [[]],
    'list_concat_unique': [[]], 'contains': ['a', ['a']],
}


def _names(version, cond=False):
    return {f['functions'] for f in template.version_functions(
        'heat_template_version.' + version, with_condition_func=cond)}


class TestVersionTables(base.TestCase):

    def test_functions_per_version(self):
        for version, expected in SPEC.items():
            self.assertEqual(expected, _names(version), version)

    def test_condition_functions_per_version(self):
        for version, expected in COND_SPEC.items():
            # Heat lists the functions and the condition functions.
            self.assertEqual(expected | SPEC[version], _names(version, True),
                             version)

    def test_aliases_share_the_class(self):
        for alias, version in ALIASES.items():
            self.assertEqual(_names(version), _names(alias))

    def test_available_versions(self):
        versions = template.available_versions()
        by_name = {v['version']: v for v in versions}
        self.assertEqual(13, len(versions))
        self.assertEqual(
            {'version': 'heat_template_version.2016-10-14', 'type': 'hot',
             'aliases': ['heat_template_version.newton']},
            by_name['heat_template_version.2016-10-14'])
        self.assertEqual('cfn', by_name[
            'AWSTemplateFormatVersion.2010-09-09']['type'])
        self.assertEqual([], by_name[
            'heat_template_version.2013-05-23']['aliases'])

    def test_descriptions(self):
        funcs = template.version_functions(
            'heat_template_version.2016-10-14')
        desc = {f['functions']: f['description'] for f in funcs}
        self.assertEqual('A function for resolving parameter references.',
                         desc['get_param'])

    def test_unknown_version(self):
        exc = self.assertRaises(exception.NotFound,
                                template.version_functions,
                                'heat_template_version.1999-01-01')
        self.assertEqual(404, exc.code)

    def test_unknown_template_version(self):
        exc = self.assertRaises(
            exception.InvalidTemplateVersion, template.Template.create,
            {'heat_template_version': '2099-01-01'})
        self.assertIn('2013-05-23', str(exc))

    def test_date_version_accepted(self):
        import datetime
        tmpl = template.Template.create(
            {'heat_template_version': datetime.date(2016, 4, 8)})
        self.assertEqual('2016-04-08', tmpl.version[1])

    def test_ambiguous_version(self):
        self.assertRaises(exception.InvalidTemplateVersion,
                          template.Template.create,
                          {'heat_template_version': '2016-10-14',
                           'AWSTemplateFormatVersion': '2010-09-09'})


class TestRefusedPerVersion(base.TestCase):
    """Each function outside its versions fails with a clear error."""

    def _validate(self, version, name):
        args = SAMPLES.get(name, ['a', 'b'])
        sd = utils.stack(utils.hot(
            version, outputs={'o': {'value': {name: args}}},
            resources={'r': {'type': 'OS::Heat::None'}},
            parameters={'p': {'type': 'string', 'default': 'x'}}),
            files={'f': 'content'})
        sd.validate()

    def test_refused_where_absent(self):
        for version, present in SPEC.items():
            for name in sorted(ALL - present):
                exc = self.assertRaises(exception.StackValidationFailed,
                                        self._validate, version, name)
                self.assertIn('"%s"' % name, str(exc))
                self.assertIn(version, str(exc))
                self.assertIn('outputs.o.value', str(exc))

    def test_accepted_where_present(self):
        for version, present in SPEC.items():
            for name in sorted(present - _CFN):
                self._validate(version, name)

    def test_removed_says_removed(self):
        exc = self.assertRaises(exception.StackValidationFailed,
                                self._validate, '2015-10-15', 'Fn::Select')
        self.assertIn('removed', str(exc))

    def test_condition_functions_are_data_outside_conditions(self):
        # As in Heat (equals, not, and, or are not in its functions
        # tables): a composite alarm's rules are {"and": [...]}. Each was
        # refused here before ("not available").
        for name in ('equals', 'not', 'and', 'or'):
            self._validate('2016-10-14', name)
            self._validate('2021-04-16', name)

    def test_unknown_function_with_path(self):
        sd = utils.stack(utils.hot(
            '2016-10-14', resources={'web': {
                'type': 'OS::Heat::Value',
                'properties': {'name': {'get_parm': 'x'}}}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertEqual('Unknown function "get_parm" (did you mean '
                         '"get_param"?) at resources.web.properties.name',
                         str(exc))
        self.assertEqual(['resources', 'web', 'properties', 'name'],
                         exc.path)

    def test_function_not_allowed_in_condition(self):
        sd = utils.stack(utils.hot(
            '2016-10-14', conditions={'c': {'list_join': [',', ['a']]}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('conditions.c', str(exc))
        self.assertIn('not allowed in conditions', str(exc))
