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

"""Flavor and image chosen from wanted sizes and OS, and TOSCA sizes.

TOSCA Compute capabilities and CAMP characteristics both use them.

The tables are the defaults; ``[translators] tosca_flavor_map`` and
``tosca_image_map`` name YAML files that replace them (same shape).
"""

import re

from oslo_config import cfg

from heat_vision.common.i18n import _
from heat_vision.translators import base

CONF = cfg.CONF

#: name -> {num_cpus, mem_size (MB), disk_size (GB)}; OpenStack's m1.*.
FLAVORS = {
    'm1.tiny': {'num_cpus': 1, 'mem_size': 512, 'disk_size': 1},
    'm1.small': {'num_cpus': 1, 'mem_size': 2048, 'disk_size': 20},
    'm1.medium': {'num_cpus': 2, 'mem_size': 4096, 'disk_size': 40},
    'm1.large': {'num_cpus': 4, 'mem_size': 8192, 'disk_size': 80},
    'm1.xlarge': {'num_cpus': 8, 'mem_size': 16384, 'disk_size': 160},
}
#: name -> os capability fields it satisfies.
IMAGES = {
    'cirros-0.6.2-x86_64-disk': {'architecture': 'x86_64',
                                 'type': 'linux', 'distribution': 'cirros',
                                 'version': '0.6'},
    'ubuntu-22.04-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                            'distribution': 'ubuntu', 'version': '22.04'},
    'ubuntu-24.04-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                            'distribution': 'ubuntu', 'version': '24.04'},
    'fedora-40-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                         'distribution': 'fedora', 'version': '40'},
    'rhel-9-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                      'distribution': 'rhel', 'version': '9'},
    'centos-stream-9-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                               'distribution': 'centos', 'version': '9'},
    'debian-12-x86_64': {'architecture': 'x86_64', 'type': 'linux',
                         'distribution': 'debian', 'version': '12'},
}
#: heat-translator's predefined images (translator/common/images.py
#: PREDEF_IMAGES), chosen when none of IMAGES matches: its documents
#: ask for these old releases by version.
LEGACY_IMAGES = {
    'ubuntu-software-config-os-init': {
        'architecture': 'x86_64', 'type': 'linux',
        'distribution': 'ubuntu', 'version': '14.04'},
    'ubuntu-12.04-software-config-os-init': {
        'architecture': 'x86_64', 'type': 'linux',
        'distribution': 'ubuntu', 'version': '12.04'},
    'fedora-amd64-heat-config': {'architecture': 'x86_64', 'type': 'linux',
                                 'distribution': 'fedora',
                                 'version': '18.0'},
    'F18-x86_64-cfntools': {'architecture': 'x86_64', 'type': 'linux',
                            'distribution': 'fedora', 'version': '19'},
    'Fedora-x86_64-20-20131211.1-sda': {
        'architecture': 'x86_64', 'type': 'linux',
        'distribution': 'fedora', 'version': '20'},
    'cirros-0.3.1-x86_64-uec': {'architecture': 'x86_64', 'type': 'linux',
                                'distribution': 'cirros',
                                'version': '0.3.1'},
    'cirros-0.3.2-x86_64-uec': {'architecture': 'x86_64', 'type': 'linux',
                                'distribution': 'cirros',
                                'version': '0.3.2'},
    'rhel-6.5-test-image': {'architecture': 'x86_64', 'type': 'linux',
                            'distribution': 'rhel', 'version': '6.5'},
}
_UNITS = {'B': 1, 'KB': 1000, 'KIB': 1024, 'MB': 1000 ** 2,
          'MIB': 1024 ** 2, 'GB': 1000 ** 3, 'GIB': 1024 ** 3,
          'TB': 1000 ** 4, 'TIB': 1024 ** 4}
_SCALAR = re.compile(r'^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]+)\s*$')
_CACHE = {}


def to_bytes(value, path):
    """``'2 GB'`` -> bytes; a bare number is taken as bytes."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    match = _SCALAR.match(str(value))
    if not match or match.group(2).upper() not in _UNITS:
        raise base.fail(path, _('"%s" is not a size such as "2 GB".')
                        % (value,))
    return float(match.group(1)) * _UNITS[match.group(2).upper()]


def size_in(value, unit, path):
    """The size ``value`` in whole ``unit`` (MiB, GiB), rounded up."""
    quantity = to_bytes(value, path) / _UNITS[unit]
    whole = int(quantity)
    return whole if whole == quantity else whole + 1


def _count(value, path):
    """A whole number, also given as text (an input's value)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = None
    if number is None or isinstance(value, bool) or \
            not number.is_integer() or number < 0:
        raise base.fail(path, _('"%s" is not a number of CPUs.')
                        % (str(value)[:50],))
    return int(number)


def _table(option, default):
    filename = getattr(CONF.translators, option)
    if not filename:
        return default
    if filename not in _CACHE:
        with open(filename) as handle:
            table = base.parse_mapping(handle.read(), option)
        _CACHE[filename] = table
    return _CACHE[filename]


def flavor(host, path):
    """The smallest flavor meeting ``host`` {num_cpus, mem_size,
    disk_size} (sizes as TOSCA scalars), by memory, then cpus, then
    disk.
    """
    wanted = {'num_cpus': _count(host.get('num_cpus') or 0,
                                 path + '.num_cpus'),
              'mem_size': size_in(host.get('mem_size') or 0, 'MIB',
                                  path + '.mem_size'),
              'disk_size': size_in(host.get('disk_size') or 0, 'GIB',
                                   path + '.disk_size')}
    fits = [(spec.get('mem_size', 0), spec.get('num_cpus', 0),
             spec.get('disk_size', 0), name)
            for name, spec in _table('tosca_flavor_map', FLAVORS).items()
            if all(spec.get(k, 0) >= v for k, v in wanted.items())]
    if not fits:
        raise base.fail(path, _('no flavor has %(cpus)s cpus, %(mem)s MiB '
                                'and %(disk)s GiB.')
                        % {'cpus': wanted['num_cpus'],
                           'mem': wanted['mem_size'],
                           'disk': wanted['disk_size']})
    return min(fits)[3]


def image(os_cap, path):
    """The first image (by name) whose fields match every given os
    capability field (case-insensitive; version as a prefix).
    """
    wanted = {k: str(v).lower() for k, v in os_cap.items()
              if k in ('architecture', 'type', 'distribution', 'version')
              and v is not None}
    tables = [_table('tosca_image_map', IMAGES)]
    if not CONF.translators.tosca_image_map:
        tables.append(LEGACY_IMAGES)
    for table in tables:
        for name in sorted(table):
            spec = table[name]
            if all(str(spec.get(k, '')).lower().startswith(v)
                   if k == 'version' else str(spec.get(k, '')).lower() == v
                   for k, v in wanted.items()):
                return name
    raise base.fail(path, _('no image matches %s.') % (wanted,))
