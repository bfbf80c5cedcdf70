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

"""Monitoring: alarms and metrics on the message queue.

* ``outbox``: the built-in alarms' transitions, sent again until the
  broker takes them;
* ``alarms``, ``evaluator``, ``publisher``: the built-in threshold alarm,
  evaluated by a persistent task job, publishing transitions the way Aodh
  does;
* ``samples``: metric samples from the API or the queue, checked and kept.

It imports nothing from the engine: the notification listener, which
resources a transition signals and which engine signals them are
``heat_vision.engine.alarms``'.
"""
