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

"""JSON schemas of the stack request bodies (Heat's v1 fields)."""

from heat_vision.common.i18n import _

#: Fields heatclient sends as null when the user gave none (``stack
#: update --existing`` without ``-t`` sends ``"template": null``): null
#: means absent, as in Heat.
ABSENT_IF_NULL = ('template', 'template_url', 'parameters', 'environment',
                  'environment_files', 'files', 'adopt_stack_data',
                  'clear_parameters')

NO_TEMPLATE = _('"template" or "template_url" is required: the template '
                'itself, or an http(s) URL the service fetches it from.')

_FILES = {'type': ['object', 'null'],
          'additionalProperties': {'type': 'string'}}
_NAMES = {'type': ['array', 'null'], 'items': {'type': 'string'}}

create = {
    'type': 'object',
    'properties': {
        'stack_name': {
            'type': 'string', 'minLength': 1, 'maxLength': 255,
            'pattern': r'^[a-zA-Z][a-zA-Z0-9_.\-]*$',
        },
        'template': {'type': ['object', 'string', 'null']},
        'template_url': {'type': ['string', 'null']},
        'parameters': {'type': ['object', 'null']},
        'environment': {'type': ['object', 'string', 'null']},
        'environment_files': _NAMES,
        'files': _FILES,
        'timeout_mins': {'type': ['integer', 'string', 'null']},
        'disable_rollback': {'type': ['boolean', 'string', 'null']},
        'tags': {'type': ['string', 'array', 'null']},
        'adopt_stack_data': {'type': ['object', 'string', 'null']},
    },
    'required': ['stack_name'],
}

update = {
    'type': 'object',
    'properties': {
        key: value for key, value in create['properties'].items()
        if key != 'stack_name'},
}
update['properties'].update({
    'existing': {'type': ['boolean', 'string']},
    'clear_parameters': _NAMES,
    'converge': {'type': ['boolean', 'string']},
})
