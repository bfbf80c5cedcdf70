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

"""The parameters of an AWS Query request (``Name.member.N.Field``)."""

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import errors

MAX_MEMBERS = 1000


class QueryParams:

    def __init__(self, multidict):
        self._params = {}
        for key, value in multidict.items():
            if key in self._params and self._params[key] != value:
                raise errors.InvalidParameterValue(
                    _('%s is given twice with different values') % key)
            self._params[key] = value

    def get(self, name, default=None):
        return self._params.get(name, default)

    def required(self, name):
        value = self._params.get(name)
        if not value:
            raise errors.MissingParameter(name)
        return value

    def boolean(self, name):
        value = self._params.get(name)
        if value is None:
            return None
        lowered = value.lower()
        if lowered not in ('true', 'false'):
            raise errors.InvalidParameterValue(
                _('%(name)s must be true or false, not "%(value)s"') %
                {'name': name, 'value': value[:50]})
        return lowered == 'true'

    def integer(self, name, minimum=1, maximum=525600):
        value = self._params.get(name)
        if value is None:
            return None
        try:
            number = int(value)
        except ValueError:
            number = None
        if number is None or not minimum <= number <= maximum:
            raise errors.InvalidParameterValue(
                _('%(name)s must be an integer from %(min)d to %(max)d') %
                {'name': name, 'min': minimum, 'max': maximum})
        return number

    def members(self, name, *fields):
        """:returns: the list ``name.member.1``, ``name.member.2``...:
        strings, or dicts of ``fields`` when fields are given.
        """
        found = []
        for index in range(1, MAX_MEMBERS + 1):
            prefix = '%s.member.%d' % (name, index)
            if fields:
                item = {f: self._params.get('%s.%s' % (prefix, f))
                        for f in fields}
                if all(v is None for v in item.values()):
                    break
            else:
                item = self._params.get(prefix)
                if item is None:
                    break
            found.append(item)
        return found

    def pairs(self, name, key_field, value_field):
        """:returns: {key: value} of a list of key/value members."""
        result = {}
        for item in self.members(name, key_field, value_field):
            if not item[key_field]:
                raise errors.MissingParameter(
                    '%s.member.N.%s' % (name, key_field))
            result[item[key_field]] = item[value_field] or ''
        return result
