"""Monitoring: alarms and metrics on the message queue.

* ``listener``: the notification listener every engine runs (a pool of
  its own) on Aodh's alarm topic and on heat-vision's own;
* ``matching`` and ``routing``: which resources a transition signals, and
  which engine signals them (the stack lock's holder, else this one);
* ``alarms``, ``evaluator``, ``publisher``: the built-in threshold alarm,
  evaluated by a persistent task job, publishing transitions the way Aodh
  does;
* ``samples``: metric samples from the API or the queue, checked and kept.
"""
