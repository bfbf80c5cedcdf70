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

"""Use heat-vision's task system from another service.

Nothing here comes from heat-vision: only oslo.config and oslo.messaging,
as in any OpenStack service. The script submits a job, follows it by
polling and through the ``tasks.job.*`` notifications (received on a
listener pool of its own, so that other consumers of the same topic still
get every notification), cancels a second job and shows how heat-vision's
errors arrive. It prints what happened as one JSON document.

Usage::

    python another_service.py --url rabbit://guest:guest@127.0.0.1:5672/

Options: ``--exchange`` (heat-vision's ``control_exchange``,
``heat-vision``), ``--topic`` (its ``[tasks] topic``,
``heat-vision-tasks``), ``--notification-topic`` (its ``[tasks]
notification_topic``, ``notifications``).
"""

import argparse
import json
import sys
import threading
import time

from oslo_config import cfg
import oslo_messaging as messaging

API_VERSION = '1.0'
FINAL = ('COMPLETE', 'FAILED', 'CANCELLED')
# The context a job is created with: its project owns the job.
CONTEXT = {'project_id': 'example-project', 'user_id': 'example-service'}


class JobEvents:
    """Notification endpoint: keeps the ``tasks.job.*`` events it gets."""

    def __init__(self):
        self.received = []      # (event type, job view)
        self.changed = threading.Condition()

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        if event_type.startswith('tasks.job.'):
            with self.changed:
                self.received.append((event_type, payload))
                self.changed.notify_all()

    # tasks.job.error is sent at the ERROR priority.
    error = info

    def wait_for(self, job_id, event_types, timeout=60):
        """:returns: (event type, job view) of the job's first event
            among ``event_types``.
        """
        def found():
            return next(((event, job) for event, job in self.received
                         if job['id'] == job_id and event in event_types),
                        None)
        with self.changed:
            if not self.changed.wait_for(found, timeout):
                raise TimeoutError('no %s for job %s' % (event_types,
                                                         job_id))
            return found()


class Tasks:
    """A small client of heat-vision's task RPC API (version 1.0)."""

    def __init__(self, transport, exchange, topic, timeout=30):
        # The exchange is heat-vision's, not this service's own
        # control_exchange: without it every call would time out.
        target = messaging.Target(exchange=exchange, topic=topic,
                                  version=API_VERSION)
        self.client = messaging.get_rpc_client(transport, target,
                                               timeout=timeout)

    def create_job(self, document):
        return self.client.call(CONTEXT, 'create_job', document=document)

    def get_job(self, job_id):
        return self.client.call(CONTEXT, 'get_job', job_id=job_id,
                                with_steps=True)

    def cancel_job(self, job_id):
        return self.client.call(CONTEXT, 'cancel_job', job_id=job_id)


def poll(tasks, job_id, done, timeout=60):
    """Poll ``get_job`` until ``done(job)``; :returns: the job."""
    deadline = time.monotonic() + timeout
    while True:
        job = tasks.get_job(job_id)
        if done(job):
            return job
        if time.monotonic() > deadline:
            raise TimeoutError('job %s is still %s' % (job_id,
                                                       job['status']))
        time.sleep(0.2)


def error_type(call, *args):
    """:returns: the ``exc_type`` of the RemoteError that ``call`` raises.
    """
    try:
        call(*args)
    except messaging.RemoteError as exc:
        # heat-vision's exception classes are not importable here, so
        # oslo.messaging hands them over as RemoteError, keeping the
        # class name in exc_type and the message in value.
        return {'exc_type': exc.exc_type, 'message': exc.value}
    raise AssertionError('%s did not fail' % call.__name__)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--url', required=True,
                        help='transport URL of heat-vision')
    parser.add_argument('--exchange', default='heat-vision')
    parser.add_argument('--topic', default='heat-vision-tasks')
    parser.add_argument('--notification-topic', default='notifications')
    args = parser.parse_args(argv)

    # oslo.messaging registers its options on the global CONF.
    cfg.CONF([], project='another-service')
    transport = messaging.get_rpc_transport(cfg.CONF, url=args.url)
    notification_transport = messaging.get_notification_transport(
        cfg.CONF, url=args.url)
    events = JobEvents()
    listener = messaging.get_notification_listener(
        notification_transport,
        [messaging.Target(exchange=args.exchange,
                          topic=args.notification_topic)],
        [events], executor='threading', pool='another-service-tasks')
    listener.start()
    tasks = Tasks(transport, args.exchange, args.topic)
    report = {}
    try:
        # 1. Submit a job; follow it through its notifications.
        job = tasks.create_job({
            'name': 'bring-up', 'kind': 'sequence', 'tasks': [
                {'name': 'network', 'action': 'noop',
                 'input': {'network_id': 'net-1'}},
                {'name': 'server', 'action': 'noop',
                 'input': {'server_id': 'vm-1'},
                 'retry': {'count': 2, 'delay': 1}}]})
        report['submitted'] = job['status']
        event, _view = events.wait_for(
            job['id'], ('tasks.job.end', 'tasks.job.error'))
        job = tasks.get_job(job['id'])
        report['job'] = {'event': event, 'status': job['status'],
                         'results': job['result']['results'],
                         'steps': [s['state'] for s in job['steps']]}

        # 2. Cancel a running job; poll until it has stopped.
        slow = tasks.create_job({'name': 'slow', 'tasks': [
            {'name': 'wait', 'action': 'sleep', 'input': {'seconds': 60}}]})
        poll(tasks, slow['id'], lambda j: j['status'] == 'RUNNING')
        report['cancel'] = {'answer': tasks.cancel_job(slow['id'])['status']}
        slow = poll(tasks, slow['id'], lambda j: j['status'] in FINAL)
        event, _view = events.wait_for(slow['id'], ('tasks.job.end',))
        report['cancel'].update(status=slow['status'], event=event)

        # 3. Errors are RemoteErrors named after heat-vision's exceptions.
        report['errors'] = {
            'invalid': error_type(tasks.create_job, {'name': 'bad', 'tasks': [
                {'name': 'a', 'action': 'no-such-action'}]}),
            'missing': error_type(tasks.get_job, 'no-such-job'),
            'ended': error_type(tasks.cancel_job, job['id']),
        }
    finally:
        listener.stop()
        listener.wait()
        transport.cleanup()
        notification_transport.cleanup()
    json.dump(report, sys.stdout, indent=2, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
