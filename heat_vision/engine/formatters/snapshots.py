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

"""Stack snapshots as the engine RPC API gives them (Heat's keys)."""

from heat_vision.engine.formatters import stacks as formatters

SNAPSHOT_KEYS = (ID, NAME, STATUS, STATUS_REASON, DATA, CREATION_TIME) = (
    'id', 'name', 'status', 'status_reason', 'data', 'creation_time')


def format_snapshot(row):
    return {ID: row.id, NAME: row.name, STATUS: row.status,
            STATUS_REASON: row.status_reason, DATA: row.data,
            CREATION_TIME: formatters.isotime(row.created_at)}
