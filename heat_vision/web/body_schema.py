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

"""The check of a request body against its JSON schema (``api/schemas``).

Only the keywords those schemas use, with JSON Schema draft 7's meaning
and jsonschema's messages (``jsonschema/_keywords.py``); a schema with
any other keyword is refused when it is first checked. jsonschema
itself is not imported by the API: with the metaschemas and the
``referencing`` registry it loads, it held 2.8 MB of the API's resident
memory, and ``Draft7Validator(schema)`` was built again for each
request. Unlike jsonschema's, a message quotes at most ``QUOTED``
characters of the value it refuses (a refused list of 100,000 samples
is not repeated back).
"""

import re

QUOTED = 200

_TYPES = {
    'object': lambda v: isinstance(v, dict),
    'array': lambda v: isinstance(v, list),
    'string': lambda v: isinstance(v, str),
    # As draft 7 says: 1.0 is an integer; a boolean is not a number.
    'integer': lambda v: (isinstance(v, int) and not isinstance(v, bool)
                          or isinstance(v, float) and v.is_integer()),
    'number': lambda v: (isinstance(v, (int, float)) and
                         not isinstance(v, bool)),
    'boolean': lambda v: isinstance(v, bool),
    'null': lambda v: v is None,
}


def _quoted(value):
    text = repr(value)
    return text if len(text) <= QUOTED else text[:QUOTED] + '...'


def _number(value):
    return _TYPES['number'](value)


def _type(types, value, _schema):
    types = [types] if isinstance(types, str) else types
    if not any(_TYPES[name](value) for name in types):
        yield (), '%s is not of type %s' % (
            _quoted(value), ', '.join(repr(name) for name in types))


def _properties(properties, value, _schema):
    if isinstance(value, dict):
        for name, schema in properties.items():
            if name in value:
                for path, message in errors(schema, value[name]):
                    yield (name,) + path, message


def _additional(allowed, value, schema):
    if not isinstance(value, dict):
        return
    known = schema.get('properties', {})
    extras = [name for name in value if name not in known]
    if allowed is False and extras:
        yield (), 'Additional properties are not allowed (%s %s ' \
            'unexpected)' % (', '.join(_quoted(name) for name in sorted(
                extras, key=str)), 'was' if len(extras) == 1 else 'were')
    elif isinstance(allowed, dict):
        for name in extras:
            for path, message in errors(allowed, value[name]):
                yield (name,) + path, message


def _required(names, value, _schema):
    if isinstance(value, dict):
        for name in names:
            if name not in value:
                yield (), '%r is a required property' % name


def _items(schema, value, _schema):
    if isinstance(value, list):
        for index, item in enumerate(value):
            for path, message in errors(schema, item):
                yield (index,) + path, message


def _at_least(kind, emptiness):
    def check(limit, value, _schema):
        if _TYPES[kind](value) and len(value) < limit:
            yield (), '%s %s' % (_quoted(value), emptiness
                                 if limit == 1 else 'is too short')
    return check


def _at_most(kind, too_many):
    def check(limit, value, _schema):
        if _TYPES[kind](value) and len(value) > limit:
            yield (), '%s %s' % (_quoted(value), 'is expected to be empty'
                                 if limit == 0 else too_many)
    return check


def _pattern(pattern, value, _schema):
    if isinstance(value, str) and not re.search(pattern, value):
        yield (), '%s does not match %r' % (_quoted(value), pattern)


def _minimum(limit, value, _schema):
    if _number(value) and value < limit:
        yield (), '%s is less than the minimum of %r' % (_quoted(value),
                                                         limit)


def _maximum(limit, value, _schema):
    if _number(value) and value > limit:
        yield (), '%s is greater than the maximum of %r' % (_quoted(value),
                                                            limit)


KEYWORDS = {
    'type': _type,
    'properties': _properties,
    'additionalProperties': _additional,
    'required': _required,
    'items': _items,
    'minItems': _at_least('array', 'should be non-empty'),
    'maxItems': _at_most('array', 'is too long'),
    'minLength': _at_least('string', 'should be non-empty'),
    'maxLength': _at_most('string', 'is too long'),
    'maxProperties': _at_most('object', 'has too many properties'),
    'pattern': _pattern,
    'minimum': _minimum,
    'maximum': _maximum,
}


def errors(schema, value):
    """The ways ``value`` breaks ``schema``, in jsonschema's order.

    :returns: an iterator of ``(path, message)``, ``path`` a tuple of the
        keys and indexes down to the part that is wrong.
    :raises: ValueError for a keyword this module does not know.
    """
    for keyword, argument in schema.items():
        check = KEYWORDS.get(keyword)
        if check is None:
            raise ValueError('JSON schema keyword %r is not supported'
                             % keyword)
        yield from check(argument, value, schema)


def first_error(schema, value):
    """:returns: ``(path, message)`` of the error jsonschema's
        ``iter_errors`` sorted by path would give first, or None.
    """
    # min keeps the first of equals, as a stable sort's first does.
    return min(errors(schema, value), default=None,
               key=lambda error: [str(part) for part in error[0]])
