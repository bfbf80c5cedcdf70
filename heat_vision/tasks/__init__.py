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
