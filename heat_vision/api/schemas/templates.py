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

"""JSON schema of the validate request body (Heat's v1 fields)."""

from heat_vision.api.schemas import stacks

#: As for a stack: heatclient sends what the user left out as null.
ABSENT_IF_NULL = stacks.ABSENT_IF_NULL
NO_TEMPLATE = stacks.NO_TEMPLATE

validate = {
    'type': 'object',
    'properties': {
        key: stacks.create['properties'][key] for key in (
            'template', 'template_url', 'parameters', 'environment',
            'environment_files', 'files')},
}
validate['properties'].update({
    'show_nested': {'type': ['boolean', 'string']},
    'ignore_errors': {'type': 'string'},
})
