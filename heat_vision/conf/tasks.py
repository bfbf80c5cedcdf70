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

"""Options of the task system (heat_vision.tasks and heat-vision-tasks)."""

from oslo_config import cfg

tasks_group = cfg.OptGroup('tasks', title='Task system options')

tasks_opts = [
    cfg.StrOpt('topic', default='heat-vision-tasks',
               help='RPC topic the task services listen on.'),
    cfg.StrOpt('version_cap',
               help='Highest task RPC API version clients send, for '
                    'rolling upgrades; unset means the latest.'),
    cfg.StrOpt('jobboard', default='local',
               choices=[('local', 'Jobs run in the process that posted '
                                  'them, claimed in the database; those '
                                  'of a process that stopped beating '
                                  '(service_down_time) resume in another '
                                  'or when it starts again.'),
                        ('redis', "TaskFlow's Redis jobboard: any number "
                                  'of conductors share the jobs.'),
                        ('zookeeper', "TaskFlow's ZooKeeper jobboard "
                                      '(needs kazoo).')],
               help='Where jobs are posted and claimed.'),
    cfg.StrOpt('jobboard_url', default='redis://127.0.0.1:6379/0',
               help='Redis URL (redis://[:password@]host:port/db) or '
                    'ZooKeeper hosts (zookeeper://host:2181,host:2181) of '
                    'the jobboard.'),
    cfg.StrOpt('jobboard_name', default='heat-vision-tasks',
               help='Redis key namespace, or ZooKeeper path, of the '
                    'jobboard; services sharing jobs use the same name.'),
    cfg.IntOpt('claim_expiry', default=30, min=2,
               help='Seconds a Redis claim lives without being renewed: '
                    'the runs of a conductor that sends no heartbeats '
                    '(an older version) are taken over after this.'),
    cfg.FloatOpt('heartbeat_interval', default=1.0, min=0.1, max=60,
                 help='Seconds between the heartbeats of a conductor on a '
                      'Redis jobboard.'),
    cfg.FloatOpt('conductor_down_time', default=5.0, min=1, max=3600,
                 help='Seconds without a heartbeat after which a '
                      'conductor is taken for dead and the runs it had '
                      'claimed are run by another (Redis jobboard); keep '
                      'it several heartbeat intervals long.'),
    cfg.FloatOpt('orphan_grace', default=30.0, min=0.5, max=3600,
                 help='Seconds a job that has not ended may go without '
                      'its current run on the jobboard (a post lost when '
                      'a process died, or the Redis data lost) before a '
                      'conductor posts the run again, or records its end '
                      'if its logbook says it ended. A run that a '
                      'conductor held waits at least claim_expiry '
                      'seconds. The conductors check every half of '
                      'this.'),
    cfg.IntOpt('max_jobs', default=64, min=1,
               help='Jobs one conductor runs at the same time.'),
    cfg.IntOpt('workers', default=32, min=1,
               help='Threads one process uses to run task atoms.'),
    cfg.FloatOpt('poll_interval', default=0.2, min=0.01, max=10,
                 help='Seconds an idle conductor waits before looking at '
                      'the jobboard again.'),
    cfg.FloatOpt('stop_timeout', default=10.0, min=0, max=600,
                 help='Seconds a stopping task service waits for its '
                      'running jobs to hand their runs back (their tasks '
                      'are interrupted); runs still busy then are handed '
                      'back anyway and write nothing more.'),
    cfg.FloatOpt('watch_interval', default=0.5, min=0.05, max=10,
                 help='Seconds between checks for cancelled jobs and '
                      'passed deadlines of the jobs a conductor runs.'),
    cfg.IntOpt('max_tasks', default=100, min=1,
               help='Most tasks one job document may hold.'),
    cfg.FloatOpt('min_interval', default=1.0, min=0.1, max=3600,
                 help='Shortest interval, in seconds, between the run '
                      'starts of a persistent or timed job.'),
    cfg.IntOpt('max_interval', default=31536000, min=60, max=315360000,
               help='Longest interval, in seconds, between the run '
                    'starts of a persistent or timed job (one year by '
                    'default).'),
    cfg.IntOpt('max_job_duration', default=2592000, min=60,
               max=315360000,
               help='Longest life, in seconds, of a timed job: its '
                    'duration, or how far its end_time may be (30 days '
                    'by default).'),
    cfg.IntOpt('max_task_timeout', default=86400, min=1, max=2592000,
               help='Largest timeout, in seconds, of one task of a job '
                    '(one day by default).'),
    cfg.IntOpt('max_retry_delay', default=3600, min=1, max=86400,
               help='Longest delay, in seconds, before a task is tried '
                    'again.'),
    cfg.IntOpt('max_runs_kept', default=100, min=1, max=100000,
               help='Runs of one job kept in its run history; older runs '
                    'are forgotten as new ones end.'),
    cfg.IntOpt('max_run_result_size', default=65536, min=1024,
               max=16777216,
               help='Largest result, in bytes of JSON, kept with one run '
                    'in the run history; a larger one is replaced by a '
                    'note of its size.'),
    cfg.StrOpt('notification_topic', default='notifications',
               help='Topic of the tasks.job.start|end|error '
                    'notifications.'),
    cfg.StrOpt('notification_driver', default='messagingv2',
               choices=['messagingv2', 'messaging', 'log', 'noop'],
               help='oslo.messaging notification driver of the task '
                    'notifications.'),
]


def register_opts(conf):
    conf.register_group(tasks_group)
    conf.register_opts(tasks_opts, group=tasks_group)


def list_opts():
    return {tasks_group: tasks_opts}
