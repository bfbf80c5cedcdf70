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

"""The translator conformance cases (tests/unit/translators/cases).

One directory per case, under its format::

    <format>/<case>/input.yaml      the document (or input.json)
    <format>/<case>/csar/           ... or a CSAR / PDP, zipped here
    <format>/<case>/pdp/
    <format>/<case>/<other files>   given as ``files`` (relative names)
    <format>/<case>/expected.yaml   {template: HOT, files: {name: ...}}
    <format>/<case>/error.yaml      {path: ..., message: ...} (negative)

The expected HOT was written for these inputs and reviewed against the
format's specification, not recorded from the translator's output.
"""

import io
import os
import zipfile

import yaml

ROOT = os.path.join(os.path.dirname(__file__), 'cases')
ARCHIVES = ('csar', 'pdp')
SPECIAL = ('expected.yaml', 'error.yaml', 'input.yaml', 'input.json')

#: Types heat-vision has no plugin for yet, created as stand-ins.
STAND_INS = {name: 'OS::Heat::None' for name in (
    'OS::Nova::Server', 'OS::Nova::ServerGroup', 'OS::Cinder::Volume',
    'OS::Cinder::VolumeAttachment', 'OS::Neutron::Net',
    'OS::Neutron::Subnet', 'OS::Neutron::Port', 'OS::Neutron::FloatingIP',
    'OS::Neutron::SecurityGroup', 'OS::Swift::Container',
    'OS::Octavia::LoadBalancer', 'OS::Octavia::Listener',
    'OS::Octavia::Pool', 'OS::Octavia::PoolMember', 'OS::Aodh::Alarm',
    'OS::Aodh::EventAlarm', 'OS::Nova::Flavor',
    'OS::Zaqar::Queue', 'OS::Heat::SoftwareDeployment',
    'AWS::EC2::Instance', 'AWS::EC2::EIP', 'AWS::IAM::User', 'AWS::EC2::VPC')}
STAND_IN_ENV = {'resource_registry': STAND_INS}


def names(fmt, negative=False):
    marker = 'error.yaml' if negative else 'expected.yaml'
    base = os.path.join(ROOT, fmt)
    return sorted(n for n in os.listdir(base)
                  if os.path.exists(os.path.join(base, n, marker)))


def zip_dir(path):
    """The bytes of a zip of the directory ``path`` (names relative)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as archive:
        for root, _dirs, files in sorted(os.walk(path)):
            for name in sorted(files):
                full = os.path.join(root, name)
                archive.write(full, os.path.relpath(full, path))
    return buf.getvalue()


def load(fmt, name):
    """:returns: (document, files, filename, expectation dict)."""
    base = os.path.join(ROOT, fmt, name)
    for archive in ARCHIVES:
        if os.path.isdir(os.path.join(base, archive)):
            document, filename, files = zip_dir(
                os.path.join(base, archive)), None, {}
            break
    else:
        filename = 'input.json' if os.path.exists(
            os.path.join(base, 'input.json')) else 'input.yaml'
        with open(os.path.join(base, filename)) as handle:
            document = handle.read()
        files = {}
        for root, _dirs, found in os.walk(base):
            for fname in found:
                rel = os.path.relpath(os.path.join(root, fname), base)
                if rel not in SPECIAL:
                    with open(os.path.join(base, rel)) as handle:
                        files[rel] = handle.read()
    for marker in ('expected.yaml', 'error.yaml'):
        path = os.path.join(base, marker)
        if os.path.exists(path):
            with open(path) as handle:
                return document, files, filename, yaml.safe_load(handle)
    raise AssertionError('case %s/%s has no expectation' % (fmt, name))


def produced_files(translation):
    """The translation's files, YAML templates parsed, others as text."""
    out = {}
    for name, text in translation.files.items():
        out[name] = yaml.safe_load(text) if name.endswith(
            ('.yaml', '.yml')) and 'heat_template_version' in text else text
    return out
