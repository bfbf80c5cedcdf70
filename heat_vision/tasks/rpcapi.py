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

"""The versioned RPC client of the task system, for any service.

It needs nothing but oslo.messaging: another service builds it on its own
transport and a context it already has (a dict, or an object with
``to_dict()``)::

    transport = oslo_messaging.get_rpc_transport(conf)
    tasks = rpcapi.TasksClient(transport, exchange='heat-vision')
    job = tasks.create_job({'project_id': 'p', 'user_id': 'u'}, doc)

The task services listen on heat-vision's ``control_exchange``
(``heat-vision`` unless configured otherwise), not on the caller's: the
client names it in its target. The start and end of a job are announced
as the ``tasks.job.start``, ``tasks.job.end`` and ``tasks.job.error``
notifications, with the job's view as payload, on ``[tasks]
notification_topic`` (``notifications``) of that same exchange:
``notification_target()`` is the target a listener needs.

Errors reach a caller without heat_vision installed as
``oslo_messaging.RemoteError`` whose ``exc_type`` is one of ``ERRORS``.

The service itself is documented in doc/source/tasks-for-services.rst,
with an example that uses only oslo.messaging.

A new method or argument is a new minor version: bump ``RPC_API_VERSION``
(the manager serves the same), add a line below, send the call at that
version and record it in ``tests/unit/rpc/tasks_rpc_api.json``.

API version history:

* 1.0 - Initial version: create_job, get_job, list_jobs, cancel_job.
* 1.1 - Added list_runs: a job's run history.
"""

import oslo_messaging as messaging

TOPIC = 'heat-vision-tasks'
#: heat-vision's default ``control_exchange``.
EXCHANGE = 'heat-vision'
NOTIFICATION_TOPIC = 'notifications'
#: ``exc_type`` of the RemoteErrors a caller may get, and why.
ERRORS = {
    'InvalidTaskDocument': 'the job document is wrong (the message names '
                           'the path)',
    'InvalidParameter': 'an argument is wrong (no project_id, a bad '
                        'sort_dir, ...)',
    'TaskJobNotFound': 'no such job, or another project\'s',
    'TaskJobFinished': 'the job has already ended',
    'TaskServiceUnavailable': 'the task service\'s database or jobboard '
                              'refused it: nothing was stored, try again',
}


def notification_target(exchange=EXCHANGE, topic=NOTIFICATION_TOPIC):
    """:returns: the target of the ``tasks.job.*`` notifications, for
        ``oslo_messaging.get_notification_listener``.
    :param exchange: heat-vision's ``control_exchange``.
    :param topic: heat-vision's ``[tasks] notification_topic``.
    """
    return messaging.Target(exchange=exchange, topic=topic)


class _ContextSerializer(messaging.NoOpSerializer):
    """Contexts travel as dicts (with heat-vision's sealed trust, when a
    context carries one, so that its jobs borrow it).
    """

    def serialize_context(self, ctxt):
        if isinstance(ctxt, dict):
            return ctxt
        values = ctxt.to_dict()
        sealed = getattr(ctxt, 'sealed_trust', None)
        if sealed:
            values['hv_sealed_trust'] = sealed
        return values


class TasksClient:
    """Client side of the task RPC API."""

    BASE_RPC_API_VERSION = '1.0'
    RPC_API_VERSION = '1.1'

    def __init__(self, transport, topic=TOPIC, version_cap=None,
                 timeout=None, exchange=EXCHANGE):
        """:param transport: an oslo.messaging RPC transport.
        :param topic: the task services' topic (``[tasks] topic``).
        :param version_cap: highest version to send (rolling upgrades).
        :param timeout: seconds to wait for a reply.
        :param exchange: heat-vision's ``control_exchange``.
        """
        self.exchange = exchange
        target = messaging.Target(exchange=exchange, topic=topic,
                                  version=self.BASE_RPC_API_VERSION)
        self._client = messaging.get_rpc_client(
            transport, target, version_cap=version_cap, timeout=timeout,
            serializer=_ContextSerializer())

    def can_send_version(self, version):
        return self._client.can_send_version(version)

    def _call(self, ctxt, method, version, **kwargs):
        return self._client.prepare(version=version).call(
            ctxt, method, **kwargs)

    def create_job(self, ctxt, document):
        """Submit a job.

        :param ctxt: the caller's context (its project owns the job).
        :param document: the job document, a dict or its YAML/JSON text.
        :returns: the job's view: id, name, kind, status, ...
        :raises: InvalidTaskDocument (a RemoteError outside heat-vision)
        """
        return self._call(ctxt, 'create_job', version='1.0',
                          document=document)

    def get_job(self, ctxt, job_id, with_steps=True):
        """:returns: the job's view; ``steps`` lists each task's state,
            attempts, result or error.
        :raises: TaskJobNotFound
        """
        return self._call(ctxt, 'get_job', version='1.0',
                          job_id=job_id, with_steps=with_steps)

    def list_jobs(self, ctxt, filters=None, limit=None, marker=None,
                  sort_dir='desc'):
        """:param filters: ``status``, ``kind``, ``name`` (value or list).
        :param marker: id of the last job of the previous page.
        :returns: a list of job views.
        """
        return self._call(ctxt, 'list_jobs', version='1.0',
                          filters=filters, limit=limit, marker=marker,
                          sort_dir=sort_dir)

    def cancel_job(self, ctxt, job_id):
        """Stop a job; its current task stops within a second.

        :returns: the job's view.
        :raises: TaskJobNotFound, TaskJobFinished
        """
        return self._call(ctxt, 'cancel_job', version='1.0',
                          job_id=job_id)

    def list_runs(self, ctxt, job_id, limit=None, marker=None):
        """A page of the job's run history, newest first.

        :param limit: most runs to return.
        :param marker: the number of the last run of the previous page.
        :returns: a list of runs: ``run``, ``status`` (RUNNING,
            SUCCEEDED, FAILED, CANCELLED or CUT), ``owner``,
            ``planned_at``, ``started_at``, ``ended_at``, ``result``,
            ``error``.
        :raises: TaskJobNotFound
        """
        return self._call(ctxt, 'list_runs', version='1.1',
                          job_id=job_id, limit=limit, marker=marker)
