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

"""Helpers building stack definitions from template text or dicts."""

from heat_vision import template


def stack(tmpl, env=None, files=None, name='teststack', **kwargs):
    """A StackDefinition from a template (text or dict) and envs."""
    data = template.load(tmpl)
    tmpl_obj = template.Template.create(data, files=files)
    envs = env if isinstance(env, list) else [env or {}]
    environment = template.Environment.merged(envs, files=files,
                                              template=tmpl_obj)
    return template.StackDefinition(tmpl_obj, environment, stack_name=name,
                                    stack_id='stack-id',
                                    project_id='project-id', **kwargs)


def hot(version, outputs=None, resources=None, **sections):
    """A HOT template dict of a version."""
    data = {'heat_template_version': version}
    if resources is not None:
        data['resources'] = resources
    if outputs is not None:
        data['outputs'] = outputs
    data.update(sections)
    return data


def output(version, value, **sections):
    """The value of a single output ``o`` evaluating ``value``."""
    sd = stack(hot(version, outputs={'o': {'value': value}}, **sections))
    return sd.output_definitions()['o'].resolve()
