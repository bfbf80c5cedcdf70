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

"""JSON schemas of the software deployment bodies (Heat's fields)."""

_ID = {'type': 'string', 'minLength': 1, 'maxLength': 255}
_TEXT = {'type': ['string', 'null'], 'maxLength': 255}
_VALUES = {'type': ['object', 'null']}

create = {
    'type': 'object',
    'required': ['config_id', 'server_id'],
    'properties': {
        'id': {'type': 'string', 'minLength': 1, 'maxLength': 36},
        'config_id': _ID,
        'server_id': _ID,
        'input_values': _VALUES,
        'action': _TEXT,
        'status': _TEXT,
        'status_reason': {'type': ['string', 'null']},
        'stack_user_project_id': {'type': ['string', 'null'],
                                  'maxLength': 64},
    },
}

update = {
    'type': 'object',
    'properties': {
        'config_id': _ID,
        'input_values': _VALUES,
        'output_values': _VALUES,
        'action': _TEXT,
        'status': _TEXT,
        'status_reason': {'type': ['string', 'null']},
        'updated_time': {'type': ['string', 'null']},
    },
}
