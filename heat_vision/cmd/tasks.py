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

"""heat-vision-tasks: the task system as a service of its own.

It runs a conductor on the configured jobboard and the task RPC endpoint
(``[tasks] topic``); run several, sharing a Redis (or ZooKeeper) jobboard,
for high availability. With ``[tasks] jobboard = local`` it runs its jobs
in-process and resumes them from the database when it starts again.
"""

from heat_vision import cmd
from heat_vision.tasks import server


def main():
    cmd.prepare()
    cmd.require_trustee('heat-vision-tasks')
    cmd.catch_signals()
    cmd.require_extras(database=True, tasks=True)
    cmd.ensure_state_path()
    tasks = server.TaskServer()
    tasks.start()
    cmd.serve(tasks.stop)
