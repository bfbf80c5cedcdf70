"""Task-system jobs started on a stack's behalf (a CEP's dispatch, a
granted job): through the task RPC API, as any client starts them.
"""

from heat_vision.rpc import tasks_client


def start(context, document):
    """Submit a job owned by ``context``'s project.

    :returns: the job's view (``id``, ``name``, ``status`` ...).
    :raises: InvalidTaskDocument, InvalidParameter
    """
    return tasks_client.get_client().create_job(context, document)
