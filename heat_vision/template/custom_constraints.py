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

"""The generic custom constraints (``heat_vision.constraints``).

A custom constraint plugin is a class with ``validate(value, context)``
returning a bool and, after a failed check, an ``error_message``.
"""

import datetime
import zoneinfo

import croniter
import netaddr
from oslo_utils import timeutils

from heat_vision.common.i18n import _


class BaseConstraint:
    """Base class of custom constraint plugins."""

    error_message = None

    def validate(self, value, context=None):
        """Check a value.

        :param value: the value.
        :param context: the request context (unused here).
        :returns: bool; on False, ``error_message`` says why.
        """
        self.error_message = None
        try:
            ok = self.check(value)
        except Exception as exc:  # noqa: plugin checks report, not raise
            self.error_message = str(exc)
            return False
        return bool(ok)

    def check(self, value):
        raise NotImplementedError()


class IPConstraint(BaseConstraint):
    """An IPv4 or IPv6 address."""

    def check(self, value):
        return netaddr.valid_ipv4(value) or netaddr.valid_ipv6(value)


class IPv4Constraint(BaseConstraint):
    """An IPv4 address."""

    def check(self, value):
        return netaddr.valid_ipv4(value, netaddr.INET_PTON)


class IPv6Constraint(BaseConstraint):
    """An IPv6 address."""

    def check(self, value):
        return netaddr.valid_ipv6(value)


class CIDRConstraint(BaseConstraint):
    """A network in CIDR notation (``10.0.0.0/24``)."""

    def check(self, value):
        if not isinstance(value, str) or '/' not in value:
            self.error_message = _('Invalid net cidr %s') % value
            return False
        net = netaddr.IPNetwork(value)
        prefix = value.split('/', 1)[1]
        if not prefix.isdigit() or str(net.prefixlen) != prefix:
            self.error_message = _('Invalid net cidr %s') % value
            return False
        return True


class MACConstraint(BaseConstraint):
    """A MAC address in the ``aa:bb:cc:dd:ee:ff`` form."""

    def check(self, value):
        return (isinstance(value, str) and value.count(':') == 5 and
                netaddr.valid_mac(value))


class ISO8601Constraint(BaseConstraint):
    """A date and time in ISO 8601 format."""

    def check(self, value):
        timeutils.parse_isotime(value)
        return True


class CRONExpressionConstraint(BaseConstraint):
    """A cron expression (five fields, as croniter reads them)."""

    def check(self, value):
        if not isinstance(value, str):
            return False
        croniter.croniter(value)
        return True


class TimezoneConstraint(BaseConstraint):
    """An IANA time zone name such as ``Europe/Paris``."""

    def check(self, value):
        if not isinstance(value, str) or not value:
            return False
        zoneinfo.ZoneInfo(value)
        return True


class ExpirationConstraint(BaseConstraint):
    """An ISO 8601 date and time in the future."""

    def check(self, value):
        expiry = timeutils.parse_isotime(value)
        now = datetime.datetime.now(datetime.timezone.utc)
        if expiry.tzinfo is None:
            expiry = expiry.replace(tzinfo=datetime.timezone.utc)
        if expiry <= now:
            self.error_message = _('Expiration time is out of date.')
            return False
        return True


class TestConstraint(BaseConstraint):
    """A constraint for tests: accepts anything but the string ``invalid``."""

    def check(self, value):
        return value != 'invalid'
