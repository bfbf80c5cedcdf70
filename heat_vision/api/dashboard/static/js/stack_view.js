// One stack: its live graph, events, outputs, parameters, template,
// environment and autoscaling; delete, cancel and signal.

import {ApiError, get, stats} from './api.js';
import {badge, el, message, pre, replace, stateOf, table,
        time} from './dom.js';
import {GraphView} from './graph.js';
import {renderScaling} from './scaling.js';
import {cancelUpdate, deleteStack, signalResource} from './stack_actions.js';
import {StackModel} from './stack_model.js';
import {kv, tabList} from './tabs.js';

const TABS = ['Graph', 'Events', 'Outputs', 'Parameters', 'Template',
              'Environment', 'Autoscaling'];
const MAX_EVENT_ROWS = 500;

export class StackView {
  constructor(main, project, stackPath, poller) {
    this.main = main;
    this.project = project;
    this.path = stackPath;
    this.poller = poller;
    this.shownEvents = new Set();
  }

  // One request (the graph read: the stack's state and its resources);
  // the graph drawn as soon as it is here. The Events tab reads the
  // events when it is opened; polls follow those after.
  async open() {
    const started = performance.now();
    const requestsBefore = stats.requests;
    const stackId = decodeURIComponent(this.path.split('/').pop());
    this.model = new StackModel(this.path, stackId);
    this.skeleton();
    await this.model.loadGraph(stackId);
    const fetched = performance.now();
    this.stack = this.model.stacks.get(stackId).stack;
    this.drawHeader();
    this.redraw();
    this.graph.fit();
    const drawn = performance.now();
    await new Promise((done) => requestAnimationFrame(
      () => requestAnimationFrame(done)));
    window.hvMetrics = {
      graphRenderMs: this.graph.lastRenderMs,
      fetchMs: fetched - started,
      drawMs: drawn - fetched,
      paintMs: performance.now() - drawn,
      openMs: performance.now() - started,
      nodes: this.graph.nodes.size,
      requests: stats.requests - requestsBefore,
      doneAt: performance.now(),
    };
    this.poller.start(() => this.poll(), true);
  }

  skeleton() {
    this.header = el('header', {className: 'stack-header'});
    this.search = el('input', {type: 'search', id: 'graph-search',
                               placeholder: 'Search resources (/)',
                               'aria-label': 'Search resources'});
    this.matchCount = el('span', {className: 'count', 'aria-live':
                                  'polite'});
    this.detail = el('aside', {id: 'node-detail', 'aria-live': 'polite',
                               'aria-label': 'Selected resource'},
                     message('Select a resource (click, or focus the graph ' +
                             'and use the arrow keys).'));
    const graphBox = el('div', {className: 'graph-box'});
    this.panels = {};
    for (const name of TABS) {
      this.panels[name] = el('section', {
        role: 'tabpanel', id: 'panel-' + name.toLowerCase(),
        'aria-labelledby': 'tab-' + name.toLowerCase(),
        hidden: name !== 'Graph'});
    }
    const zoomButton = (text, label, fn) => el('button', {
      type: 'button', 'aria-label': label, title: label, onclick: fn}, text);
    replace(this.panels.Graph,
            el('div', {className: 'toolbar'}, this.search, this.matchCount,
               zoomButton('+', 'Zoom in (+)', () => this.graph.zoom(1.25)),
               zoomButton('\u2212', 'Zoom out (-)',
                          () => this.graph.zoom(0.8)),
               zoomButton('Fit', 'Fit the graph (0)', () => this.graph.fit()),
               el('span', {className: 'legend'},
                  ['complete', 'progress', 'failed', 'init'].map(
                    (s) => badge({complete: 'COMPLETE',
                                  progress: 'IN_PROGRESS',
                                  failed: 'FAILED', init: 'INIT'}[s])))),
            el('div', {className: 'graph-area'}, graphBox, this.detail));
    this.graph = new GraphView(graphBox, {
      label: 'Resources of the stack; arrow keys move, Enter opens a ' +
        'nested stack, + and - zoom, 0 fits, n next match',
      onSelect: (node) => this.showNode(node),
      onOpen: (node) => this.toggle(node)});
    this.search.addEventListener('input', () => {
      const count = this.graph.search(this.search.value);
      this.matchCount.textContent = this.search.value ?
        count + ' match' + (count === 1 ? '' : 'es') : '';
    });
    this.search.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        this.graph.nextMatch();
      }
    });
    this.eventList = el('tbody', {});
    replace(this.panels.Events, el('table', {className: 'grid',
                                             id: 'event-list'},
      el('caption', {}, 'Events, newest first (live)'),
      el('thead', {}, el('tr', {}, ['Time', 'Resource', 'Status',
                                    'Reason'].map((h) =>
        el('th', {scope: 'col'}, h)))), this.eventList));
    const tabs = tabList(TABS, (name) => this.showTab(name));
    this.tabs = tabs;
    replace(this.main, this.header, tabs.list, Object.values(this.panels));
  }

  drawHeader() {
    const s = this.stack;
    const state = stateOf(s.stack_status);
    const actions = [];
    if (state === 'failed') {
      actions.push(el('button', {id: 'root-cause', type: 'button',
                                 onclick: () => this.showRootCause()},
                      'Show root cause (r)'));
    }
    const act = (id, text, action) => el('button', {
      className: 'danger', id, type: 'button',
      onclick: () => this.act(action(s, this.path))}, text);
    if (s.stack_status === 'UPDATE_IN_PROGRESS') {
      actions.push(act('cancel-update', 'Cancel update\u2026', cancelUpdate));
    }
    if (!s.stack_status.startsWith('DELETE')) {
      actions.push(act('delete-stack', 'Delete\u2026', deleteStack));
    }
    replace(this.header,
            el('h1', {}, s.stack_name, ' ', badge(s.stack_status)),
            el('p', {className: 'reason', id: 'stack-reason'},
               s.stack_status_reason || ''),
            el('p', {className: 'meta'}, 'Created ' +
               time(s.creation_time), s.updated_time ? ', updated ' +
               time(s.updated_time) : '', ' \u00b7 ', s.id),
            el('div', {className: 'actions'}, actions));
  }

  redraw() {
    const {nodes, edges} = this.model.graph();
    this.graph.setData(nodes, edges);
  }

  async toggle(node) {
    if (node.nested) {
      await this.model.toggle(node);
      this.redraw();
      this.graph.select(node.id, true);
    }
  }

  showNode(node) {
    const r = node.resource;
    const actions = [];
    if (node.nested) {
      actions.push(el('button', {type: 'button', id: 'toggle-nested',
                                 onclick: () => this.toggle(node)},
                      node.expanded ? 'Close nested stack' :
                        'Open nested stack'),
                   ' ', el('a', {href: '#/' +
                     encodeURIComponent(this.project) + node.nested},
                     'Go to nested stack'));
    }
    const stackPath = this.model.stacks.get(node.stackId).path;
    actions.push(' ', el('button', {
      type: 'button', className: 'danger',
      onclick: () => this.act(signalResource(stackPath, node.name,
                                             node.path || node.name))},
    'Signal\u2026'));
    replace(this.detail,
            el('h2', {}, node.path || node.name),
            el('p', {}, badge(node.status)),
            el('dl', {className: 'facts'},
               el('dt', {}, 'Type'), el('dd', {}, node.type),
               el('dt', {}, 'Reason'), el('dd', {id: 'node-reason'},
                                          node.reason || ''),
               el('dt', {}, 'Physical id'), el('dd', {}, node.physical || ''),
               el('dt', {}, 'Required by'),
               el('dd', {}, (node.requiredBy || []).join(', ')),
               el('dt', {}, 'Updated'),
               el('dd', {}, time(r && r.updated_time))),
            el('div', {className: 'actions'}, actions));
  }

  async showTab(name) {
    for (const [key, panel] of Object.entries(this.panels)) {
      panel.hidden = key !== name;
    }
    this.currentTab = name;
    const panel = this.panels[name];
    try {
      if (name === 'Outputs') {
        const full = (await get(this.path)).stack;
        replace(panel, table(['Output', 'Value', 'Description'],
          (full.outputs || []).map((o) => el('tr', {},
            el('th', {scope: 'row'}, o.output_key),
            el('td', {}, o.output_error ? 'Error: ' + o.output_error :
              pre(o.output_value)),
            el('td', {}, o.description || '')))));
      } else if (name === 'Events' && !this.eventsRead) {
        this.eventsRead = true;
        const events = (await get(this.path +
                                  '/events?sort_dir=desc&limit=100')).events;
        this.addEvents(events.map(
          (event) => ({stackId: this.stack.id, event})), true);
      } else if (name === 'Parameters') {
        const shown = (await get(this.path + '?resolve_outputs=false')).stack;
        replace(panel, kv(shown.parameters));
      } else if (name === 'Template') {
        replace(panel, pre(await get(this.path + '/template')));
      } else if (name === 'Environment') {
        replace(panel, pre(await get(this.path + '/environment')));
      } else if (name === 'Autoscaling' && this.model) {
        await this.drawScaling();
      }
    } catch (err) {
      replace(panel, message(err.message, 'error'));
    }
  }

  async drawScaling() {
    await renderScaling(this.panels.Autoscaling, this.stack, this.path,
                        this.model.stacks.get(this.stack.id).resources,
                        () => this.poller.now());
  }

  // Rows for events, newest on top; ``older`` ones (oldest last) go
  // below those shown. An event shown already is skipped.
  addEvents(found, older) {
    const fresh = found.filter(({event}) => !this.shownEvents.has(event.id));
    fresh.forEach(({event}) => this.shownEvents.add(event.id));
    const rows = fresh.map(({stackId, event}) => {
      const entry = this.model.stacks.get(stackId);
      const owner = entry.owner ? this.model.find(entry.owner).path : '';
      const name = (owner ? owner + '.' : '') + event.resource_name;
      const id = this.model.nodeId(stackId, event.resource_name);
      return el('tr', {'data-status': event.resource_status},
                el('td', {}, time(event.event_time)),
                el('td', {}, el('button', {className: 'link', onclick: () => {
                  this.tabs.show('Graph');
                  if (this.graph.nodes.has(id)) {
                    this.graph.select(id, true);
                  }
                }}, name)),
                el('td', {}, badge(event.resource_status)),
                el('td', {}, event.resource_status_reason || ''));
    });
    if (older) {
      this.eventList.append(...rows);
    } else {
      this.eventList.prepend(...rows.reverse());
    }
    while (this.eventList.rows.length > MAX_EVENT_ROWS) {
      this.eventList.deleteRow(-1);
    }
  }

  // One poll: the graph of each open stack (a bodiless 304 when it did
  // not change) and, where its newest event moved, the events after the
  // last one seen. :returns: true while something is in progress (poll
  // sooner).
  async poll() {
    const top = this.stack.id;
    const was = this.stack.stack_status;
    let changed;
    try {
      changed = await this.model.loadGraph(top);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        replace(this.header, el('h1', {}, this.stack.stack_name),
                message('This stack is gone (deleted).'));
        this.poller.stop();
        return false;
      }
      throw err;
    }
    this.stack = this.model.stacks.get(top).stack;
    if (this.stack.stack_status !== was) {
      this.drawHeader();
    }
    if (this.stack.stack_status === 'DELETE_COMPLETE') {
      // Its resources and nested stacks are gone: nothing more to follow.
      this.poller.stop();
      return false;
    }
    const open = this.model.visibleStacks().map(([stackId]) => stackId);
    const others = await Promise.all(open.filter(
      (stackId) => stackId !== top).map(
      (stackId) => this.model.loadGraph(stackId)));
    if (changed || others.some(Boolean)) {
      this.repaint(open);
    }
    const found = [];
    for (const stackId of open) {
      found.push(...await this.model.newEvents(stackId));
    }
    if (found.length) {
      this.addEvents(found);
    }
    // Alarms change state without a stack event: the open tab follows
    // them at each poll.
    if (this.currentTab === 'Autoscaling') {
      await this.drawScaling();
    }
    return stateOf(this.stack.stack_status) === 'progress';
  }

  // The graph after a poll: drawn again when boxes or arrows changed,
  // else only the boxes whose state changed repainted.
  repaint(stackIds) {
    const entries = stackIds.map((stackId) => [stackId,
                                               this.model.stacks.get(stackId)]);
    if (entries.some(([, entry]) => entry.reshaped)) {
      this.redraw();
    } else {
      for (const [stackId, entry] of entries) {
        for (const r of entry.resources) {
          const node = this.graph.nodes.get(this.model.nodeId(
            stackId, r.resource_name));
          if (!node) {
            continue;
          }
          node.resource = r;
          node.physical = r.physical_resource_id;
          if (node.status !== r.resource_status ||
              node.reason !== r.resource_status_reason) {
            this.graph.update(node.id, r.resource_status,
                              r.resource_status_reason);
          }
        }
      }
    }
    const selected = this.graph.nodes.get(this.graph.selected);
    if (selected) {
      this.showNode(selected);
    }
  }

  async showRootCause() {
    const causes = await this.model.rootCauses();
    if (!causes.length) {
      this.tabs.show('Graph');
      replace(this.detail, el('h2', {}, 'Root cause'),
              el('p', {}, this.stack.stack_status_reason || ''));
      return;
    }
    const cause = causes[0];
    for (const owner of cause.chain) {
      this.model.expanded.add(owner);
    }
    this.redraw();
    this.tabs.show('Graph');
    this.graph.select(cause.id, true);
    this.detail.prepend(el('p', {className: 'root-cause', id:
                                 'root-cause-note'},
                           `Root cause (1 of ${causes.length} failures)`));
  }

  // After an action the API took, the next poll comes at once.
  async act(done) {
    if (await done) {
      this.poller.now();
    }
  }
}
