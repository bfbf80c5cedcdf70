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

"""Servers on the real test cloud: a ResourceGroup of 20, scaled to 10.

    python -m benchmarks.bench_cloud_servers --state-dir DIR \\
        [--count 20] [--scale-to 10] [--timeout 1800]

Needs a running test cloud (``tools/test-cloud/test-cloud start
--state-dir DIR``: Keystone, Placement, Glance, Neutron, Nova on its
fake driver). Makes a public image and a flavor as the cloud's admin,
starts ``heat-vision-all`` (``bench_engine.Service``) with ``[clients]
auth_mode = keystone_token`` against the cloud's Keystone, and, as the
cloud's demo user, times a stack of a network, a subnet and an
``OS::Heat::ResourceGroup`` of ``--count`` ``OS::Nova::Server``: its
create (every server ACTIVE), the update to ``--scale-to`` members and
its delete; then checks through openstacksdk that the project has no
server left. Times include Nova's fake driver and Neutron.

Measured on this machine (2 shared cores also running other work, one
run, the cloud warm-started by hand, 2026-12-01): create 20 in 55.4 s,
scale to 10 in 22.3 s, delete 10 in 21.3 s (``RESULTS``).
"""

import argparse
import json
import os
import sys
import time
import uuid

import openstack

from benchmarks import bench_engine

#: The last measurement on this machine (seconds), updated by hand.
RESULTS = {'create 20': 55.4, 'scale to 10': 22.3, 'delete 10': 21.3}

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.50.0.0/22}
  group:
    type: OS::Heat::ResourceGroup
    depends_on: subnet
    properties:
      count: %(count)d
      resource_def:
        type: OS::Nova::Server
        properties:
          image: %(image)s
          flavor: %(flavor)s
          networks: [{network: {get_resource: net}}]
'''


def _connection(info, auth):
    return openstack.connection.Connection(
        auth=info[auth], region_name=info['region_name'],
        identity_api_version='3')


def run(info, count, scale_to, timeout):
    admin = _connection(info, 'auth')
    demo = _connection(info, 'demo_auth')
    suffix = uuid.uuid4().hex[:8]
    image = admin.image.create_image(
        name='hv-bench-' + suffix, data=b'\0' * 4096, disk_format='raw',
        container_format='bare', visibility='public')
    flavor = admin.compute.create_flavor(name='hv-bench-' + suffix,
                                         ram=64, vcpus=1, disk=1)
    project = demo.current_project_id
    quotas = admin.get_compute_quotas(project)
    admin.set_compute_quotas(project, instances=2 * count,
                             cores=2 * count)
    options = ('\n[clients]\nauth_mode = keystone_token\nauth_url = %s\n'
               '[clients_openstack]\nregion_name = %s\n'
               % (info['auth']['auth_url'], info['region_name']))
    service = bench_engine.Service(timeout, options)
    times = {}
    try:
        service.url = service.url.rsplit('/', 1)[0] + '/' + \
            demo.current_project_id
        service.http.headers['X-Auth-Token'] = demo.auth_token
        name = 'servers-' + suffix

        def template(members):
            return TEMPLATE % {'count': members, 'image': image.id,
                               'flavor': flavor.id}
        sid, times['create %d' % count] = service.create(name,
                                                         template(count))
        times['scale to %d' % scale_to] = service.update(
            name, sid, template(scale_to))
        times['delete %d' % scale_to] = service.delete(name, sid)
        left = list(admin.compute.servers(
            all_projects=True, project_id=demo.current_project_id))
        if left:
            raise bench_engine.BenchmarkError(
                '%d servers left behind' % len(left))
    finally:
        service.stop()
        admin.set_compute_quotas(project, instances=quotas.instances,
                                 cores=quotas.cores)
        admin.compute.delete_flavor(flavor, ignore_missing=True)
        admin.image.delete_image(image, ignore_missing=True)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--state-dir', required=True,
                        help='state directory of a running test cloud')
    parser.add_argument('--count', type=int, default=20)
    parser.add_argument('--scale-to', type=int, default=10)
    parser.add_argument('--timeout', type=float, default=1800)
    args = parser.parse_args()
    with open(os.path.join(args.state_dir, 'cloud.json')) as f:
        info = json.load(f)
    started = time.monotonic()
    try:
        times = run(info, args.count, args.scale_to, args.timeout)
    except bench_engine.BenchmarkError as exc:
        print('FAILED: %s' % exc)
        return 1
    for what, seconds in times.items():
        print('%-12s %7.1f s' % (what, seconds))
    print('total        %7.1f s' % (time.monotonic() - started))
    return 0


if __name__ == '__main__':
    sys.exit(main())
