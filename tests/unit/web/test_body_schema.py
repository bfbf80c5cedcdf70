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

"""The request bodies' schema check, against jsonschema's own answers."""

import importlib
import pkgutil

from hypothesis import strategies as st
import jsonschema

from heat_vision.api import schemas as schemas_pkg
from heat_vision.web import body_schema
from tests import base


def api_schemas():
    """``{'module.name': schema}`` of every schema the API checks."""
    found = {}
    for info in pkgutil.iter_modules(schemas_pkg.__path__):
        module = importlib.import_module('%s.%s' % (schemas_pkg.__name__,
                                                    info.name))
        for name, value in vars(module).items():
            if isinstance(value, dict) and value.get('type') == 'object':
                found['%s.%s' % (info.name, name)] = value
    return found


def subschemas(schema):
    yield schema
    for sub in schema.get('properties', {}).values():
        yield from subschemas(sub)
    for keyword in ('items', 'additionalProperties'):
        if isinstance(schema.get(keyword), dict):
            yield from subschemas(schema[keyword])


def names_in(schema):
    return sorted({name for sub in subschemas(schema)
                   for name in sub.get('properties', {})})


def jsonschema_first(validator, value):
    found = sorted(validator.iter_errors(value),
                   key=lambda e: [str(p) for p in e.absolute_path])
    return (tuple(found[0].absolute_path), found[0].message) \
        if found else None


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3),
    st.sampled_from([1.0, 2.5, -1e16, 1e16, 0.0]),
    st.text(max_size=3), st.sampled_from(['', 'a', '1a', 'x' * 256]))


def values(keys):
    return st.recursive(SCALARS, lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(keys + ['extra', 'other']),
                        children, max_size=4)), max_leaves=10)


class BodySchemaTest(base.TestCase):

    def assertSameError(self, schema, value, name=None, validator=None):
        """As jsonschema's, but for the value it quotes, bounded."""
        reference = jsonschema_first(
            validator or jsonschema.Draft7Validator(schema), value)
        mine = body_schema.first_error(schema, value)
        if reference and mine and '...' in mine[1] and \
                '...' not in reference[1]:
            head, tail = mine[1].split('...', 1)
            self.assertEqual(reference[0], mine[0], name)
            self.assertTrue(reference[1].startswith(head) and
                            reference[1].endswith(tail), (reference, mine))
            self.assertGreaterEqual(len(head), body_schema.QUOTED)
        else:
            self.assertEqual(reference, mine, name or (schema, value))

    def test_the_api_schemas_use_only_known_keywords(self):
        schemas = api_schemas()
        self.assertGreaterEqual(len(schemas), 8, sorted(schemas))
        for name, schema in schemas.items():
            for sub in subschemas(schema):
                self.assertEqual(set(), set(sub) - set(
                    body_schema.KEYWORDS), name)

    def test_an_unknown_keyword_is_refused(self):
        self.assertRaises(ValueError, body_schema.first_error,
                          {'oneOf': []}, {})

    def test_first_error_is_jsonschemas(self):
        from hypothesis import given
        schemas = api_schemas()
        validators = {name: jsonschema.Draft7Validator(schema)
                      for name, schema in schemas.items()}
        names = sorted({key for schema in schemas.values()
                        for key in names_in(schema)})

        @given(st.sampled_from(sorted(schemas)), values(names))
        def check(name, value):
            self.assertSameError(schemas[name], value, name,
                                 validators[name])
        check()

    def test_each_keyword_as_jsonschema(self):
        cases = [
            ({'type': 'integer'}, [1, 1.0, 1.5, True, '1']),
            ({'type': 'number'}, [1, 1.5, True, None]),
            ({'type': ['object', 'null']}, [{}, None, []]),
            ({'required': ['a', 'b']}, [{}, {'a': 1}, []]),
            ({'properties': {'a': {'type': 'string'}},
              'additionalProperties': False}, [{'b': 1, 'c': 2, 'a': 3}]),
            ({'additionalProperties': {'type': 'string'}}, [{'x': 1}]),
            ({'items': {'type': 'string'}, 'minItems': 1, 'maxItems': 2},
             [[], [1], ['a', 'b', 'c']]),
            ({'minItems': 2, 'maxItems': 0}, [[1], [1, 2]]),
            ({'minLength': 2, 'maxLength': 3, 'pattern': '^a'},
             ['', 'b', 'abcd']),
            ({'minLength': 1, 'maxLength': 0}, ['']),
            ({'maxProperties': 1}, [{'a': 1, 'b': 2}]),
            ({'maxProperties': 0}, [{'a': 1}]),
            ({'minimum': -1, 'maximum': 1}, [-2, 2, 0.5, True]),
        ]
        for schema, tried in cases:
            for value in tried:
                self.assertSameError(schema, value)

    def test_a_refused_value_is_quoted_bounded(self):
        schema = {'type': 'array', 'maxItems': 2}
        path, message = body_schema.first_error(schema, [0] * 100000)
        self.assertEqual((), path)
        self.assertLess(len(message), body_schema.QUOTED + 20)
        self.assertTrue(message.endswith('... is too long'), message)
