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

"""Resource attribute schemas (what ``get_attr`` may ask for)."""


class Schema:
    """The schema of one resource attribute.

    :param description: what the attribute gives.
    :param type: one of the TYPES, or None when unspecified.
    :param cache_mode: whether the value may be cached (informational).
    :param hidden: readable but left out of the schema listing (Heat's
        ``HIDDEN`` support status).
    """

    TYPES = (STRING, NUMBER, INTEGER, BOOLEAN, LIST, MAP) = (
        'String', 'Number', 'Integer', 'Boolean', 'List', 'Map')

    def __init__(self, description=None, type=None, cache_mode=None,
                 hidden=False):
        if type is not None and type not in self.TYPES:
            raise ValueError('Invalid attribute type %s' % type)
        self.description = description
        self.type = type
        self.cache_mode = cache_mode
        self.hidden = hidden

    def __eq__(self, other):
        return isinstance(other, Schema) and vars(self) == vars(other)

    __hash__ = None

    def to_dict(self):
        """A JSON-able description (for resource type docs).

        :returns: ``{'description': ..., 'type': ...}``.
        """
        out = {'description': self.description}
        if self.type is not None:
            out['type'] = self.type
        return out
