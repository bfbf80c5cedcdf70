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

"""The policy enforcer and the one ``authorize`` call the API makes."""

import re
import threading
import time

from oslo_config import cfg
from oslo_policy import policy

from heat_vision.common import exception
from heat_vision import policies
from heat_vision.policies import check_specs

CONF = cfg.CONF

_LOCK = threading.Lock()
_ENFORCER = None


class Enforcer(policy.Enforcer):
    """oslo.policy's enforcer, looking for an absent file less often.

    oslo.policy looks for ``policy_file`` and each of ``policy_dirs`` on
    every decision while they do not exist (the usual case: the rules
    are the defaults in code), searching every configuration directory:
    a tenth of a stack list's CPU. An absent one is looked for again
    once ``MISSING_RECHECK`` seconds have passed; a file that exists is
    found once and its changes are seen at the next decision, as before.
    """

    MISSING_RECHECK = 1.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._missing_since = {}

    def _get_policy_path(self, path):
        since = self._missing_since.get(path)
        if (since is not None and
                time.monotonic() - since < self.MISSING_RECHECK):
            raise cfg.ConfigFilesNotFoundError([path])
        try:
            found = super()._get_policy_path(path)
        except cfg.ConfigFilesNotFoundError:
            self._missing_since[path] = time.monotonic()
            raise
        self._missing_since.pop(path, None)
        return found

    def load_rules(self, force_reload=False):
        """oslo.policy's, skipped while it could change nothing.

        oslo.policy's goes over every registered rule at each decision
        (a hundred of them) even when no policy file or directory
        exists. That is skipped while there is still no policy file, each
        of ``policy_dirs`` is known absent (``MISSING_RECHECK``), the
        rules of the last load are still in place and no rule was
        registered since; a file that exists is read as before.
        """
        if not force_reload and self._nothing_to_load():
            return
        super().load_rules(force_reload)
        self._loaded = (self.rules, len(self.registered_rules))

    def _nothing_to_load(self):
        if self.policy_path or not self.use_conf:
            return False
        loaded = getattr(self, '_loaded', None)
        if (loaded is None or loaded[0] is not self.rules or
                loaded[1] != len(self.registered_rules)):
            return False
        now = time.monotonic()
        for path in [self.policy_file] + list(
                self.conf.oslo_policy.policy_dirs):
            since = self._missing_since.get(path)
            if since is None or now - since >= self.MISSING_RECHECK:
                return False
        return True


def get_enforcer():
    """The process's enforcer (also the ``oslo.policy.enforcer`` hook)."""
    global _ENFORCER
    with _LOCK:
        if _ENFORCER is None:
            check_specs.install()
            _ENFORCER = Enforcer(CONF)
            _ENFORCER.register_defaults(policies.list_rules())
        return _ENFORCER


def reset():
    global _ENFORCER
    with _LOCK:
        _ENFORCER = None


def authorize(context, rule, target):
    """:raises: Forbidden unless ``rule`` allows ``context`` on ``target``.

    The message names the rule and what it requires (Heat says only
    "You are not authorized to use <rule>"), so that a user without the
    role learns which one to ask for.
    """
    enforcer = get_enforcer()
    try:
        allowed = enforcer.authorize(rule, target, context)
    except policy.InvalidScope:
        allowed = False
    if not allowed:
        raise exception.Forbidden(
            'You are not authorized to use %s: it requires %s.'
            % (rule, requirement(enforcer, rule, target)))


_RULE_REFERENCE = re.compile(r'\brule:([\w:.-]+)')
_TARGET_FIELD = re.compile(r'%\((\w+)\)s')


def requirement(enforcer, rule, target=None, depth=3):
    """The check of ``rule`` as configured, in terms of roles.

    ``rule:x`` references are expanded ``depth`` levels deep (enough for
    the defaults) and ``%(field)s`` filled from ``target``:
    ``service:index`` -> ``role:admin``, ``stacks:create`` ->
    ``((role:admin) or ((role:member or role:admin) and
    project_id:demo))``.
    """
    def expand(match):
        check = enforcer.rules.get(match.group(1))
        if check is None:
            return match.group(0)
        return str(check) if match.group(0) == text else '(%s)' % check

    text = str(enforcer.rules.get(rule, '!'))
    for _level in range(depth):
        expanded = _RULE_REFERENCE.sub(expand, text)
        if expanded == text:
            break
        text = expanded
    return _TARGET_FIELD.sub(
        lambda m: str((target or {}).get(m.group(1), m.group(0))), text)
