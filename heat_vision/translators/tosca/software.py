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

"""Software components: lifecycle operations -> SoftwareConfig and
SoftwareDeployment on the Compute node that hosts them."""

import posixpath
import re

from heat_vision.common.i18n import _
from heat_vision.translators import base

STANDARD = ('Standard', 'tosca.interfaces.node.lifecycle.Standard')
#: operation -> the stack actions its deployment runs on.
OPERATIONS = (('create', ['CREATE']), ('configure', ['CREATE']),
              ('start', ['CREATE']), ('stop', ['SUSPEND']),
              ('delete', ['DELETE']))
GROUPS = {'.sh': 'script', '.bash': 'script', '.py': 'script',
          '.yml': 'ansible', '.yaml': 'ansible', '.pp': 'puppet'}


def operations(b, name):
    """``{operation: (definition, path)}`` of the Standard interface,
    from the node's type chain in the document, then the template.
    """
    found = {}
    types = b.context.node_types
    chain, tname = [], b.raw_nodes[name].get('type')
    while tname in types and tname not in chain:
        chain.append(tname)
        tname = (types[tname] or {}).get('derived_from')
    sources = [((types[t] or {}).get('interfaces') or {},
                b.context.type_path(t, 'interfaces'))
               for t in reversed(chain)]
    sources.append((b.raw_nodes[name].get('interfaces') or {},
                    b.node_path(name, 'interfaces')))
    for interfaces, path in sources:
        for iname in STANDARD:
            ops = interfaces.get(iname)
            if not isinstance(ops, dict):
                continue
            for op, definition in ops.items():
                if op in ('type', 'inputs') or definition is None:
                    continue
                found[op] = (definition, base.join(path, iname, op))
    return found


def _implementation(definition):
    impl = definition.get('implementation') if isinstance(
        definition, dict) else definition
    if isinstance(impl, dict):
        impl = impl.get('primary')
        if isinstance(impl, dict):
            impl = impl.get('file')
    return impl


def translate(b, name):
    if name in b.last_deployment:
        return
    b.last_deployment[name] = []
    host = b.host_of(name)
    if host is None:
        raise base.fail(b.node_path(name, 'requirements'), _(
            'a software component must be hosted (requirement "host") '
            'on a Compute node.'))
    previous = _after(b, name)
    roles = _galaxy_roles(b, name)
    if roles:
        previous = _install_roles(b, name, roles, previous)
    for op, actions in OPERATIONS:
        definition, path = operations(b, name).get(op, (None, None))
        if definition is None:
            continue
        impl = _implementation(definition)
        if not isinstance(impl, str):
            raise base.fail(path, _('an operation needs an '
                                    'implementation file.'))
        key = b.context.add_file(impl, path + '.implementation')
        raw_inputs = (definition.get('inputs') or {}) if isinstance(
            definition, dict) else {}
        config = {'group': GROUPS.get(posixpath.splitext(impl)[1],
                                      'script'),
                  'config': {'get_file': key}}
        if raw_inputs:
            config['inputs'] = [{'name': k} for k in raw_inputs]
        config_name = '%s_%s_config' % (name, op)
        b.add(config_name, {'type': 'OS::Heat::SoftwareConfig',
                            'properties': config}, path)
        kind, where_run = _on_hosts(b, name)
        deploy = {'config': {'get_resource': config_name},
                  'actions': list(actions)}
        deploy.update(where_run)
        if raw_inputs:
            deploy['input_values'] = {
                k: b.convert(v, base.join(path, 'inputs', k), name)
                for k, v in raw_inputs.items()}
        resource = {'type': kind, 'properties': deploy}
        if previous:
            resource['depends_on'] = previous
        deploy_name = b.deployment_name(name, op)
        b.add(deploy_name, resource, path)
        previous = [deploy_name]
    b.last_deployment[name] = previous
    _connections(b, name)


#: Configure operations of a relationship, by the end whose host runs
#: them (TOSCA 1.3, 5.8.5).
ON_TARGET = ('pre_configure_target', 'post_configure_target', 'add_source')
ON_SOURCE = ('pre_configure_source', 'post_configure_source', 'add_target')
CONFIGURE = ('Configure', 'tosca.interfaces.relationship.Configure')


def _connections(b, name):
    """The Configure operations of ``name``'s inline relationships: a
    deployment on the host of the end that runs each, after that end's
    own deployments (heat-translator translate_node_templates.py
    _create_connect_config, named ``<source>_<target>_connect``).
    """
    raw = b.raw_nodes[name].get('requirements') or []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or len(item) != 1:
            continue
        (req, spec), = item.items()
        rel = spec.get('relationship') if isinstance(spec, dict) else None
        target = spec.get('node') if isinstance(spec, dict) else None
        if not isinstance(rel, dict) or target not in b.raw_nodes:
            continue
        path = b.node_path(name, 'requirements', i, req, 'relationship',
                           'interfaces')
        interfaces = rel.get('interfaces') or {}
        ops = [(op, d, iname) for iname in CONFIGURE
               for op, d in (interfaces.get(iname) or {}).items()
               if op in ON_TARGET + ON_SOURCE and d is not None]
        for op, definition, iname in ops:
            end = target if op in ON_TARGET else name
            where = base.join(path, iname, op)
            _connect(b, name, target, end, definition, where,
                     '' if len(ops) == 1 else '_' + op)


def _connect(b, source, target, end, definition, path, suffix):
    if b.host_of(end) is None:
        raise base.fail(path, _('"%s" is hosted on no Compute node.')
                        % end)
    kind, where_run = _on_hosts(b, end)
    impl = _implementation(definition)
    if not isinstance(impl, str):
        raise base.fail(path, _('an operation needs an implementation '
                                'file.'))
    key = b.context.add_file(impl, path + '.implementation')
    base_name = '%s_%s%s_connect' % (source, target, suffix)
    raw_inputs = (definition.get('inputs') or {}) if isinstance(
        definition, dict) else {}
    config = {'group': GROUPS.get(posixpath.splitext(impl)[1], 'script'),
              'config': {'get_file': key}}
    deploy = {'config': {'get_resource': base_name + '_config'},
              'actions': ['CREATE']}
    deploy.update(where_run)
    if raw_inputs:
        config['inputs'] = [{'name': k} for k in raw_inputs]
        deploy['input_values'] = {
            k: b.convert(v, base.join(path, 'inputs', k), source)
            for k, v in raw_inputs.items()}
    b.add(base_name + '_config', {'type': 'OS::Heat::SoftwareConfig',
                                  'properties': config}, path)
    resource = {'type': kind, 'properties': deploy}
    after = sorted(set(b.last_deployment.get(source) or []) |
                   set(b.last_deployment.get(target) or []))
    if after:
        resource['depends_on'] = after
    b.add(base_name + '_deploy', resource, path)


GALAXY_ROLE = 'tosca.artifacts.ansiblegalaxy.role'
#: What an Ansible Galaxy role name may hold (it goes into a script).
ROLE_NAME = re.compile(r'^[A-Za-z0-9][A-Za-z0-9_.@/+:,-]{0,199}$')


def _galaxy_roles(b, name):
    """``[(role, path)]``: the node's Ansible Galaxy role artifacts, its
    type chain's too.
    """
    sources = [(b.raw_nodes[name].get('artifacts') or {},
                b.node_path(name, 'artifacts'))]
    types, tname, seen = b.context.node_types, b.raw_nodes[name].get(
        'type'), set()
    while tname in types and tname not in seen:
        seen.add(tname)
        sources.append(((types[tname] or {}).get('artifacts') or {},
                        b.context.type_path(tname, 'artifacts')))
        tname = (types[tname] or {}).get('derived_from')
    roles, named = [], set()
    for artifacts, path in sources:
        for key, artifact in artifacts.items():
            if key in named or not isinstance(artifact, dict) or str(
                    artifact.get('type', '')).lower() != GALAXY_ROLE:
                continue
            named.add(key)
            role = artifact.get('file')
            where = base.join(path, key, 'file')
            if not isinstance(role, str) or not ROLE_NAME.match(role):
                raise base.fail(where, _('an Ansible Galaxy role is named '
                                         'by letters, digits and ._@/+:,-'))
            roles.append(role)
    return roles


def _install_roles(b, name, roles, previous):
    """A deployment installing the node's Galaxy roles before its
    operations (heat-translator hot_resource.py
    _handle_ansiblegalaxy_roles).
    """
    config = '%s_install_roles_config' % name
    script = '#!/bin/bash\n' + ''.join('ansible-galaxy install %s\n' % r
                                       for r in roles)
    where = b.node_path(name, 'artifacts')
    b.add(config, {'type': 'OS::Heat::SoftwareConfig', 'properties': {
        'group': 'script', 'config': script}}, where)
    kind, where_run = _on_hosts(b, name)
    deploy = {'config': {'get_resource': config}, 'actions': ['CREATE']}
    deploy.update(where_run)
    resource = {'type': kind, 'properties': deploy}
    if previous:
        resource['depends_on'] = previous
    b.add('%s_install_roles_deploy' % name, resource, where)
    return ['%s_install_roles_deploy' % name]


def _on_hosts(b, name):
    """``(resource type, its server property)`` of a deployment of
    ``name``: a SoftwareDeploymentGroup on every Compute when it has
    several hosts (heat-translator hot_resource.py), else one server.
    """
    hosts = []
    for _i, req, target, _rel in b.requirements(name):
        if req == 'host':
            host = b.host_of(target)
            if host is not None and host not in hosts:
                hosts.append(host)
    if len(hosts) > 1:
        return 'OS::Heat::SoftwareDeploymentGroup', {
            'servers': {h: {'get_resource': h} for h in hosts}}
    return 'OS::Heat::SoftwareDeployment', {
        'server': {'get_resource': b.host_of(name)}}


def _after(b, name):
    """What the first deployment of ``name`` waits for: the deployments
    of the components it requires (host included).
    """
    after = []
    for _i, _req, target, _rel in b.requirements(name):
        if b.kinds.get(target) == 'software' or (
                b.kinds.get(target) == 'server' and
                operations(b, target)):
            if target not in b.last_deployment:
                translate(b, target)
            after.extend(b.last_deployment[target] or [])
        elif b.kinds.get(target) not in (None, 'server'):
            after.append(b.resource_name(target))
    return sorted(set(after))


def finish(b):
    """Declare the outputs ``get_operation_output`` reads."""
    for (node, op), names in sorted(b.operation_outputs.items()):
        config = b.resources.get('%s_%s_config' % (node, op))
        if config is None:
            raise base.fail(b.node_path(node, 'interfaces'), _(
                'no operation "%(op)s" of "%(node)s" whose output is '
                'read.') % {'op': op, 'node': node})
        config['properties']['outputs'] = [{'name': n}
                                           for n in sorted(names)]
