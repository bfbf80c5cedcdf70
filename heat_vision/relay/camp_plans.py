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

"""CAMP plans: read from a plan file or a PDP, kept as software configs.

A registered plan is a native software config of group ``camp-plan``:
the plan YAML in ``config``, the PDP's other text files in
``options.files``. The relay keeps no store of its own, and the plan's
id is the config's id.
"""

import yaml

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import archives
from heat_vision.template import parser
from heat_vision.translators.camp import manifest

GROUP = 'camp-plan'
#: The plan file at the root of a Plan Deployment Package (CAMP 1.1).
PDP_PLAN = 'camp.yaml'
SPEC_VERSION = 'CAMP 1.1'


class Plan:
    """``text`` (the plan YAML), ``files`` (a PDP's other text files),
    and the ``name`` and ``description`` the plan gives itself.
    """

    def __init__(self, text, files=None):
        self.text = text
        self.files = files or {}
        body = parser.parse_text(text)
        if not isinstance(body, dict):
            raise exception.InvalidParameter(
                reason=_('plan: a CAMP plan is a YAML mapping'))
        version = body.get('camp_version')
        if version != SPEC_VERSION:
            raise exception.InvalidParameter(
                reason=_('plan.camp_version: "%(found)s" is not '
                         '"%(wanted)s"') % {'found': str(version)[:50],
                                            'wanted': SPEC_VERSION})
        self.body = body
        self.name = str(body.get('name') or 'plan')[:255]
        self.description = str(body.get('description') or '')[:4096]


def from_document(content):
    """:returns: the Plan of a plan file (str) or a PDP (zip bytes)."""
    if not isinstance(content, bytes):
        return Plan(content)
    archive = archives.open_checked(content, 'PDP')
    _check_manifest(archive)
    texts = archives.text_members(archive, 'PDP')
    if PDP_PLAN not in texts:
        raise exception.InvalidParameter(
            reason=_('PDP: no %s at the root of the archive') % PDP_PLAN)
    plan_text = texts.pop(PDP_PLAN)
    return Plan(plan_text, texts)


def _check_manifest(archive):
    """The PDP's ``camp.mf`` digests, checked as ``template translate``
    checks them (translators/camp/manifest.py): every member, binary ones
    too, since the relay keeps only the text ones.
    """
    names = [i.filename for i in archive.infolist() if not i.is_dir()]
    if manifest.MANIFEST not in names:
        return
    members = {name: archives.read_member(archive, name, 'PDP')
               for name in names}
    try:
        manifest.check(members)
    except exception.TranslationError as exc:
        raise exception.InvalidParameter(
            reason=_('PDP: %(where)s: %(what)s') % {'where': exc.path,
                                                    'what': exc.reason})


def as_config(plan):
    """:returns: the native software config body keeping ``plan``."""
    return {'name': plan.name, 'group': GROUP, 'config': plan.text,
            'options': {'description': plan.description,
                        'files': plan.files}}


def from_config(config):
    """:returns: the Plan kept in a native software config.

    :raises: NotFound if the config is not a CAMP plan.
    """
    if config.get('group') != GROUP:
        raise exception.NotFound(reason=_('No such plan.'))
    options = config.get('options') or {}
    return Plan(config.get('config') or '', options.get('files'))


def patched(plan, changes):
    """:returns: ``plan`` with ``changes`` (``{attribute: value}``, None
    for removed) written into its plan file; the PDP's files kept.
    """
    body = dict(plan.body)
    for name, value in changes.items():
        if value is None:
            body.pop(name, None)
        else:
            body[name] = value
    return Plan(yaml.safe_dump(body, default_flow_style=False,
                               sort_keys=False), plan.files)
