"""Plays another OpenStack service: oslo.messaging and the task rpcapi.

Usage: other_service.py TRANSPORT_URL EXCHANGE TOPIC OUTPUT_JSON

Submits a job over the transport, waits for its ``tasks.job.end``
notification, reads the job and writes both to OUTPUT_JSON.
"""

import json
import sys
import threading

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.tasks import rpcapi


class Endpoint:

    def __init__(self):
        self.done = threading.Event()
        self.job_id = None
        self.event = None

    def info(self, ctxt, publisher_id, event_type, payload, metadata):
        if event_type.startswith('tasks.job.') and \
                payload.get('id') == self.job_id and \
                event_type != 'tasks.job.start':
            self.event = event_type
            self.done.set()

    error = info


def main(url, exchange, topic, output):
    # NOTE(heat-vision): oslo.messaging registers its tracing options on
    # the global CONF only, as every OpenStack service uses it.
    conf = cfg.CONF
    conf([], project='other-service')
    messaging.set_transport_defaults(exchange)
    transport = messaging.get_rpc_transport(conf, url=url)
    notifications = messaging.get_notification_transport(conf, url=url)
    endpoint = Endpoint()
    listener = messaging.get_notification_listener(
        notifications, [messaging.Target(topic='notifications',
                                         exchange=exchange)],
        [endpoint], executor='threading', pool='other-service')
    listener.start()
    client = rpcapi.TasksClient(transport, topic=topic, timeout=30)
    ctxt = {'project_id': 'other', 'user_id': 'svc'}
    job = client.create_job(ctxt, {'name': 'net', 'tasks': [
        {'name': 'compute', 'action': 'noop', 'input': {'answer': 42}}]})
    endpoint.job_id = job['id']
    if not endpoint.done.wait(30):
        sys.exit('no end notification')
    job = client.get_job(ctxt, job['id'])
    with open(output, 'w') as out:
        json.dump({'event_type': endpoint.event, 'job': job}, out)
    listener.stop()
    listener.wait()


if __name__ == '__main__':
    main(*sys.argv[1:5])
