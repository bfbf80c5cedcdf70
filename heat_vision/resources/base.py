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

"""The base class of resource plugins: the API a third party writes to.

A plugin is a class registered under the ``heat_vision.resources``
entry-point namespace with its type name (``OS::Heat::None = pkg.mod:Cls``).
It declares its schemas and implements only the handlers it needs:

``properties_schema``
    ``{name: heat_vision.template.constraints.Schema}``: types,
    constraints, defaults, ``required``, ``update_allowed`` (may change in
    place) and ``immutable`` (may never change). ``None`` accepts any
    properties unchecked. The engine validates and resolves properties
    before a handler runs; ``self.properties`` is a plain dict with every
    key of the schema (defaults applied).
``attributes_schema``
    ``{name: heat_vision.template.attributes.Schema}``; ``get_attr`` of a
    name not listed is refused at validation unless ``dynamic_attributes``
    is True.

Every action is a pair. ``handle_<action>()`` starts the work and returns a
token; ``check_<action>_complete(token)`` is then called, with a growing
pause, until it returns True (or the stack times out). A handler that
raises fails the resource with that error's message. The pairs are
``create``, ``update``, ``delete``, ``suspend``, ``resume``; ``check`` is a
single ``handle_check()`` that raises if the real thing is unhealthy.

Updates: when a property that is not ``update_allowed`` changes, or
``handle_update`` raises ``exception.UpdateReplace``, the engine replaces the
resource (creates the new one, then deletes the old one); otherwise it
calls ``handle_update(new_properties, changed)`` to change it in place
(``heat_vision.common.exception.UpdateReplace`` asks for replacement).

Engine take-over: if an engine dies during an operation, another one
carries it on from the stored states. What survives the dead engine is
only what it stored: the token ``handle_<action>`` returned lived in its
memory and is gone. So:

* A resource whose create was under way and whose physical id was stored
  is *resumed*: the engine builds a plugin from the stored row
  (``resource_id``, ``self.data``, ``self.metadata``) and calls
  ``check_create_complete(self.resume_token('CREATE'))``.
  ``resume_token`` returns None by default, which is right for a plugin
  whose check needs no token. A plugin whose check does (a wait, a
  deadline, a count) keeps in ``self.data`` what it needs during
  ``handle_create`` (for instance the moment the wait started) and
  overrides ``resume_token`` to rebuild the token from it; a wait then
  ends when it would have ended had the engine not died.
* A resource whose physical id was not stored is created again from the
  start (``handle_create``): so a plugin whose create makes something
  outside heat-vision (``creates_external``, the default) should make
  ``handle_create`` idempotent, keyed on ``physical_resource_name()``.
  Its physical id and ``self.data`` are stored as soon as
  ``handle_create`` returns.
* An update or delete under way is started again: ``handle_update`` and
  ``handle_delete`` may be called twice for one operation and must
  cope with work already done.

The engine owns state, events and persistence. A plugin sets only
``self.resource_id`` (the physical id), ``self.data`` (a JSON-able dict
kept across calls and engines, and the default source of attributes) and
``self.metadata`` (what ``resource metadata`` shows), and answers
``get_reference_id`` and ``get_attribute``.

The engine, seen from a plugin: ``self.stack`` is the stack's facade
(``heat_vision.engine.facade.StackFacade``): its id, name, context,
files, definition and timeout; other resources' plugins and stored
metadata; nested stacks (``create_child``, ``update_child``,
``delete_child``, ``child_status``, ``resume_child``, ``child``);
software configs; OpenStack service clients (``client('aodh')``). A
plugin imports neither ``heat_vision.engine`` nor
``heat_vision.db`` (HV106): what it needs from them joins the facade.
"""

from heat_vision.common import exception

#: What ``handle_signal`` returns for a signal that changes nothing (a
#: replay of one already kept): the engine then writes nothing and
#: records no event, and the signaller gets the same answer as the first
#: time.
SIGNAL_REPLAYED = object()


class Resource:
    """Base of every resource plugin.

    :param name: the resource's name in its template.
    :param properties: its resolved properties (a plain dict).
    :param stack: the stack's facade (``heat_vision.engine.facade``).
    :param resource_id: the physical id, once there is one.
    :param data: the data the plugin kept (``self.data``).
    :param metadata: the resource's metadata.
    """

    properties_schema = {}
    attributes_schema = {}
    dynamic_attributes = False
    # Whether handle_create makes something outside heat-vision's database
    # (then its id is written through at once, for engine take-over).
    creates_external = True
    # Whether every handler and check of the plugin is quick and in
    # memory: no call to a service, no database, no sleep. The walk then
    # runs its steps on its own thread instead of handing each to a pool
    # thread (the hand-off was up to a quarter of an OS::Heat::None's
    # create on a busy machine; a step that blocked there would hold up
    # the whole walk). Only a class's own declaration counts, not one it
    # inherits: a subclass may add handlers that call out.
    runs_in_walk = False
    # The waits between two polls of a ``check_*_complete`` (seconds, the
    # last one repeated), or None for the engine's, which start at a
    # millisecond (``engine.actions.common.POLL_DELAYS``).
    poll_delays = None
    #: During an update: the properties stored before it (resolved, as
    #: the last create or update left them); None otherwise.
    old_properties = None
    # Whether an update replaces the resource when an action on it failed
    # (Heat's needs_replace_failed); CHECK_FAILED is replaced regardless.
    replace_failed = True
    # Whether every update of its stack replaces the resource, changed or
    # not (Heat's UpdateWaitConditionHandle, whose _needs_update always
    # raises UpdateReplace).
    replace_on_update = False
    # With no properties_schema: whether a changed property updates the
    # resource in place (a provider template's, whose properties are its
    # child's parameters) rather than replacing it.
    schemaless_update_in_place = False
    #: Whether software is deployed to it (a server): its metadata then
    #: shows the configs deployed to its physical id under
    #: ``deployments``, as Heat's servers' does.
    takes_deployments = False
    #: The actions during which it refuses signals (Heat's
    #: ``Resource.no_signal_actions``); a software deployment, signalled
    #: by its server while it is deleted or suspended, has none.
    no_signal_actions = ('SUSPEND', 'DELETE')
    #: Whether it is an existing resource the template adopts with
    #: ``external_id``: its properties are then not the template's (set
    #: by the engine).
    external = False

    def __init__(self, name, properties, stack, resource_id=None,
                 data=None, metadata=None):
        self.name = name
        self.properties = properties
        self.stack = stack
        self.resource_id = resource_id
        self.data = dict(data or {})
        self.metadata = metadata

    @property
    def context(self):
        """The request context of the operation running the resource."""
        return self.stack.context

    def physical_resource_name(self):
        """A name unique to this resource, as Heat builds them."""
        return '%s-%s-%s' % (self.stack.name, self.name,
                             self.stack.short_id(self.name))

    @classmethod
    def validate_properties(cls, properties, path):
        """Check what the schema cannot: how properties relate.

        Called at validation (a value not known yet raises
        ``UnresolvedReference`` or ``UserParameterMissing`` when read:
        skip its check then) and free to be called by handlers.

        :param properties: the checked properties (a mapping).
        :param path: the path of the properties, for errors.
        :raises: exception.StackValidationFailed
        """

    #: Optional: ``validate_in_stack(properties, path, stack)``, a class
    #: method called at validation after ``validate_properties``, for
    #: properties that name other resources (Heat's ``validate`` reading
    #: ``self.stack``). ``stack`` is a
    #: ``heat_vision.template.validation.StackView``: the template's
    #: ``resource_names``, the resource a property ``referenced`` and
    #: the ``properties`` of another resource. Raises
    #: ``exception.StackValidationFailed``.
    validate_in_stack = None

    # Create ------------------------------------------------------------

    def handle_create(self):
        """Start creating the resource.

        :returns: a token handed to ``check_create_complete``.
        """
        return None

    def check_create_complete(self, token):
        """:returns: True once the resource exists."""
        return True

    def resume_token(self, action):
        """The token of ``action`` for an engine taking it over.

        Called instead of ``handle_<action>`` when a dead engine left
        the action under way (today: ``'CREATE'``, once the physical id
        was stored). The handler's own token was lost with that engine;
        rebuild it from ``self.data`` and ``self.properties``.

        :param action: ``'CREATE'``.
        :returns: the token for ``check_<action>_complete``; None here.
        """
        return None

    # Update ------------------------------------------------------------

    def handle_update(self, new_properties, changed):
        """Change the resource in place.

        :param new_properties: all the new properties (resolved).
        :param changed: ``{name: new value}`` of those that changed.
        :returns: a token handed to ``check_update_complete``.
        :raises: exception.UpdateReplace to be replaced instead.
        """
        return None

    def check_update_complete(self, token):
        """:returns: True once the update is done."""
        return True

    # Delete ------------------------------------------------------------

    def handle_delete(self):
        """Start deleting the resource.

        :returns: a token handed to ``check_delete_complete``.
        """
        return None

    def check_delete_complete(self, token):
        """:returns: True once the resource is gone."""
        return True

    # Suspend, resume, check ----------------------------------------------

    def handle_suspend(self):
        """Start suspending the resource. :returns: a token."""
        return None

    def check_suspend_complete(self, token):
        """:returns: True once the resource is suspended."""
        return True

    def handle_resume(self):
        """Start resuming the resource. :returns: a token."""
        return None

    def check_resume_complete(self, token):
        """:returns: True once the resource is running again."""
        return True

    def handle_check(self):
        """Check the real resource. :raises: an error if it is unhealthy."""

    def check_exists(self):
        """Ask whether the resource ``self.resource_id`` names exists:
        the one a template adopts with ``external_id`` (Heat's
        ``Resource.validate_external``, which shows it,
        ``heat/engine/resource.py``).

        :raises: exception.ServiceObjectNotFound when its service does
            not know it. A type with no service object to show (Heat's
            ``_show_resource`` returns None without an ``entity``) takes
            any id, as here by default.
        """

    # Signals -----------------------------------------------------------

    def handle_signal(self, details=None):
        """React to a signal (``resource signal``, a wait condition ...).

        :param details: the JSON the signaller sent, or None (at most
            ``max_signal_size`` bytes of JSON, checked before).
        :returns: the event's reason, or ``SIGNAL_REPLAYED``.
        :raises: an error to refuse the signal (400 to the caller, or the
            code of a ``HeatVisionException``).
        """
        raise exception.Invalid(
            reason='The resource %s does not accept signals' % self.name)

    def handle_signed_action(self, action, details=None):
        """React to a signal sent to a URL signed for one ``action``.

        Such URLs are made with ``signing.signal_url(..., action=...)``;
        the engine has checked the signature (which covers ``action``)
        before this is called. A resource hands them out for the actions
        it grants (``OS::HeatVision::CEP``).

        :param action: the action the URL names.
        :param details: the JSON the signaller sent, or None.
        :returns: the event's reason.
        :raises: an error to refuse the signal (Forbidden: not granted).
        """
        raise exception.Forbidden(
            'The resource %s takes no signed action' % self.name)

    def signed_action_grant(self, action):
        """Whether a URL signed for ``action`` may still be used.

        Asked when such a URL is used (``engine.signals.signed_actions``),
        after its signature and expiry were checked.

        :returns: ``(target, once)``: the name of the resource the signal
            goes to (this one, whose ``handle_signed_action`` takes it,
            or another of the stack, whose ``handle_signal`` does), and
            True if the action is not idempotent (its URL acts once); or
            None if the action is not (or no longer) granted.
        """
        return None

    def after_signal(self):
        """Act on a signal once what it changed is stored.

        ``handle_signal`` (or ``handle_signed_action``) may run more than
        once for one signal: the engine runs it again when the resource
        changed meanwhile. Work that must happen once per signal (starting
        a job) is left for here, called once after the write succeeded.

        :returns: text added to the event's reason, or None.
        """
        return None

    # Values for functions ----------------------------------------------

    def get_reference_id(self):
        """:returns: what ``get_resource``/``Ref`` give for it."""
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        """:returns: the value of attribute ``name`` (then ``path``)."""
        value = self.data.get(name)
        for key in path:
            value = value[key]
        return value
