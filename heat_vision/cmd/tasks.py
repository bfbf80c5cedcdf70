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
