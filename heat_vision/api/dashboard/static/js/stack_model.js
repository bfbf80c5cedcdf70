// A stack and the nested stacks opened in its graph: their resources,
// and the newest event seen of each, so that a poll asks only for the
// events after it.

import {get, linkPath} from './api.js';

const MAX_OPEN_DEPTH = 10;

function lastSegment(path) {
  return path ? decodeURIComponent(path.replace(/\/+$/, '').split('/')
    .pop()) : null;
}

export class StackModel {
  constructor(stackPath, stackId) {
    this.top = stackId;
    // stack id -> {path, owner (node id), resources, marker}
    this.stacks = new Map([[stackId, {path: stackPath, owner: null,
                                      depth: 0, resources: [],
                                      marker: null}]]);
    this.expanded = new Set();
  }

  async loadResources(stackId) {
    const entry = this.stacks.get(stackId);
    entry.resources = (await get(entry.path + '/resources')).resources;
    return entry.resources;
  }

  // Newest events first; remembers the newest as the next poll's marker.
  async recentEvents(stackId, limit) {
    const entry = this.stacks.get(stackId);
    const events = (await get(entry.path + '/events?sort_dir=desc&limit=' +
                              limit)).events;
    if (events.length) {
      entry.marker = events[0].id;
    }
    return events;
  }

  // Events after the marker of each open stack, oldest first.
  async newEvents() {
    const found = [];
    for (const [stackId, entry] of this.visibleStacks()) {
      if (!entry.marker) {
        found.push(...(await this.recentEvents(stackId, 200)).reverse()
          .map((e) => ({stackId, event: e})));
        continue;
      }
      const events = (await get(entry.path +
        '/events?sort_dir=asc&limit=200&marker=' +
        encodeURIComponent(entry.marker))).events;
      if (events.length) {
        entry.marker = events[events.length - 1].id;
      }
      found.push(...events.map((e) => ({stackId, event: e})));
    }
    return found;
  }

  nodeId(stackId, name) {
    return stackId + '/' + name;
  }

  // The open stacks: the top one and those whose owner node is expanded.
  visibleStacks() {
    return [...this.stacks].filter(([, entry]) =>
      !entry.owner || this.expanded.has(entry.owner) &&
        this.isShown(entry.owner));
  }

  isShown(nodeId) {
    const stackId = nodeId.slice(0, nodeId.indexOf('/'));
    const entry = this.stacks.get(stackId);
    return Boolean(entry) && (!entry.owner ||
      this.expanded.has(entry.owner) && this.isShown(entry.owner));
  }

  // Opens a nested stack's node (loading its resources the first time),
  // or closes it. :returns: true when it is now open.
  async toggle(node) {
    if (!node.nested) {
      return false;
    }
    if (this.expanded.has(node.id)) {
      this.expanded.delete(node.id);
      return false;
    }
    const nestedId = lastSegment(node.nested);
    if (!this.stacks.has(nestedId)) {
      const owner = this.stacks.get(node.stackId);
      if (owner.depth + 1 > MAX_OPEN_DEPTH) {
        return false;
      }
      this.stacks.set(nestedId, {path: node.nested,
                                 owner: node.id, depth: owner.depth + 1,
                                 resources: [], marker: null});
      await Promise.all([this.loadResources(nestedId),
                         this.recentEvents(nestedId, 1)]);
    }
    this.expanded.add(node.id);
    return true;
  }

  // {nodes, edges} of the open stacks, for GraphView.setData.
  graph() {
    const nodes = [];
    const edges = [];
    for (const [stackId, entry] of this.visibleStacks()) {
      const owner = entry.owner ? this.find(entry.owner) : null;
      const inner = new Set();
      for (const r of entry.resources) {
        const id = this.nodeId(stackId, r.resource_name);
        const nested = linkPath(r, 'nested');
        nodes.push({id, stackId, name: r.resource_name,
                    path: owner ? owner.path + '.' + r.resource_name :
                      r.resource_name,
                    type: r.resource_type, status: r.resource_status,
                    reason: r.resource_status_reason,
                    physical: r.physical_resource_id,
                    requiredBy: r.required_by || [], owner: entry.owner,
                    nested, expanded: this.expanded.has(id), resource: r});
        const implicit = new Set(r.implicit_required_by || []);
        for (const dependent of r.required_by || []) {
          edges.push({from: id, to: this.nodeId(stackId, dependent),
                      kind: implicit.has(dependent) ? 'implicit' : ''});
          inner.add(dependent);
        }
      }
      if (entry.owner) {
        for (const r of entry.resources) {
          // The nested stack hangs from its owner by its first resources.
          if (!entry.resources.some((o) => (o.required_by || []).includes(
            r.resource_name))) {
            edges.push({from: entry.owner, kind: 'nested',
                        to: this.nodeId(stackId, r.resource_name)});
          }
        }
      }
    }
    this.lastNodes = new Map(nodes.map((n) => [n.id, n]));
    return {nodes, edges};
  }

  find(nodeId) {
    return this.lastNodes && this.lastNodes.get(nodeId) || {path: ''};
  }

  // Why the stack failed: failed resources, nested stacks followed down
  // to the ones that failed on their own (as ``stack failures list``).
  // :returns: [{stackId, name, reason, status, chain: [owner node ids]}]
  async rootCauses(stackId = this.top, chain = [], depth = 0) {
    const entry = this.stacks.get(stackId);
    const found = [];
    for (const r of entry.resources) {
      if (!String(r.resource_status).endsWith('FAILED')) {
        continue;
      }
      const id = this.nodeId(stackId, r.resource_name);
      const nested = linkPath(r, 'nested');
      let inner = [];
      if (nested && depth < MAX_OPEN_DEPTH) {
        const nestedId = lastSegment(nested);
        if (!this.stacks.has(nestedId)) {
          this.stacks.set(nestedId, {path: nested, owner: id,
                                     depth: depth + 1, resources: [],
                                     marker: null});
          try {
            await this.loadResources(nestedId);
          } catch (err) {
            this.stacks.delete(nestedId);
          }
        }
        if (this.stacks.has(nestedId)) {
          inner = await this.rootCauses(nestedId, chain.concat([id]),
                                        depth + 1);
        }
      }
      found.push(...(inner.length ? inner : [{
        id, name: r.resource_name, status: r.resource_status,
        reason: r.resource_status_reason, chain}]));
    }
    return found;
  }
}
