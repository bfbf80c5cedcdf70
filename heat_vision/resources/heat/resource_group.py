"""OS::Heat::ResourceGroup: ``count`` copies of one resource definition."""

import copy

from heat_vision.common.i18n import _
from heat_vision.resources import stack_resource
from heat_vision.template import attributes
from heat_vision.template import constraints

GROUP_TEMPLATE_VERSION = '2015-04-30'


class ResourceGroup(stack_resource.MemberAttributes,
                    stack_resource.StackResource):
    """Members are named "0" .. "count-1" in a nested stack.

    ``index_var`` (``%index%`` by default) in the definition's strings is
    replaced by each member's index. Attributes: see MemberAttributes.
    """

    PROPERTIES = (COUNT, RESOURCE_DEF, INDEX_VAR, REMOVAL_POLICIES,
                  REMOVAL_POLICIES_MODE) = (
        'count', 'resource_def', 'index_var', 'removal_policies',
        'removal_policies_mode')
    DEF_KEYS = (TYPE, PROPS, METADATA) = ('type', 'properties', 'metadata')

    properties_schema = {
        COUNT: constraints.Schema(
            constraints.Schema.INTEGER, _('How many members.'), default=1,
            constraints=[constraints.Range(min=0)], update_allowed=True),
        RESOURCE_DEF: constraints.Schema(
            constraints.Schema.MAP, _('The definition of each member.'),
            required=True, update_allowed=True, schema={
                TYPE: constraints.Schema(constraints.Schema.STRING,
                                         _('The members\' type.'),
                                         required=True),
                PROPS: constraints.Schema(constraints.Schema.MAP,
                                          _('The members\' properties.')),
                METADATA: constraints.Schema(constraints.Schema.MAP,
                                             _('The members\' metadata.')),
            }),
        INDEX_VAR: constraints.Schema(
            constraints.Schema.STRING,
            _('Text replaced by each member\'s index in its definition.'),
            default='%index%', constraints=[constraints.Length(min=3)]),
        REMOVAL_POLICIES: constraints.Schema(
            constraints.Schema.LIST,
            _('Members to remove first when the group shrinks.'),
            default=[], update_allowed=True),
        REMOVAL_POLICIES_MODE: constraints.Schema(
            constraints.Schema.STRING,
            _('Whether removal policies append or replace.'),
            default='append', update_allowed=True,
            constraints=[constraints.AllowedValues(['append', 'update'])]),
    }
    attributes_schema = {
        'refs': attributes.Schema(_('The members\' reference ids.')),
        'refs_map': attributes.Schema(_('Index to reference id.')),
        'attributes': attributes.Schema(_('Member name to an attribute.')),
        'removed_rsrc_list': attributes.Schema(_('Removed members.')),
    }
    dynamic_attributes = True

    def member_names(self):
        return [str(i) for i in range(self.properties[self.COUNT])]

    def child_template(self):
        definition = self.properties[self.RESOURCE_DEF]
        index_var = self.properties[self.INDEX_VAR]
        resources = {}
        for name in self.member_names():
            member = {'type': definition[self.TYPE]}
            for key in (self.PROPS, self.METADATA):
                if definition.get(key):
                    member[key] = _replace(copy.deepcopy(definition[key]),
                                           index_var, name)
            resources[name] = member
        return {'heat_template_version': GROUP_TEMPLATE_VERSION,
                'resources': resources}


def _replace(value, index_var, index):
    """``value`` with ``index_var`` replaced by ``index`` in every string."""
    if isinstance(value, str):
        return value.replace(index_var, index)
    if isinstance(value, list):
        return [_replace(item, index_var, index) for item in value]
    if isinstance(value, dict):
        return {_replace(k, index_var, index): _replace(v, index_var, index)
                for k, v in value.items()}
    return value
