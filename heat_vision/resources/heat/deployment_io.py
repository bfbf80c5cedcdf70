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

"""What a software deployment gives its server and takes back from it.

As Heat's SoftwareDeployment (heat/engine/resources/openstack/heat/
software_deployment.py, ``_build_derived_inputs``) and its engine
(heat/engine/service_software_config.py,
``signal_software_deployment``): the derived config's inputs carry the
values, then the ``deploy_*`` inputs that say which deployment, action
and stack it is and how to signal back; a signal's
``deploy_status_code`` other than 0, or a value in an output marked
``error_output``, fails the deployment.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _

STATUSES = (IN_PROGRESS, COMPLETE, FAILED) = (
    'IN_PROGRESS', 'COMPLETE', 'FAILED')
#: The outputs every deployment has (Heat's
#: ``rpc_api.SOFTWARE_DEPLOYMENT_OUTPUTS``).
OUTPUTS = (STDOUT, STDERR, STATUS_CODE) = (
    'deploy_stdout', 'deploy_stderr', 'deploy_status_code')
_DECLARED_KEYS = ('type', 'default', 'replace_on_change')


def derived_input(name, value, description=None, **declared):
    """One input of a derived config, as Heat's ``InputConfig.as_dict``
    stores it: its declaration without empty keys, and its value.
    """
    item = {key: declared[key] for key in ('type', 'default')
            if declared.get(key) is not None}
    item.setdefault('type', 'String')
    item['name'] = name
    if description is not None:
        item['description'] = description
    if declared.get('replace_on_change'):
        item['replace_on_change'] = True
    item['value'] = value
    return item


def value_inputs(declared_inputs, input_values):
    """The config's declared inputs with their values (the default when
    none is given), then one input for each value nothing declares.
    """
    values = dict(input_values or {})
    inputs = []
    for declared in declared_inputs or ():
        name = declared.get('name')
        inputs.append(derived_input(
            name, values.pop(name, declared.get('default')),
            declared.get('description'),
            **{k: declared.get(k) for k in _DECLARED_KEYS}))
    inputs.extend(derived_input(name, value)
                  for name, value in values.items())
    return inputs


def replaced_by(old_inputs, new_inputs):
    """:returns: the name of an input marked ``replace_on_change`` whose
        value changed (the deployment is then replaced), or None.
    """
    old = {item['name']: item.get('value') for item in old_inputs or ()}
    for item in new_inputs:
        if (item.get('replace_on_change') and item['name'] in old and
                old[item['name']] != item.get('value')):
            return item['name']
    return None


def outcome(deployment_id, config_outputs, details, output_values):
    """What a signal makes of an IN_PROGRESS deployment.

    :param config_outputs: the outputs its config declares.
    :param details: the signal (a JSON object, or None).
    :param output_values: the deployment's output values so far.
    :returns: ``(values to store, event reason)``.
    """
    details = details if isinstance(details, dict) else {}
    values = dict(output_values or {})
    failed = {}
    code = details.get(STATUS_CODE)
    reason = 'deployment %s succeeded' % deployment_id
    if code and str(code) != '0':
        failed[STATUS_CODE] = _('Deployment exited with non-zero status '
                                'code: %s') % code
        reason = 'deployment %s failed (%s)' % (deployment_id, code)
    for output in config_outputs or ():
        name = output.get('name')
        if name in details:
            values[name] = details[name]
            if output.get('error_output'):
                failed[name] = details[name]
                reason = 'deployment %s failed' % deployment_id
    for name in OUTPUTS:
        values[name] = details.get(name)
    if failed:
        status_reason = ', '.join('%s : %s' % (name, failed[name])
                                  for name in failed)
        status = FAILED
    else:
        status, status_reason = COMPLETE, _('Outputs received')
    return ({'output_values': values, 'status': status,
             'status_reason': status_reason}, reason)


def select(value, path):
    """``value`` followed along ``path`` (keys, indexes); None where the
    path leads nowhere (Heat's ``attributes.select_from_attribute``).
    """
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return None
    return value


def refuse_unavailable(properties, path, key, unavailable, offered):
    """Refuse a transport that needs a service heat-vision does not use.

    :param unavailable: ``{transport: what it needs}``.
    :param offered: the transports to suggest instead.
    :raises: StackValidationFailed naming the property.
    """
    try:
        transport = properties.get(key)
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return
    if transport in unavailable:
        raise exception.StackValidationFailed(
            _('%(key)s %(transport)s needs %(needs)s, which heat-vision '
              'does not offer; use %(offered)s.') % {
                'key': key, 'transport': transport,
                'needs': unavailable[transport],
                'offered': ' or '.join(offered)},
            path=list(path) + [key])
