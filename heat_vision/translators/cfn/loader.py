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

"""CloudFormation YAML: the short-form tags (``!Ref x``, ``!Sub ...``).

AWS documents a short form for each intrinsic function: ``!Name arg``
is ``{"Fn::Name": arg}`` (``!Ref`` and ``!Condition`` keep their own
names), whatever the argument's node (scalar, sequence or map), and
``!GetAtt res.attr`` is ``Fn::GetAtt: [res, attr]``. The loader is a
subclass of the project's safe loader, as Heat adds its constructors to
a ``SafeLoader`` subclass (heat/common/template_format.py,
``yaml_loader``), so the depth and size limits of
``template.parser.parse_text`` apply unchanged. A tag AWS does not
document (``!Foo``) becomes ``Fn::Foo`` and the translator names it.
"""

import yaml

from heat_vision.template import parser

#: The documented short forms -> the long form's key.
SHORT_FORMS = {
    'Ref': 'Ref', 'Condition': 'Condition',
    **{name: 'Fn::' + name for name in (
        'Sub', 'GetAtt', 'Join', 'If', 'Equals', 'And', 'Or', 'Not',
        'Select', 'Split', 'FindInMap', 'Base64', 'Cidr', 'GetAZs',
        'ImportValue', 'Transform')},
}


class CfnLoader(parser.SafeLoader):
    """The safe loader, with CloudFormation's short-form tags."""


def _value(loader, node):
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


def _short_form(loader, suffix, node):
    key = SHORT_FORMS.get(suffix, 'Fn::' + suffix)
    value = _value(loader, node)
    if key == 'Fn::GetAtt' and isinstance(value, str) and '.' in value:
        # Attribute names may hold dots (Endpoint.Address): split once.
        value = value.split('.', 1)
    return {key: value}


CfnLoader.add_multi_constructor('!', _short_form)
