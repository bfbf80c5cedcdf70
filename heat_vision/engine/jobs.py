"""Task-system jobs started on a stack's behalf (a CEP's dispatch, a
granted job): through the task RPC API, as any client starts them.
"""

from oslo_config import cfg

from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi

CONF = cfg.CONF


def start(context, document):
    """Submit a job owned by ``context``'s project.

    :returns: the job's view (``id``, ``name``, ``status`` ...).
    :raises: InvalidTaskDocument, InvalidParameter
    """
    client = rpcapi.TasksClient(transport.get_rpc_transport(),
                                topic=CONF.tasks.topic,
                                exchange=CONF.control_exchange,
                                version_cap=CONF.tasks.version_cap)
    return client.create_job(context, document)
