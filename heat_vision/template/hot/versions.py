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

"""The HOT versions:

a class lineage in which each version changes only its function tables (and a
few version flags), following Heat's HOT specification.
"""

from heat_vision.template.cfn import functions as cfn_funcs
from heat_vision.template import function
from heat_vision.template.hot import functions_collections as coll
from heat_vision.template.hot import functions_conditions as cond
from heat_vision.template.hot import functions_refs as refs
from heat_vision.template.hot import functions_repeat as rep
from heat_vision.template.hot import functions_strings as strs
from heat_vision.template.hot import functions_yaql as yaql_fn
from heat_vision.template.hot import template

_CFN_IN_HOT = ('Fn::GetAZs', 'Fn::Join', 'Fn::Split', 'Fn::Replace',
               'Fn::Base64', 'Fn::MemberListToMap', 'Fn::ResourceFacade',
               'Ref')


def _removed(*names):
    return {name: function.Removed for name in names}


class HOTemplate20130523(template.HOTemplateBase):
    """heat_template_version 2013-05-23 (Icehouse)."""

    VERSION = '2013-05-23'
    functions = {
        'get_attr': refs.GetAtt,
        'get_file': refs.GetFile,
        'get_param': refs.GetParam,
        'get_resource': refs.GetResource,
        'list_join': strs.Join,
        'resource_facade': refs.ResourceFacade,
        'str_replace': strs.Replace,
        'Fn::Base64': cfn_funcs.Base64,
        'Fn::GetAZs': cfn_funcs.GetAZs,
        'Fn::Join': cfn_funcs.Join,
        'Fn::MemberListToMap': cfn_funcs.MemberListToMap,
        'Fn::Replace': cfn_funcs.Replace,
        'Fn::ResourceFacade': cfn_funcs.ResourceFacade,
        'Fn::Select': cfn_funcs.Select,
        'Fn::Split': cfn_funcs.Split,
        'Ref': cfn_funcs.Ref,
    }


class HOTemplate20141016(HOTemplate20130523):
    """heat_template_version 2014-10-16 (Juno): most CFN functions go."""

    VERSION = '2014-10-16'
    functions = dict(
        {k: v for k, v in HOTemplate20130523.functions.items()
         if k not in _CFN_IN_HOT},
        **_removed(*_CFN_IN_HOT))


class HOTemplate20150430(HOTemplate20141016):
    """heat_template_version 2015-04-30 (Kilo): repeat and digest."""

    VERSION = '2015-04-30'
    functions = dict(HOTemplate20141016.functions,
                     repeat=rep.Repeat, digest=strs.Digest)


class HOTemplate20151015(HOTemplate20150430):
    """heat_template_version 2015-10-15 (Liberty):

    str_split, get_attr of all attributes, list_join of several lists;
    Fn::Select goes.
    """

    VERSION = '2015-10-15'
    functions = dict(HOTemplate20150430.functions,
                     get_attr=refs.GetAttAllAttributes,
                     list_join=strs.JoinMultiple,
                     str_replace=strs.ReplaceJson,
                     str_split=strs.StrSplit,
                     **_removed('Fn::Select'))


class HOTemplate20160408(HOTemplate20151015):
    """heat_template_version 2016-04-08 (Mitaka): map_merge."""

    VERSION = '2016-04-08'
    functions = dict(HOTemplate20151015.functions, map_merge=coll.MapMerge)


class HOTemplate20161014(HOTemplate20160408):
    """heat_template_version 2016-10-14 (Newton):

    conditions, if, yaql, map_replace, external_id, lower-case deletion
    policies.
    """

    VERSION = '2016-10-14'
    SECTIONS = HOTemplate20160408.SECTIONS + ('conditions',)
    RESOURCE_KEYS = HOTemplate20160408.RESOURCE_KEYS + (
        'external_id', 'condition')
    OUTPUT_KEYS = HOTemplate20160408.OUTPUT_KEYS + ('condition',)
    has_conditions = True
    deletion_policies = dict(HOTemplate20160408.deletion_policies,
                             delete='Delete', retain='Retain',
                             snapshot='Snapshot')
    functions = dict(HOTemplate20160408.functions,
                     repeat=rep.RepeatWithMap,
                     yaql=yaql_fn.Yaql,
                     map_replace=coll.MapReplace,
                     **{'if': cond.If})
    condition_functions = {
        'get_param': refs.GetParam,
        'equals': cond.Equals,
        'not': cond.Not,
        'and': cond.And,
        'or': cond.Or,
    }


class HOTemplate20170224(HOTemplate20161014):
    """heat_template_version 2017-02-24 (Ocata):

    filter, str_replace_strict, the modulo parameter constraint.
    """

    VERSION = '2017-02-24'
    allow_modulo = True
    functions = dict(HOTemplate20161014.functions,
                     filter=coll.Filter,
                     str_replace_strict=strs.ReplaceJsonStrict)


class HOTemplate20170901(HOTemplate20170224):
    """heat_template_version 2017-09-01 (Pike):

    make_url, list_concat, list_concat_unique, contains, str_replace_vstrict,
    repeat with permutations; yaql and contains as conditions.
    """

    VERSION = '2017-09-01'
    functions = dict(HOTemplate20170224.functions,
                     repeat=rep.RepeatWithNestedLoop,
                     make_url=coll.MakeURL,
                     list_concat=coll.ListConcat,
                     list_concat_unique=coll.ListConcatUnique,
                     contains=cond.Contains,
                     str_replace_vstrict=strs.ReplaceJsonVeryStrict)
    condition_functions = dict(HOTemplate20161014.condition_functions,
                               yaql=yaql_fn.Yaql, contains=cond.Contains)


class HOTemplate20180302(HOTemplate20170901):
    """heat_template_version 2018-03-02 (Queens): parameter tags."""

    VERSION = '2018-03-02'
    PARAM_KEYS = HOTemplate20170901.PARAM_KEYS + ('tags',)
    functions = dict(HOTemplate20170901.functions)


class HOTemplate20180831(HOTemplate20180302):
    """heat_template_version 2018-08-31 (Rocky)."""

    VERSION = '2018-08-31'
    functions = dict(HOTemplate20180302.functions)


class HOTemplate20210416(HOTemplate20180831):
    """heat_template_version 2021-04-16 (Wallaby):

    if with an optional false value, whose absence removes the enclosing item.
    """

    VERSION = '2021-04-16'
    functions = dict(HOTemplate20180831.functions, **{'if': cond.IfNullable})


ALL_VERSIONS = (HOTemplate20130523, HOTemplate20141016, HOTemplate20150430,
                HOTemplate20151015, HOTemplate20160408, HOTemplate20161014,
                HOTemplate20170224, HOTemplate20170901, HOTemplate20180302,
                HOTemplate20180831, HOTemplate20210416)

_ALL_NAMES = frozenset(
    name for cls in ALL_VERSIONS
    for name in list(cls.functions) + list(cls.condition_functions))
# NOTE(heat-vision): equals, not, and, or are condition functions only;
# in a resource or an output they are data, as in Heat, whose parser looks
# a key up in the version's ``functions`` alone there
# (heat/engine/hot/template.py: HOTemplate20161014 and later keep them in
# ``condition_functions``). OS::Aodh::CompositeAlarm's rules rely on it:
# ``{"and": [RULE3, RULE4]}``.
_CONDITION_ONLY = frozenset(
    name for cls in ALL_VERSIONS for name in cls.condition_functions
) - frozenset(name for cls in ALL_VERSIONS for name in cls.functions)
for _cls in ALL_VERSIONS:
    _cls.all_function_names = _ALL_NAMES
    _cls.condition_only_names = _CONDITION_ONLY
