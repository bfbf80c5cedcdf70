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

"""What the tests against the real test cloud share.

:class:`CloudTestCase` gets the process's cloud (``cloud_service``), an
admin and a demo openstacksdk connection, a public image and two
flavors of its own, and runs heat-vision's api and engines (RabbitMQ,
MariaDB) against the cloud, as ``self.demo``: a member of a project of
the test's own (tests run side by side on the shared cloud). It lists
what that project holds in every service before the test and sweeps
the servers, volumes and security groups a failed test leaves behind.

The tests of one test process that run one engine with the same
settings share one heat-vision (:func:`shared_deployment`), started by
the first and stopped when the process exits: each still acts in a
project of its own, with its own token. A test that stops an engine
runs a deployment of its own.

heat-vision reaches the services with the request's token
(``[clients] auth_mode = keystone_token``). With ``keystone=True`` its
API also sits behind the cloud's Keystone and keeps a trust per stack
(``deferred_auth_method = trusts``): what an engine taking over a dead
engine's work needs, since no request brings it a token.
"""

import atexit
import functools
import os
import uuid

import fixtures
from testtools import content

from tests import backends
from tests import base
from tests.cloud import cloud_service
from tests.functional import client as heat_client
from tests.functional.compat import test_cfn_relay
from tests.functional import processes
from tests import waiting

#: heat-vision's service user in the cloud's Keystone (keystone=True).
SERVICE_USER = 'heat-vision'
#: The shared external network (``public_network``).
PUBLIC_NETWORK = 'hv-public'
#: Seconds heat-vision's API waits on its engine (``rpc_response_timeout``).
RPC_TIMEOUT = 180


def unique(kind):
    return 'hv-%s-%s' % (kind, uuid.uuid4().hex[:8])


@cloud_service.needs_cloud
class CloudTestCase(base.TestCase):

    TIMEOUT = cloud_service.START_TIMEOUT + 1800
    #: The cloud's optional services the tests need (``zaqar``).
    OPTIONAL_SERVICES = ()
    #: Whether the tests make servers, volumes or images (then each
    #: gets an image, two flavors and room in the quotas).
    USES_COMPUTE = True
    #: Whether a test with one engine and no ``extra`` config may run
    #: on the heat-vision its process shares (``shared_deployment``).
    #: A test that stops an engine or reads what the engines log about
    #: its stacks alone needs one of its own.
    SHARES_HEAT_VISION = True

    def setUp(self):
        super().setUp()
        backends.require(self, 'mysql')
        backends.require(self, 'rabbitmq')
        self.cloud = cloud_service.require(
            self, optional=self.OPTIONAL_SERVICES)
        self.admin = self.cloud.connection()
        self.addCleanup(self.admin.close)
        # A project of the test's own: tests share the cloud side by side.
        self.demo = self.cloud.connection(
            auth=self.cloud.new_member(self, self.admin))
        self.addCleanup(self.demo.close)
        self.addCleanup(self.delete_security_groups)
        if self.USES_COMPUTE:
            self.set_up_compute()

    def set_up_compute(self):
        self.image = self.admin.image.create_image(
            name=unique('image'), data=b'\0' * 4096, disk_format='raw',
            container_format='bare', visibility='public',
            allow_duplicates=True)
        self.addCleanup(self.admin.image.delete_image, self.image,
                        ignore_missing=True)
        self.admin.set_compute_quotas(self.demo.current_project_id,
                                      instances=40, cores=80)
        self.before = self.cloud_objects()
        self.addCleanup(self.sweep)
        self.flavors = []
        for ram in (128, 192):
            flavor = self.admin.compute.create_flavor(
                name=unique('flavor'), ram=ram, vcpus=1, disk=1)
            self.addCleanup(self.admin.compute.delete_flavor, flavor,
                            ignore_missing=True)
            self.flavors.append(flavor)

    # heat-vision -----------------------------------------------------

    def start_heat_vision(self, engines=1, keystone=False, extra=None):
        """Run heat-vision's api and ``engines`` engines on the cloud
        (:class:`HeatVisionDeployment`), with a client as the demo user.

        One engine with no ``extra``: the deployment this test process
        shares with its other tests of the same ``keystone`` (unless the
        class says ``SHARES_HEAT_VISION = False``); otherwise one of the
        test's own, stopped at its end.

        :param extra: more config sections, merged over the others.
        """
        if self.SHARES_HEAT_VISION and engines == 1 and not extra:
            deployment = shared_deployment(self.cloud, keystone)
            deployment.attach_logs_to(self, since_now=True)
        else:
            deployment = self.useFixture(HeatVisionDeployment(
                self.cloud, engines, keystone, extra))
            deployment.attach_logs_to(self)
        self.port = deployment.port
        self.config = deployment.config
        self.engines = deployment.engines
        project = self.demo.current_project_id
        # A create answers once validated against the cloud (its
        # engine's RPC call may take RPC_TIMEOUT): waited for longer.
        self.client = heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/%s' % (self.port, project),
            timeout=RPC_TIMEOUT + 30)
        self.client.session.headers['X-Auth-Token'] = self.demo.auth_token

    def cfn(self):
        """boto3's CloudFormation client on the relay, as the demo user."""
        client = test_cfn_relay.cfn_client(
            'http://127.0.0.1:%d/v1/%s' % (self.port,
                                           self.demo.current_project_id))

        def token(request, **kwargs):
            request.headers['X-Auth-Token'] = self.demo.auth_token
        client.meta.events.register('before-send.cloudformation.*', token)
        return client

    def admin_client(self):
        """A heat-vision client acting as the cloud's admin."""
        client = heat_client.HeatClient('http://127.0.0.1:%d/v1/%s' % (
            self.port, self.admin.current_project_id), roles='admin',
            timeout=RPC_TIMEOUT + 30)
        client.session.headers['X-Auth-Token'] = self.admin.auth_token
        return client

    def public_network(self):
        """The cloud's external flat network (physnet ``public``, one
        flat network at most) with its subnet: made by the first test
        that needs it and shared by the tests after, the admin's.
        """
        network = self.admin.network
        with cloud_service.machine_lock():
            public = network.find_network(PUBLIC_NETWORK)
            if public is None:
                public = network.create_network(
                    name=PUBLIC_NETWORK, is_router_external=True,
                    provider_network_type='flat',
                    provider_physical_network='public')
            if not public.subnet_ids:
                network.create_subnet(
                    network_id=public.id, ip_version=4,
                    cidr='172.24.4.0/24', name=PUBLIC_NETWORK)
        return public

    def network_with_subnet(self, conn, kind, cidr):
        """A network of ``conn``'s user with an IPv4 subnet of ``cidr``,
        both deleted at clean-up.

        :returns: ``(network, subnet)``.
        """
        network = conn.network.create_network(name=unique(kind))
        self.addCleanup(conn.network.delete_network, network,
                        ignore_missing=True)
        subnet = conn.network.create_subnet(
            network_id=network.id, ip_version=4, cidr=cidr,
            name=unique(kind + '-subnet'))
        self.addCleanup(conn.network.delete_subnet, subnet,
                        ignore_missing=True)
        return network, subnet

    def wait_for(self, predicate, timeout=600, interval=1):
        return waiting.wait_until(predicate, timeout, interval)

    def run_stack(self, name, template, parameters, stack_id=None,
                  timeout=900):
        """Create (or update) a stack and wait; :returns: its id."""
        if stack_id is None:
            stack_id = self.client.create(name, template,
                                          parameters=parameters)
        else:
            response = self.client.request(
                'PATCH', '/stacks/%s/%s' % (name, stack_id),
                json={'parameters': parameters})
            self.assertEqual(202, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, timeout)
        self.assertIn(stack['stack_status'],
                      ('CREATE_COMPLETE', 'UPDATE_COMPLETE'),
                      stack['stack_status_reason'])
        return stack_id

    def wait_stack(self, name, stack_id, timeout):
        """The stack once out of IN_PROGRESS (None once deleted).

        Polled once a second without its outputs: each output read
        asks the cloud's services, which the test must not flood.
        """
        def settled():
            response = self.client.request(
                'GET', '/stacks/%s/%s' % (name, stack_id),
                params={'resolve_outputs': 'false'})
            if response.status_code == 404:
                return {'stack_status': 'DELETE_COMPLETE'}
            if response.status_code >= 500:
                return None
            stack = response.json()['stack']
            return None if stack['stack_status'].endswith(
                'IN_PROGRESS') else stack
        return self.wait_for(settled, timeout=timeout)

    def physical_ids(self, name, stack_id):
        response = self.client.request(
            'GET', '/stacks/%s/%s/resources' % (name, stack_id))
        self.assertEqual(200, response.status_code, response.text)
        return {r['resource_name']: r['physical_resource_id']
                for r in response.json()['resources']}

    def outputs(self, name, stack_id):
        stack = self.client.show(name, stack_id).json()['stack']
        return {o['output_key']: o['output_value']
                for o in stack['outputs']}

    def delete_stack(self, name, stack_id):
        response = self.client.request('DELETE', '/stacks/%s/%s' % (
            name, stack_id))
        self.assertEqual(204, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('DELETE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))

    # What the services hold ------------------------------------------

    def cloud_objects(self):
        """Every object of the demo project, by kind (ids)."""
        project = self.demo.current_project_id
        admin = self.admin
        return {
            'servers': {s.id for s in admin.compute.servers(
                all_projects=True, project_id=project)},
            'networks': {n.id for n in admin.network.networks(
                project_id=project)},
            'subnets': {s.id for s in admin.network.subnets(
                project_id=project)},
            'ports': {p.id for p in admin.network.ports(
                project_id=project)},
            'routers': {r.id for r in admin.network.routers(
                project_id=project)},
            'security_groups': {g.id for g in admin.network.security_groups(
                project_id=project) if g.name != 'default'},
            'floating_ips': {f.id for f in admin.network.ips(
                project_id=project)},
            'volumes': {v.id for v in admin.block_storage.volumes(
                all_projects=True, project_id=project)},
            'keypairs': {k.name for k in self.demo.compute.keypairs()},
            'server_groups': {g.id for g in self.demo.compute.server_groups()},
            'images': {i.id for i in admin.image.images(owner=project)},
        }

    def sweep(self):
        """Delete the servers and volumes a failed test left behind
        (its heat-vision is gone by then), so that they hold no quota.
        """
        left = self.cloud_objects()
        servers = left['servers'] - self.before['servers']
        for server in servers:
            self.admin.compute.delete_server(server, ignore_missing=True)
        for server in servers:
            found = self.admin.compute.find_server(server)
            if found is not None:
                self.admin.compute.wait_for_delete(found, wait=300)
        for volume in left['volumes'] - self.before['volumes']:
            self.admin.block_storage.delete_volume(volume, force=True,
                                                   ignore_missing=True)

    def delete_security_groups(self):
        """The project's security groups: Neutron keeps them after the
        project is deleted.
        """
        for group in self.admin.network.security_groups(
                project_id=self.demo.current_project_id):
            try:
                self.admin.network.delete_security_group(group)
            except Exception:  # still in use by what a failure left
                pass


class HeatVisionDeployment(fixtures.Fixture):
    """heat-vision's api and engines (RabbitMQ, MariaDB) on the cloud,
    with a database, a state directory and RabbitMQ names of their own.

    ``port`` is the API's; ``config`` the config file; ``engines``
    label -> :class:`processes.Process`. With ``keystone`` the API sits
    behind the cloud's Keystone and keeps a trust per stack
    (``deferred_auth_method = trusts``), as a service user of its own:
    what an engine taking over a dead engine's work needs, since no
    request brings it a token.
    """

    def __init__(self, cloud, engines=1, keystone=False, extra=None):
        super().__init__()
        self.cloud = cloud
        self.engine_count = engines
        self.keystone = keystone
        self.extra = extra or {}

    def _setUp(self):
        self.admin = self.cloud.connection()
        self.addCleanup(self.admin.close)
        self.state_dir = self.useFixture(fixtures.TempDir()).path
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        self.port = processes.free_port()
        sections = backends.merge_config({
            'DEFAULT': {'state_path': self.state_dir,
                        'report_interval': 1, 'service_down_time': 4,
                        # A create validates against the cloud before it
                        # answers: on a busy machine that took over 10 s,
                        # in stop 49's CI run over 60 s (the test cloud's
                        # Neutron then stalled: testcloud/config.py
                        # NO_KEEP_ALIVE); the margin is for a slow one.
                        'rpc_response_timeout': RPC_TIMEOUT},
            'database': {'connection': database.url},
            'api': {'bind_port': self.port},
            # A create the busy cloud answers after the default 30 s
            # (Octavia's API on the busy CI machine) was sent
            # again while the first was still being made: two load
            # balancers, the stack knowing one.
            'clients': {'auth_mode': 'keystone_token',
                        'auth_url': self.cloud.auth['auth_url'],
                        'timeout': 120},
            'clients_openstack': {
                'region_name': self.cloud.region_name}},
            backends.isolated_messaging(),
            self.keystone_config() if self.keystone else {}, self.extra)
        self.config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), sections)
        self.engines = {}
        for number in range(self.engine_count):
            self.start_engine('engine-%d' % number)
        self.api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', self.config],
            self.state_dir))
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port,
                                self.api)
        for engine in self.engines.values():
            processes.wait_for_log(engine, processes.ENGINE_READY)
        # The service list is the admin's (behind Keystone, its role).
        services = heat_client.HeatClient('http://127.0.0.1:%d/v1/%s' % (
            self.port, self.admin.current_project_id), roles='admin')
        services.session.headers['X-Auth-Token'] = self.admin.auth_token
        self.addCleanup(services.session.close)
        waiting.wait_until(
            lambda: len(services.services()) == self.engine_count, 600)

    def keystone_config(self):
        """Config sections putting heat-vision behind the cloud's
        Keystone, with a trust per stack, as a user of its own.
        """
        url = self.cloud.auth['auth_url']
        password = uuid.uuid4().hex
        identity = self.admin.identity
        service = identity.find_project('service')
        user = identity.create_user(
            name=unique(SERVICE_USER), password=password,
            domain_id='default', default_project_id=service.id)
        self.addCleanup(identity.delete_user, user, ignore_missing=True)
        role = identity.find_role('service')
        identity.assign_project_role_to_user(service, user, role)
        login = {'auth_type': 'password', 'auth_url': url,
                 'username': user.name, 'password': password,
                 'user_domain_id': 'default'}
        return {
            'DEFAULT': {'deferred_auth_method': 'trusts',
                        'auth_encryption_key': uuid.uuid4().hex},
            'api': {'auth_strategy': 'keystone'},
            'keystone_authtoken': dict(
                login, interface='public', www_authenticate_uri=url,
                project_name='service', project_domain_id='default',
                region_name=self.cloud.region_name,
                service_token_roles_required='true'),
            'trustee': login,
        }

    def start_engine(self, label):
        self.engines[label] = self.useFixture(processes.Process(
            'heat-vision-engine', ['--config-file', self.config],
            self.state_dir, label))

    def processes(self):
        return [self.api] + list(self.engines.values())

    def alive(self):
        return all(p.popen.poll() is None for p in self.processes())

    def attach_logs_to(self, testcase, since_now=False):
        """Show each process's log with the test's failure, if any:
        ``since_now``, only what it logged from now on (a shared
        deployment's log holds the tests' before).
        """
        for process in self.processes():
            start = 0
            if since_now:
                start = os.path.getsize(process.log_path)
            testcase.addOnException(functools.partial(
                _attach_log, testcase, process.log_path, start))


def _attach_log(testcase, path, start, exc_info):
    with open(path, 'rb') as log:
        log.seek(start)
        text = log.read().decode('utf-8', 'replace')
    testcase.addDetail(os.path.basename(path),
                       content.text_content(text[-20000:]))


#: keystone -> the HeatVisionDeployment this test process shares.
_shared = {}
_stopping_registered = []


def shared_deployment(cloud, keystone):
    """The one-engine heat-vision (behind Keystone or not) the tests of
    this process share, started by the first to need it (again if one
    of its processes died) and stopped when the process exits.

    Sharing keeps each test its own: a project (``new_member``), its
    token on every request, its stacks' names; what one process spared
    is the 2-3 s of CPU an api and an engine take to start, and a
    database, per test.
    """
    deployment = _shared.get(keystone)
    if deployment is not None and not deployment.alive():
        del _shared[keystone]
        deployment.cleanUp()
        deployment = None
    if deployment is None:
        if not _stopping_registered:
            # Registered after the shared cloud's own (the test joined
            # the cloud first): runs before the cloud may stop.
            atexit.register(_stop_shared)
            _stopping_registered.append(True)
        deployment = HeatVisionDeployment(cloud, keystone=keystone)
        # (A setUp that fails cleans up what it started.)
        deployment.setUp()
        _shared[keystone] = deployment
    return deployment


def _stop_shared():
    while _shared:
        _shared.popitem()[1].cleanUp()
