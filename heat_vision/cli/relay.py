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

"""``stack create --template-format tosca|cfn|camp``: through the relay.

TOSCA (a service template or a CSAR) goes to ``relay/tosca/stacks``;
CloudFormation to the Query API's ``CreateStack``; a CAMP plan (a plan
file or a PDP) is registered, then instantiated as an assembly. Each
way :func:`create` returns the id of the stack made.
"""

import json
import os
from urllib import parse
from xml.etree import ElementTree

import urllib3

from heat_vision.cli import http
from heat_vision.cli import template_files

FORMATS = ('hot', 'tosca', 'cfn', 'camp')
ZIP_MAGIC = b'PK\x03\x04'
AWS_NS = {'cfn': 'http://cloudformation.amazonaws.com/doc/2010-05-15/'}


def read_document(filename):
    """:returns: (bytes, Content-Type) of a template or archive file."""
    try:
        with open(filename, 'rb') as handle:
            data = handle.read()
    except OSError as exc:
        raise http.CLIError('Cannot read %s: %s' % (filename, exc.strerror))
    if data.startswith(ZIP_MAGIC):
        return data, 'application/zip'
    return data, 'application/yaml'


def _post(client, relative, data, content_type, params=None,
          accept='application/json'):
    return client.request('POST', relative, data=data, params=params,
                          headers={'Content-Type': content_type,
                                   'Accept': accept})


def _environment(args):
    """:returns: (environment, files) of the ``-e`` files, or Nones."""
    if not args.environment:
        return None, None
    files = {}
    environment = template_files.merged_environment(args.environment,
                                                    files)
    return environment, files


def _tosca(client, name, args, parameters):
    data, content_type = read_document(args.template)
    filename = os.path.basename(args.template)
    params = {'stack_name': name, 'parameters': json.dumps(parameters),
              'disable_rollback': str(not args.enable_rollback).lower(),
              'timeout_mins': args.timeout, 'tags': args.tags}
    environment, files = _environment(args)
    if environment is None:
        params['filename'] = filename
        answer = _post(client, 'relay/tosca/stacks', data, content_type,
                       params)
    else:
        # Environments and their templates are too big for a query
        # string: everything goes as a form.
        fields = {key: str(value) for key, value in params.items()
                  if value is not None}
        fields.update(environment=json.dumps(environment),
                      files=json.dumps(files),
                      template=(filename, data, content_type))
        body, form_type = urllib3.encode_multipart_formdata(fields)
        answer = _post(client, 'relay/tosca/stacks', body, form_type)
    return answer.json()['stack']['id']


def _cfn(client, name, args, parameters):
    data, _content_type = read_document(args.template)
    form = {'Action': 'CreateStack', 'StackName': name,
            'TemplateBody': data.decode('utf-8', 'replace'),
            'DisableRollback': str(not args.enable_rollback).lower()}
    if args.timeout is not None:
        form['TimeoutInMinutes'] = args.timeout
    for index, (key, value) in enumerate(sorted(parameters.items()), 1):
        form['Parameters.member.%d.ParameterKey' % index] = key
        form['Parameters.member.%d.ParameterValue' % index] = value
    try:
        answer = _post(client, 'relay/cfn', parse.urlencode(form),
                       'application/x-www-form-urlencoded', accept='text/xml')
    except http.HeatHTTPError as exc:
        raise _aws_error(exc)
    root = ElementTree.fromstring(answer.content)
    arn = root.findtext('cfn:CreateStackResult/cfn:StackId',
                        namespaces=AWS_NS)
    return arn.rsplit('/', 1)[-1]


def _aws_error(exc):
    """The AWS ``ErrorResponse`` in ``exc`` as one clean line."""
    try:
        root = ElementTree.fromstring(exc.message)
    except ElementTree.ParseError:
        return exc
    return http.HeatHTTPError(
        exc.status, root.findtext('cfn:Error/cfn:Code', namespaces=AWS_NS),
        root.findtext('cfn:Error/cfn:Message', namespaces=AWS_NS))


def _camp(client, name, args, parameters):
    if parameters:
        raise http.CLIError('A CAMP plan takes no --parameter.')
    data, content_type = read_document(args.template)
    plan = _post(client, 'relay/camp/v1_1/plans', data, content_type).json()
    request = {'plan_uri': plan['uri'], 'name': name}
    environment, files = _environment(args)
    if environment is not None:
        request.update(environment=environment, files=files)
    assembly = client.post('relay/camp/v1_1/assemblies', request)
    return assembly['uri'].rsplit('/', 1)[-1]


_CREATORS = {'tosca': _tosca, 'cfn': _cfn, 'camp': _camp}


def create(client, name, args, parameters):
    """:returns: the id of the stack made from ``args.template``."""
    return _CREATORS[args.template_format](client, name, args, parameters)
