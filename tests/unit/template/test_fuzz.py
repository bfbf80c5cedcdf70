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

"""Generated documents only ever give clean heat_vision exceptions."""

import json

from hypothesis import strategies as st
import yaml

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests.unit.template import fakes
from tests.unit.template.test_versions import ALL
from tests.unit.template.test_versions import SPEC


FUNCTION_NAMES = sorted(ALL | {'equals', 'not', 'and', 'or', 'Fn::If',
                               'Fn::GetAtt', 'Fn::FindInMap', 'get_parm'})
KEYS = st.sampled_from(
    ['type', 'properties', 'value', 'condition', 'depends_on', 'template',
     'params', 'for_each', 'keys', 'values', 'expression', 'data', 'r',
     'p', 'a', 'c', 'default', 'constraints', 'hidden', 'label'])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 5),
                    st.floats(allow_nan=True), st.text(max_size=8),
                    st.sampled_from(['r', 'p', 'c', 'a', '%x%', 'md5']))


def _calls(children):
    return st.builds(lambda n, a: {n: a}, st.sampled_from(FUNCTION_NAMES),
                     children)


VALUES = st.recursive(
    SCALARS, lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(KEYS, children, max_size=4),
        _calls(children)),
    max_leaves=20)

PARAMS = st.dictionaries(
    st.sampled_from(['p', 'q']),
    st.one_of(VALUES, st.fixed_dictionaries(
        {'type': st.sampled_from(['string', 'number', 'json', 'boolean',
                                  'comma_delimited_list', 'nope']),
         'default': VALUES})), max_size=2)

HOT = st.fixed_dictionaries(
    {'heat_template_version': st.sampled_from(sorted(SPEC))},
    optional={
        'parameters': PARAMS,
        'conditions': st.dictionaries(st.sampled_from(['c', 'd']), VALUES,
                                      max_size=2),
        'resources': st.dictionaries(
            st.sampled_from(['r', 'a']), st.one_of(VALUES, st.builds(
                lambda t, p: {'type': t, 'properties': p},
                st.sampled_from(sorted(fakes.TYPES) + ['X::Y']),
                VALUES)), max_size=2),
        'outputs': st.dictionaries(
            st.sampled_from(['o', 'u']), st.one_of(VALUES, st.builds(
                lambda v: {'value': v}, VALUES)), max_size=2),
        'description': VALUES,
    })


def exercise(data):
    """Run a document through every stage the engine uses."""
    try:
        tmpl = template.Template.create(template.load(data))
        env = template.Environment.merged([{}], template=tmpl)
        sd = template.StackDefinition(tmpl, env, stack_name='s')
        for strict in (False, True):
            try:
                sd.validate(fakes.lookup, strict=strict)
            except exception.HeatVisionException:
                pass
        template.format_validate(sd)
        sd.conditions
        for out in sd.output_definitions().values():
            try:
                out.resolve(fakes.FakeResolver(sd))
            except exception.HeatVisionException:
                pass
        for defn in sd.resource_definitions().values():
            defn.to_dict()
            defn.resolved_properties(fakes.FakeResolver(sd))
        sd.dependencies()
    except exception.HeatVisionException:
        pass


class TestFuzz(base.TestCase):
    """As many examples a test as the Hypothesis profile says
    (tests/__init__.py): 50, and 1,000 in CI.
    """

    def _structures(self, doc, as_json):
        text = json.dumps(doc, default=str) if as_json else yaml.safe_dump(
            doc)
        exercise(text)
        exercise(doc)

    def test_structured_documents(self):
        from hypothesis import given
        given(HOT, st.booleans())(self._structures)()

    def test_text_documents(self):
        from hypothesis import given

        def run(text):
            exercise('heat_template_version: 2016-10-14\n' + text)
            exercise(text)

        given(st.text(alphabet='{}[]:,-&*!|>"\' \n\tabcp0123%.#',
                      max_size=80))(run)()
