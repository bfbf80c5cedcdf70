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

"""Task-system jobs started on a stack's behalf (a CEP's dispatch, a
granted job): through the task RPC API, as any client starts them.
"""

from heat_vision.tasks import client as tasks_client


def start(context, document):
    """Submit a job owned by ``context``'s project.

    :returns: the job's view (``id``, ``name``, ``status`` ...).
    :raises: InvalidTaskDocument, InvalidParameter
    """
    return tasks_client.get_client().create_job(context, document)
