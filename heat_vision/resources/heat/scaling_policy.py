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

"""OS::Heat::ScalingPolicy: a signal that resizes an AutoScalingGroup."""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.resources import base
from heat_vision.resources.heat import scaling
from heat_vision.resources import signal_urls
from heat_vision.template import attributes
from heat_vision.template import constraints

#: The largest ``capacity`` a signal may ask an exact_capacity policy for.
MAX_CAPACITY = 100000


class ScalingPolicy(base.Resource):
    """Adjusts the group named by ``auto_scaling_group_id`` when signalled.

    ``alarm_url`` is signed (``POST`` to it needs no Keystone credential);
    ``signal_url`` is the authenticated resource signal API. Like Heat, a
    signal whose alarm state (``current`` or ``state``) is not ``alarm``,
    or that arrives in the policy's cooldown, changes nothing. The engine
    claims the group before it acts (``engine.signals.scaling``): a
    signal that finds it scaling or in cooldown is queued, where Heat
    drops it; every signal's event says what became of it. A signal to
    an ``exact_capacity`` policy may carry ``capacity``, the size to have
    (what a CEP planned).
    """

    PROPERTIES = (GROUP_ID, ADJUSTMENT_TYPE, SCALING_ADJUSTMENT,
                  MIN_ADJUSTMENT_STEP, COOLDOWN) = (
        'auto_scaling_group_id', 'adjustment_type', 'scaling_adjustment',
        'min_adjustment_step', 'cooldown')
    ATTRIBUTES = (ALARM_URL, SIGNAL_URL) = ('alarm_url', 'signal_url')
    #: adjustment_type value -> the name ``scaling`` computes with.
    ADJUSTMENT_NAMES = {name: name for name in scaling.ADJUSTMENT_TYPES}

    properties_schema = {
        GROUP_ID: constraints.Schema(
            constraints.Schema.STRING,
            _('The reference id (or name) of the AutoScalingGroup to '
              'scale, in this stack.'), required=True),
        ADJUSTMENT_TYPE: constraints.Schema(
            constraints.Schema.STRING, _('How scaling_adjustment counts.'),
            required=True, update_allowed=True,
            constraints=[constraints.AllowedValues(
                scaling.ADJUSTMENT_TYPES)]),
        SCALING_ADJUSTMENT: constraints.Schema(
            constraints.Schema.NUMBER,
            _('Members to add (negative: remove), the size to have, or the '
              'percent to change by.'), required=True, update_allowed=True),
        MIN_ADJUSTMENT_STEP: constraints.Schema(
            constraints.Schema.INTEGER,
            _('The least members a percent_change_in_capacity changes.'),
            update_allowed=True, constraints=[constraints.Range(min=0)]),
        COOLDOWN: constraints.Schema(
            constraints.Schema.INTEGER,
            _('Seconds after a scaling during which signals change '
              'nothing.'), update_allowed=True,
            constraints=[constraints.Range(min=0)]),
    }
    attributes_schema = {
        ALARM_URL: attributes.Schema(
            _('A signed URL that signals the policy (POST, no Keystone '
              'credential needed).'), type=attributes.Schema.STRING),
        SIGNAL_URL: attributes.Schema(
            _('The resource signal API URL of the policy (needs a Keystone '
              'token).'), type=attributes.Schema.STRING),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        """min_adjustment_step only with percent_change_in_capacity."""
        try:
            kind = properties[cls.ADJUSTMENT_TYPE]
            step = properties[cls.MIN_ADJUSTMENT_STEP]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        percent = [k for k, v in cls.ADJUSTMENT_NAMES.items()
                   if v == scaling.PERCENT_CHANGE_IN_CAPACITY][0]
        if step is not None and kind != percent:
            raise exception.StackValidationFailed(
                _('%(step)s is only allowed with %(type)s %(percent)s.') % {
                    'step': cls.MIN_ADJUSTMENT_STEP,
                    'type': cls.ADJUSTMENT_TYPE, 'percent': percent},
                path=path + [cls.MIN_ADJUSTMENT_STEP])

    def handle_create(self):
        """Make the secret that signs ``alarm_url``."""
        self.resource_id = self.physical_resource_name()
        self.data[signing.SECRET_KEY] = signing.new_secret()

    def _group(self):
        """The group's plugin, found by reference id or name."""
        wanted = self.properties[self.GROUP_ID]
        names = self.stack.resource_names()
        if wanted not in names:
            names = [n for n in names
                     if self.stack.get_reference_id(n) == wanted]
        for name in names[:1]:
            plugin = self.stack.plugin(name)
            if callable(getattr(plugin, 'apply_adjustments', None)):
                return plugin
        raise exception.Invalid(
            reason=_('Alarm %(name)s could not find scaling group '
                     '%(group)s') % {'name': self.name, 'group': wanted})

    # A signal that acts: the engine claims the group first
    # (heat_vision.engine.signals.scaling), then the group applies it.

    def signal_claim(self):
        """:returns: the name of the resource this signal acts on."""
        return self._group().name

    def signal_ignored(self, details=None):
        """:returns: why the signal changes nothing, or None.

        Like Heat, only an alarm state of ``alarm`` (``current`` or
        ``state``) acts, and never during the policy's cooldown.
        """
        state = 'alarm'
        if isinstance(details, dict):
            state = str(details.get('current',
                                    details.get('state', 'alarm')))
        if state.lower() != 'alarm':
            return _('alarm state is %s') % state[:64]
        end = scaling.in_cooldown(self.data)
        if end is not None:
            return _('in cooldown until %s') % end.isoformat()
        return None

    def signal_adjustment(self, details=None):
        """:returns: the pending adjustment this policy asks for."""
        return scaling.adjustment(
            self.name,
            self.ADJUSTMENT_NAMES[self.properties[self.ADJUSTMENT_TYPE]],
            self._adjustment(details),
            self.properties[self.MIN_ADJUSTMENT_STEP])

    def signal_applied(self):
        """Start the policy's cooldown. :returns: the data to store."""
        self.data = scaling.start_cooldown(self.data,
                                           self.properties[self.COOLDOWN])
        return self.data

    def _adjustment(self, details):
        """``scaling_adjustment``, or for an exact_capacity policy the
        signal's ``capacity`` (a CEP's planned size; the group's bounds
        still apply).
        """
        kind = self.ADJUSTMENT_NAMES[self.properties[self.ADJUSTMENT_TYPE]]
        if (kind == scaling.EXACT_CAPACITY and isinstance(details, dict)
                and 'capacity' in details):
            capacity = details['capacity']
            if isinstance(capacity, bool) or not isinstance(
                    capacity, int) or not 0 <= capacity <= MAX_CAPACITY:
                raise exception.Invalid(reason=_(
                    'capacity: must be an integer from 0 to %d')
                    % MAX_CAPACITY)
            return capacity
        return self.properties[self.SCALING_ADJUSTMENT]

    def group(self):
        """The plugin of the group this policy adjusts."""
        return self._group()

    def describe(self):
        """:returns: what the policy does, as a CEP is told."""
        return {'adjustment_type': self.properties[self.ADJUSTMENT_TYPE],
                'scaling_adjustment':
                    self.properties[self.SCALING_ADJUSTMENT],
                'cooldown': self.properties[self.COOLDOWN],
                'cooldown_until': _iso(scaling.in_cooldown(self.data))}

    def get_attribute(self, name, *path):
        if name == self.ALARM_URL:
            return signal_urls.alarm_url(self)
        if name == self.SIGNAL_URL:
            return signal_urls.signal_url(self)
        return super().get_attribute(name, *path)


def _iso(moment):
    return moment.isoformat() if moment is not None else None
