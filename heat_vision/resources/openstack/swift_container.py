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

"""OS::Swift::Container and AWS::S3::Bucket: Swift containers.

As Heat's (heat/engine/resources/openstack/swift/container.py and
heat/engine/resources/aws/s3/s3.py): the container is named by ``name``
or the physical name and that name is the physical id; no property
changes in place (an update replaces); metadata goes on as
``X-Container-Meta-<key>`` (``X-Account-Meta-<key>`` on the account,
left there by the delete, as Heat leaves it); a container that holds
objects is deleted only with ``PurgeOnDelete``, which deletes them
first, a page per check. A bucket's ACL and tags become the headers
Heat's S3Bucket sets.
"""

from urllib import parse

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import swift_base
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr
STRING = attributes.Schema.STRING
INTEGER = attributes.Schema.INTEGER
MAP = attributes.Schema.MAP
#: Metadata keys (and values) a container takes at most; Swift's own
#: limits are 90 items and 4096 bytes (swift/common/constraints.py).
META_LIMIT = 90


def meta_headers(kind, meta):
    """``{'X-<Kind>-Meta-<key>': value}`` (Heat's
    ``_build_meta_headers``), each value as text (a header's).
    """
    return {'X-%s-Meta-%s' % (kind.title(), key): str(value)
            for key, value in (meta or {}).items()}


def _meta_schema(kind):
    return prop(Schema.MAP, _('A map of user-defined meta data to '
                              'associate with the %(kind)s. Each key in '
                              'the map will set the header X-%(title)s-'
                              'Meta-{key} with the corresponding value.')
                % {'kind': kind, 'title': kind.title()}, default={},
                constraints=[constraints.Length(max=META_LIMIT)])


class ContainerAttributes:
    """The URL attributes a container and a bucket share."""

    def url_attribute(self, name):
        url = parse.urlsplit(self.account_url())
        if name == 'DomainName':
            return url.hostname
        if name == 'RootURL':
            return '%s://%s%s' % (url.scheme, url.netloc, url.path)
        if name == 'WebsiteURL':
            return '%s://%s%s/%s' % (url.scheme, url.netloc, url.path,
                                     self.resource_id)
        return None


class SwiftContainer(ContainerAttributes, swift_base.SwiftResource):
    """A Swift container: a namespace for objects."""

    PROPERTIES = (NAME, READ, WRITE, CONTAINER_META, ACCOUNT_META,
                  PURGE) = (
        'name', 'X-Container-Read', 'X-Container-Write',
        'X-Container-Meta', 'X-Account-Meta', 'PurgeOnDelete')

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name for the container. If not '
                                    'specified, a unique name will be '
                                    'generated.'),
                   constraints=swift_base.container_name_constraints()),
        READ: prop(Schema.STRING, _('Specify the ACL permissions on who '
                                    'can read objects in the container.'),
                   constraints=[constraints.Length(max=4096)]),
        WRITE: prop(Schema.STRING, _('Specify the ACL permissions on who '
                                     'can write objects to the '
                                     'container.'),
                    constraints=[constraints.Length(max=4096)]),
        CONTAINER_META: _meta_schema('container'),
        ACCOUNT_META: _meta_schema('account'),
        PURGE: prop(Schema.BOOLEAN, _('If True, delete any objects in the '
                                      'container when the container is '
                                      'deleted. Otherwise, deleting a '
                                      'non-empty container will result '
                                      'in an error.'), default=False),
    }
    attributes_schema = {
        'DomainName': attr(_('The host from the container URL.'), STRING),
        'WebsiteURL': attr(_('The URL of the container.'), STRING),
        'RootURL': attr(_('The parent URL of the container.'), STRING),
        'ObjectCount': attr(_('The number of objects stored in the '
                              'container.'), INTEGER),
        'BytesUsed': attr(_('The number of bytes stored in the '
                            'container.'), INTEGER),
        'HeadContainer': attr(_('A map containing all headers for the '
                                'container.'), MAP),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def physical_resource_name(self):
        return self.properties.get(self.NAME) or \
            super().physical_resource_name()

    def handle_create(self):
        name = self.physical_resource_name()
        headers = meta_headers('container',
                               self.properties.get(self.CONTAINER_META))
        for key in (self.READ, self.WRITE):
            if self.properties.get(key) is not None:
                headers[key] = self.properties[key]
        self.swift('PUT', swift_base.quoted(name), headers=headers)
        account = meta_headers('account',
                               self.properties.get(self.ACCOUNT_META))
        if account:
            self.swift('POST', headers=account)
        self.resource_id = name
        return None

    def handle_delete(self):
        """:raises: exception.Invalid if the container holds objects
        and ``PurgeOnDelete`` is False (Heat's
        ResourceActionNotSupported).
        """
        if not self.resource_id:
            return None
        try:
            objects = self.list_objects(self.resource_id, limit=1)
        except exception.ServiceObjectNotFound:
            return None
        if objects and not self.properties.get(self.PURGE):
            raise exception.Invalid(reason=_(
                'Deleting non-empty container (%(id)s) when %(prop)s is '
                'False') % {'id': self.resource_id, 'prop': self.PURGE})
        return None

    def check_delete_complete(self, token):
        """Delete a page of objects per call, then the container."""
        if not self.resource_id:
            return True
        try:
            objects = self.list_objects(self.resource_id)
        except exception.ServiceObjectNotFound:
            return True
        for obj in objects:
            self.delete_quietly(self.resource_id, obj['name'])
        if len(objects) == swift_base.PAGE:
            return False
        try:
            self.delete_quietly(self.resource_id)
        except exception.ServiceConflict:
            return False    # an object came meanwhile: another page
        return True

    def get_reference_id(self):
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        if name in ('DomainName', 'RootURL', 'WebsiteURL'):
            return self.url_attribute(name)
        if not self.resource_id:
            return None
        try:
            headers = self.show_object()
        except exception.ServiceError:
            return None     # as Heat: a failed HEAD gives no value
        if name == 'ObjectCount':
            return int(headers['x-container-object-count'])
        if name == 'BytesUsed':
            return int(headers['x-container-bytes-used'])
        if name in ('HeadContainer', base.SHOW):
            value = headers
            for key in path:
                value = value[key]
            return value
        return None


class S3Bucket(ContainerAttributes, swift_base.SwiftResource):
    """AWS::S3::Bucket: an S3 bucket as a Swift container."""

    PROPERTIES = (ACCESS_CONTROL, WEBSITE, TAGS) = (
        'AccessControl', 'WebsiteConfiguration', 'Tags')
    ACLS = ('Private', 'PublicRead', 'PublicReadWrite', 'AuthenticatedRead',
            'BucketOwnerRead', 'BucketOwnerFullControl')

    properties_schema = {
        ACCESS_CONTROL: prop(Schema.STRING, _('A predefined access control '
                                              'list (ACL) that grants '
                                              'permissions on the '
                                              'bucket.'),
                             constraints=[constraints.AllowedValues(ACLS)]),
        WEBSITE: prop(Schema.MAP, _('Information used to configure the '
                                    'bucket as a static website.'),
                      schema={
                          'IndexDocument': prop(Schema.STRING, _(
                              'The name of the index document.')),
                          'ErrorDocument': prop(Schema.STRING, _(
                              'The name of the error document.'))}),
        TAGS: prop(Schema.LIST, _('Tags to attach to the bucket.'),
                   constraints=[constraints.Length(max=META_LIMIT)],
                   schema=prop(Schema.MAP, _('A tag.'), schema={
                       'Key': prop(Schema.STRING, _('The tag key name.'),
                                   required=True),
                       'Value': prop(Schema.STRING, _('The tag value.'),
                                     required=True)})),
    }
    attributes_schema = {
        'DomainName': attr(_('The DNS name of the specified bucket.'),
                           STRING),
        'WebsiteURL': attr(_('The website endpoint for the specified '
                             'bucket.'), STRING),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def headers(self):
        """The container's headers, as Heat's ``S3Bucket.handle_create``
        sets them (Swift's staticweb reads the ``Web-*`` ones; Swift
        refuses ``.r:*`` in a write ACL, so ``PublicReadWrite`` fails
        there, as it does under Heat).
        """
        headers = {'X-Container-Meta-S3-Tag-' + tag['Key']: tag['Value']
                   for tag in self.properties.get(self.TAGS) or ()}
        website = self.properties.get(self.WEBSITE)
        if website is not None:
            headers['X-Container-Meta-Web-Index'] = website.get(
                'IndexDocument')
            headers['X-Container-Meta-Web-Error'] = website.get(
                'ErrorDocument')
        acl = self.properties.get(self.ACCESS_CONTROL)
        owner = '%s:%s' % (self.context.project_name,
                           self.context.user_name)
        if acl in ('PublicRead', 'PublicReadWrite'):
            headers['X-Container-Read'] = '.r:*'
        elif acl == 'AuthenticatedRead':
            headers['X-Container-Read'] = self.context.project_name
        else:
            headers['X-Container-Read'] = owner
        headers['X-Container-Write'] = '.r:*' if \
            acl == 'PublicReadWrite' else owner
        return {key: value for key, value in headers.items()
                if value is not None}

    def handle_create(self):
        name = self.physical_resource_name()
        self.swift('PUT', swift_base.quoted(name), headers=self.headers())
        self.resource_id = name
        return None

    def handle_delete(self):
        """:raises: exception.Invalid if the bucket holds objects."""
        if not self.resource_id:
            return None
        try:
            self.delete_quietly(self.resource_id)
        except exception.ServiceConflict:
            raise exception.Invalid(reason=_(
                'The bucket you tried to delete is not empty (%s).')
                % self.resource_id)
        return None

    def check_delete_complete(self, token):
        return True

    def get_reference_id(self):
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        if name == base.SHOW and self.resource_id:
            return self.show_object()
        return self.url_attribute(name)
