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

"""The runner's heat-vision and its stack operations on the test cloud."""

from concurrent import futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time

import openstack
import requests

sys.path.insert(0, os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    'test-cloud'))
from testcloud import ports  # noqa

#: what the runner's project holds, by kind (the leftovers check).
KINDS = {
    'subnets': lambda c: c.network.subnets(),
    'keypairs': lambda c: c.compute.keypairs(),
    'snapshots': lambda c: c.block_storage.snapshots(),
    'backups': lambda c: c.block_storage.backups(),
    'server_groups': lambda c: c.compute.server_groups(),
    'servers': lambda c: c.compute.servers(),
    'volumes': lambda c: c.block_storage.volumes(),
    'ports': lambda c: c.network.ports(),
    'networks': lambda c: c.network.networks(),
    'routers': lambda c: c.network.routers(),
    'floating_ips': lambda c: c.network.ips(),
    'security_groups': lambda c: (g for g in c.network.security_groups()
                                  if g.name != 'default'),
}


#: of an optional service, when the cloud has it.
OPTIONAL_KINDS = {
    'load-balancer': ('load_balancers',
                      lambda c: c.load_balancer.load_balancers()),
    'object-store': ('containers', lambda c: c.object_store.containers()),
}


#: what an admin's stack may make for the whole cloud (Keystone, Cinder's
#: volume types, Nova's aggregates and flavors): the objects of a stack's
#: resources among them are its leftovers (other tests share the cloud,
#: so a list's growth says nothing).
ADMIN_KINDS = {
    'roles': lambda c: c.identity.roles(),
    'domains': lambda c: c.identity.domains(),
    'projects': lambda c: c.identity.projects(),
    'users': lambda c: c.identity.users(),
    'groups': lambda c: c.identity.groups(),
    'regions': lambda c: c.identity.regions(),
    'services': lambda c: c.identity.services(),
    'endpoints': lambda c: c.identity.endpoints(),
    'volume_types': lambda c: c.block_storage.types(),
    'aggregates': lambda c: c.compute.aggregates(),
    'flavors': lambda c: c.compute.flavors(),
}


class Cloud:
    """The test cloud of a state directory, as its admin."""

    def __init__(self, state_dir):
        with open(os.path.join(state_dir, 'cloud.json')) as f:
            self.info = json.load(f)
        self.admin = self.connect(self.info['auth'])
        self.kinds = dict(KINDS)
        for service, (kind, list_) in OPTIONAL_KINDS.items():
            if service in self.info['endpoints']:
                self.kinds[kind] = list_

    def connect(self, auth):
        return openstack.connect(auth=auth, identity_api_version='3',
                                 region_name=self.info['region_name'])

    def holdings(self, conn, kinds=None):
        """The ids of what ``conn``'s project holds, by kind (of
        ``kinds``: the project's by default).
        """
        kinds = kinds or self.kinds

        def ids(list_):
            return {o.id for o in list_(conn)}
        # Side by side: a dozen listings, each waiting on a service.
        with futures.ThreadPoolExecutor(len(kinds)) as pool:
            found = dict(zip(kinds, pool.map(ids, kinds.values())))
        return found


def bundle(path, tmpl):
    """The ``files`` map: the local templates and files it names (as
    python-heatclient's ``process_template_path`` sends them).

    :returns: (files, the names of files it names that are not there).
    """
    files, absent = {}, set()
    folder = os.path.dirname(path)
    names = {r.get('type') for r in (tmpl.get('resources') or {}).values()
             if isinstance(r, dict)}
    with open(path) as f:
        text = f.read()
    wanted = set(re.findall(r'get_file:\s*["\']?([^\s{}\[\],"\']+)',
                            text))
    names |= wanted
    # Provider templates named anywhere (a group's resource type).
    names |= set(re.findall(r'type:\s*["\']?([^\s{}\[\],"\']+\.ya?ml)',
                            text))
    for name in names:
        if not isinstance(name, str) or '::' in name or name.startswith(
                'http'):
            continue
        local = os.path.join(folder, name)
        if os.path.isfile(local):
            with open(local) as f:
                files[name] = f.read()
        elif name in wanted:
            absent.add(name)
    return files, absent


class HeatVision:
    """``heat-vision-all`` on sqlite, reaching the cloud with the
    runner's token (``[clients] auth_mode = keystone_token``).
    """

    def __init__(self, cloud, user, timeout):
        self.cloud, self.user, self.timeout = cloud, user, timeout
        self.dir = tempfile.mkdtemp(prefix='hv-hot-')
        port = ports.free_port()
        conf = os.path.join(self.dir, 'hv.conf')
        with open(conf, 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n[database]\nconnection = '
                    'sqlite:///%s/hv.db\n[api]\nbind_port = %d\n[clients]\n'
                    'auth_mode = keystone_token\nauth_url = %s\n'
                    '[clients_openstack]\nregion_name = %s\n' % (
                        self.dir, self.dir, port,
                        cloud.info['auth']['auth_url'],
                        cloud.info['region_name']))
        bin_dir = os.path.dirname(sys.executable)
        subprocess.run([os.path.join(bin_dir, 'heat-vision-manage'),
                        '--config-file', conf, 'db', 'sync'], check=True,
                       capture_output=True)
        self.log = open(os.path.join(self.dir, 'hv.log'), 'w')
        self.process = subprocess.Popen(
            [os.path.join(bin_dir, 'heat-vision-all'), '--config-file',
             conf], stdout=self.log, stderr=subprocess.STDOUT)
        self.url = 'http://127.0.0.1:%d/v1/%s' % (
            port, user.current_project_id)
        self.session = requests.Session()
        self.session.headers['X-Auth-Token'] = user.auth_token
        self._wait(lambda: self._answers(), 60)

    def _answers(self):
        try:
            return self.session.get(self.url + '/stacks').ok
        except requests.ConnectionError:
            return False

    def _wait(self, predicate, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = predicate()
            if found:
                return found
            time.sleep(2)
        return None

    def resource_types(self):
        answer = self.session.get(self.url + '/resource_types').json()
        return {t if isinstance(t, str) else t['resource_type']
                for t in answer['resource_types']}

    def _settled(self, name, stack_id):
        answer = self.session.get('%s/stacks/%s/%s' % (
            self.url, name, stack_id), params={'resolve_outputs': 'false'})
        if answer.status_code == 404:
            return {'stack_status': 'DELETE_COMPLETE'}
        stack = answer.json()['stack']
        return None if stack['stack_status'].endswith('IN_PROGRESS') \
            else stack

    def _step(self, name, stack_id, wanted):
        stack = self._wait(lambda: self._settled(name, stack_id),
                           self.timeout)
        if stack is None:
            return False, 'timed out'
        return (stack['stack_status'] == wanted,
                stack.get('stack_status_reason'))

    def as_user(self, user, roles=None):
        """Work as ``user`` (a connection) from now on, with ``roles``
        (``X-Roles``: the API runs without Keystone).
        """
        self.user = user
        self.url = '%s/v1/%s' % (self.url.split('/v1/')[0],
                                 user.current_project_id)
        if roles:
            self.session.headers['X-Roles'] = ','.join(roles)
        else:
            self.session.headers.pop('X-Roles', None)

    def _physical_ids(self, name, stack_id):
        """The physical ids of the stack's resources, nested ones too."""
        answer = self.session.get('%s/stacks/%s/%s/resources' % (
            self.url, name, stack_id), params={'nested_depth': 5})
        if not answer.ok:
            return set()
        return {r['physical_resource_id'] for r in
                answer.json()['resources'] if r.get('physical_resource_id')}

    def lifecycle(self, rel, text, files, params, environment=None):
        """Create, update, delete; :returns: what worked, and why not."""
        # A run outlasts a token: keystoneauth renews one near its end.
        self.session.headers['X-Auth-Token'] = self.user.auth_token
        before = self.cloud.holdings(self.user)
        name = 'hot-' + re.sub(r'[^A-Za-z0-9-]', '-', rel)[:40]
        result = {}
        body = {'template': text, 'files': files, 'parameters': params}
        if environment:
            body['environment'] = environment
        answer = self.session.post(self.url + '/stacks', json=dict(
            body, stack_name=name, timeout_mins=self.timeout // 60))
        if answer.status_code != 201:
            return {'refused': answer.text[:300]}
        stack_id = answer.json()['stack']['id']
        result['created'], why = self._step(name, stack_id,
                                            'CREATE_COMPLETE')
        made = self._physical_ids(name, stack_id)
        if result['created']:
            self.session.patch('%s/stacks/%s/%s' % (
                self.url, name, stack_id), json=body)
            result['updated'], why = self._step(name, stack_id,
                                                'UPDATE_COMPLETE')
            made |= self._physical_ids(name, stack_id)
        if why and not all(result.values()):
            result['reason'] = str(why)[:300]
        self.session.delete('%s/stacks/%s/%s' % (self.url, name, stack_id))
        result['deleted'], why = self._step(name, stack_id,
                                            'DELETE_COMPLETE')
        if not result['deleted']:
            result['delete_reason'] = str(why)[:300]
        after = self.cloud.holdings(self.user)
        left = {kind: sorted(after[kind] - before[kind]) for kind in after
                if after[kind] - before[kind]}
        if 'X-Roles' in self.session.headers:
            # An admin's stack: what it made for the whole cloud, too.
            wide = self.cloud.holdings(self.cloud.admin, ADMIN_KINDS)
            left.update((kind, sorted(ids & made))
                        for kind, ids in wide.items() if ids & made)
        result['nothing_left'] = not left
        if left:
            result['left'] = left
        return result

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
