// A stack and the nested stacks opened in its graph: their state and
// resources, read in one request each (the web view's graph read, whose
// ETag makes a poll of an unchanged stack a bodiless 304), and the newest
// event seen of each, so that an events read asks only for those after it.

import {get, readGraph} from './api.js';

const MAX_OPEN_DEPTH = 10;

function lastSegment(path) {
  return path ? decodeURIComponent(path.replace(/\/+$/, '').split('/')
    .pop()) : null;
}

// The rows of a graph read as the resource list's objects (the names the
// views use), with ``required_by`` worked out from ``requires``.
export function resourcesOf(table) {
  const at = Object.fromEntries(table.fields.map((f, i) => [f, i]));
  const list = table.rows.map((row) => {
    const nested = row[at.nested];
    return {
      resource_name: row[at.name], resource_type: row[at.type],
      resource_status: row[at.status],
      resource_status_reason: row[at.reason],
      physical_resource_id: row[at.physical_id],
      requires: row[at.requires] || [],
      implicitRequires: row[at.implicit_requires] || [],
      nested: nested ? '/stacks/' + encodeURIComponent(nested[0]) + '/' +
        encodeURIComponent(nested[1]) : null,
      updated_time: row[at.updated_time],
      required_by: [], implicit_required_by: []};
  });
  const named = new Map(list.map((r) => [r.resource_name, r]));
  for (const r of list) {
    for (const needed of r.requires) {
      const target = named.get(needed);
      if (target) {
        target.required_by.push(r.resource_name);
      }
    }
    for (const needed of r.implicitRequires) {
      const target = named.get(needed);
      if (target) {
        target.implicit_required_by.push(r.resource_name);
      }
    }
  }
  for (const r of list) {
    r.required_by.sort();
    r.implicit_required_by.sort();
  }
  return list;
}

// What the graph's boxes and arrows depend on (not the states).
function shapeOf(resources) {
  return JSON.stringify(resources.map((r) => [r.resource_name,
                                              r.resource_type, r.requires,
                                              r.implicitRequires, r.nested]));
}

export class StackModel {
  constructor(stackPath, stackId) {
    this.top = stackId;
    // stack id -> {path, owner (node id), resources, marker}
    this.stacks = new Map([[stackId, this.entry(stackPath, null, 0)]]);
    this.expanded = new Set();
  }

  entry(path, owner, depth) {
    return {path, owner, depth, resources: [], stack: null, etag: null,
            shape: '', reshaped: false, newest: null, marker: null};
  }

  // Reads the stack's graph (its state and resources). :returns: true
  // when something changed since the last read (false: a 304).
  async loadGraph(stackId) {
    const entry = this.stacks.get(stackId);
    const first = entry.stack === null;
    const answer = await readGraph(entry.path, entry.etag);
    if (!answer) {
      entry.reshaped = false;
      return false;
    }
    entry.etag = answer.etag;
    entry.stack = answer.graph.stack;
    entry.resources = resourcesOf(answer.graph.resources);
    const shape = shapeOf(entry.resources);
    entry.reshaped = shape !== entry.shape;
    entry.shape = shape;
    entry.newest = answer.graph.newest_event;
    if (first) {
      // The events so far are the Events tab's to read; polls follow
      // those after.
      entry.marker = entry.newest;
    }
    return true;
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

  // The events after the marker of the stack, oldest first; none read
  // while its graph says there is none newer.
  async newEvents(stackId) {
    const entry = this.stacks.get(stackId);
    if (entry.newest === entry.marker) {
      return [];
    }
    if (!entry.marker) {
      return (await this.recentEvents(stackId, 200)).reverse()
        .map((e) => ({stackId, event: e}));
    }
    const events = (await get(entry.path +
      '/events?sort_dir=asc&limit=200&marker=' +
      encodeURIComponent(entry.marker))).events;
    if (events.length) {
      entry.marker = events[events.length - 1].id;
    }
    return events.map((e) => ({stackId, event: e}));
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
      this.stacks.set(nestedId, this.entry(node.nested, node.id,
                                           owner.depth + 1));
      await this.loadGraph(nestedId);
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
        const nested = r.nested;
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
      const nested = r.nested;
      let inner = [];
      if (nested && depth < MAX_OPEN_DEPTH) {
        const nestedId = lastSegment(nested);
        if (!this.stacks.has(nestedId)) {
          this.stacks.set(nestedId, this.entry(nested, id, depth + 1));
          try {
            await this.loadGraph(nestedId);
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
