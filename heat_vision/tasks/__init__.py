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

"""The task system of heat-vision, on TaskFlow.

Jobs are documents (``document``) naming task plugins from the
``heat_vision.tasks`` entry-point namespace (``plugins``). Each run of a
job is a TaskFlow flow built by a module-level factory (``flows``),
persisted in TaskFlow logbooks in the project's database
(``persistence``), and handed to ``runner.run_flow``, which posts it to a
jobboard claimed by conductors (``conductor``) or runs it in this process
(``local``). ``lifecycle`` records runs and schedules the next one;
``manager`` is the RPC endpoint and ``rpcapi`` its client.

This package imports nothing of heat_vision but ``db``, ``conf``,
``common`` and, for its own RPC server, ``rpc.transport``. Keep this
module free of imports: other services import ``rpcapi`` through it.
"""
