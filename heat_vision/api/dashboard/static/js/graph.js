// The dependency graph as SVG: zoom, pan, search and keyboard moves.
//
// Nodes carry their state three ways: the colour, an icon and the status
// words. Arrows are drawn as one path per kind (thousands of edges as
// three elements); the selected node's arrows are drawn again on top.

import {layout, NODE_W, NODE_H} from './layout.js';
import {stateIcon, stateOf} from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const MIN_SCALE = 0.05;
const MAX_SCALE = 3;
// Below this zoom the second line of each node is left out.
const FAR_SCALE = 0.45;
const DENSE_EDGES = 300;

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    node.setAttribute(key, value);
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

function short(text, size) {
  return text.length > size ? text.slice(0, size - 1) + '\u2026' : text;
}

function curve(a, b) {
  const x1 = a.x + NODE_W;
  const y1 = a.y + NODE_H / 2;
  const x2 = b.x;
  const y2 = b.y + NODE_H / 2;
  const bend = Math.max(30, (x2 - x1) / 2);
  return `M${x1},${y1}C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}`;
}

export class GraphView {
  // onSelect(node) when the selection moves; onOpen(node) on Enter or a
  // double click (a nested stack opens or closes).
  constructor(container, {onSelect, onOpen, label}) {
    this.onSelect = onSelect;
    this.onOpen = onOpen;
    this.nodes = new Map();
    this.elements = new Map();
    this.view = {scale: 1, x: 0, y: 0};
    this.selected = null;
    this.matches = [];
    this.root = svg('svg', {'class': 'graph', 'tabindex': '0',
                            'role': 'application',
                            'aria-roledescription': 'dependency graph',
                            'aria-label': label});
    this.viewport = svg('g');
    this.root.append(this.viewport);
    this.live = document.createElement('p');
    this.live.className = 'visually-hidden';
    this.live.setAttribute('aria-live', 'polite');
    container.append(this.root, this.live);
    this.bindPointer();
    this.root.addEventListener('keydown', (e) => this.onKey(e));
    window.addEventListener('resize', () => { this.box = null; });
  }

  // nodes: [{id, name, type, status, nested, expanded, owner}],
  // edges: [{from, to, kind}] with kind '', 'implicit' or 'nested'.
  setData(nodes, edges) {
    const started = performance.now();
    // Measured before the new nodes go in: measuring after would make
    // the browser lay out thousands of them twice.
    this.box = this.root.getBoundingClientRect();
    this.nodes = new Map(nodes.map((n) => [n.id, n]));
    this.edges = edges;
    const placed = layout(nodes, edges);
    this.pos = placed.pos;
    this.size = placed;
    this.draw();
    this.indexColumns();
    if (this.selected && !this.nodes.has(this.selected)) {
      this.selected = null;
    }
    this.markSelected();
    this.search(this.query || '');
    this.lastRenderMs = performance.now() - started;
    return this.lastRenderMs;
  }

  draw() {
    const edgePaths = {'': [], 'implicit': [], 'nested': []};
    for (const edge of this.edges) {
      const a = this.pos.get(edge.from);
      const b = this.pos.get(edge.to);
      if (a && b) {
        edgePaths[edge.kind || ''].push(curve(a, b));
      }
    }
    const layer = svg('g', {'class': 'edges'});
    for (const [kind, parts] of Object.entries(edgePaths)) {
      if (parts.length) {
        layer.append(svg('path', {'class': 'edge ' + (kind || 'explicit'),
                                  'd': parts.join('')}));
      }
    }
    this.highlight = svg('path', {'class': 'edge highlight', 'd': ''});
    layer.append(this.highlight);
    const nodeLayer = svg('g', {'class': 'nodes'});
    this.elements = new Map();
    for (const node of this.nodes.values()) {
      const element = this.nodeElement(node);
      this.elements.set(node.id, element);
      nodeLayer.append(element);
    }
    this.viewport.replaceChildren(layer, nodeLayer);
    // Zoomed out on a big graph, the columns say the order; the arrows
    // (thousands) are left to the selected node.
    this.root.classList.toggle('dense', this.edges.length > DENSE_EDGES);
  }

  nodeElement(node) {
    const at = this.pos.get(node.id);
    const group = svg('g', {'class': 'node', 'data-id': node.id,
                            'transform': `translate(${at.x},${at.y})`});
    group.append(
      svg('title', {}, `${node.path || node.name} (${node.type})`),
      svg('rect', {'width': NODE_W, 'height': NODE_H, 'rx': 5}),
      svg('text', {'class': 'icon', 'x': 7, 'y': 23}),
      svg('text', {'class': 'name', 'x': 26, 'y': 15},
          short(node.owner ? node.path : node.name, 26)),
      svg('text', {'class': 'sub', 'x': 26, 'y': 29}));
    if (node.nested) {
      group.append(svg('text', {'class': 'nest', 'x': NODE_W - 16,
                                'y': 23}));
    }
    group.addEventListener('click', () => this.select(node.id));
    group.addEventListener('dblclick', () => this.onOpen(node));
    this.paint(node, group);
    return group;
  }

  paint(node, group) {
    const state = stateOf(node.status);
    group.setAttribute('class', 'node state-' + state +
      (node.owner ? ' inner' : '') +
      (node.id === this.selected ? ' selected' : '') +
      (group.classList.contains('match') ? ' match' : ''));
    group.setAttribute('data-status', node.status || 'INIT');
    const texts = group.getElementsByTagName('text');
    texts[0].textContent = stateIcon(state);
    texts[2].textContent = short((node.status || 'INIT') + ' \u00b7 ' +
                                 (node.type || ''), 34);
    if (node.nested) {
      texts[3].textContent = node.expanded ? '\u2212' : '+';
    }
  }

  // A new status for one node, without a new layout.
  update(id, status, reason) {
    const node = this.nodes.get(id);
    if (!node) {
      return false;
    }
    node.status = status;
    if (reason !== undefined) {
      node.reason = reason;
    }
    this.paint(node, this.elements.get(id));
    return true;
  }

  indexColumns() {
    const byX = new Map();
    for (const [id, at] of this.pos) {
      (byX.get(at.x) || byX.set(at.x, []).get(at.x)).push(id);
    }
    this.columnXs = [...byX.keys()].sort((a, b) => a - b);
    this.columns = byX;
    for (const ids of byX.values()) {
      ids.sort((a, b) => this.pos.get(a).y - this.pos.get(b).y);
    }
  }

  select(id, centre) {
    this.selected = id;
    this.markSelected();
    if (!id) {
      return;
    }
    const node = this.nodes.get(id);
    if (centre) {
      this.centre(id);
    }
    this.live.textContent = `${node.name}, ${node.type}, ` +
      `${node.status || 'INIT'}`;
    this.onSelect(node);
  }

  markSelected() {
    for (const element of this.viewport.querySelectorAll('.selected')) {
      element.classList.remove('selected');
    }
    const element = this.elements.get(this.selected);
    const parts = [];
    if (element) {
      element.classList.add('selected');
      for (const edge of this.edges) {
        if (edge.from === this.selected || edge.to === this.selected) {
          parts.push(curve(this.pos.get(edge.from), this.pos.get(edge.to)));
        }
      }
    }
    if (this.highlight) {
      this.highlight.setAttribute('d', parts.join(''));
    }
  }

  // Marks the nodes whose name, type or status contain ``query``.
  search(query) {
    this.query = query.trim().toLowerCase();
    this.matches = [];
    this.root.classList.toggle('searching', Boolean(this.query));
    for (const [id, element] of this.elements) {
      const node = this.nodes.get(id);
      const hit = Boolean(this.query) && [node.path || node.name, node.type,
        node.status].some((v) => String(v || '').toLowerCase().includes(
        this.query));
      element.classList.toggle('match', hit);
      if (hit) {
        this.matches.push(id);
      }
    }
    return this.matches.length;
  }

  nextMatch() {
    if (!this.matches.length) {
      return;
    }
    const index = (this.matches.indexOf(this.selected) + 1) %
      this.matches.length;
    this.select(this.matches[index], true);
  }

  applyView() {
    const {scale, x, y} = this.view;
    this.viewport.setAttribute('transform',
                               `translate(${x},${y}) scale(${scale})`);
    this.root.classList.toggle('far', scale < FAR_SCALE);
  }

  fit() {
    const box = this.box || this.root.getBoundingClientRect();
    const width = Math.max(box.width, 100);
    const height = Math.max(box.height, 100);
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, Math.min(
      (width - 20) / this.size.width, (height - 20) / this.size.height, 1)));
    this.view = {scale, x: (width - this.size.width * scale) / 2,
                 y: (height - this.size.height * scale) / 2};
    this.applyView();
  }

  centre(id) {
    const at = this.pos.get(id);
    const box = this.root.getBoundingClientRect();
    const scale = Math.max(this.view.scale, 0.8);
    this.view = {scale, x: box.width / 2 - (at.x + NODE_W / 2) * scale,
                 y: box.height / 2 - (at.y + NODE_H / 2) * scale};
    this.applyView();
  }

  zoom(factor, cx, cy) {
    const box = this.root.getBoundingClientRect();
    const px = cx === undefined ? box.width / 2 : cx;
    const py = cy === undefined ? box.height / 2 : cy;
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE,
                                               this.view.scale * factor));
    const ratio = scale / this.view.scale;
    this.view = {scale, x: px - (px - this.view.x) * ratio,
                 y: py - (py - this.view.y) * ratio};
    this.applyView();
  }

  pan(dx, dy) {
    this.view.x += dx;
    this.view.y += dy;
    this.applyView();
  }

  bindPointer() {
    let drag = null;
    this.root.addEventListener('wheel', (e) => {
      e.preventDefault();
      const box = this.root.getBoundingClientRect();
      this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - box.left,
                e.clientY - box.top);
    }, {passive: false});
    this.root.addEventListener('pointerdown', (e) => {
      drag = {x: e.clientX, y: e.clientY, moved: false};
    });
    this.root.addEventListener('pointermove', (e) => {
      if (drag && (e.buttons & 1)) {
        this.pan(e.clientX - drag.x, e.clientY - drag.y);
        drag.x = e.clientX;
        drag.y = e.clientY;
      }
    });
    this.root.addEventListener('pointerup', () => { drag = null; });
  }

  // The node next to the selected one in a direction: another row of
  // its column, or the nearest row of the column beside.
  neighbour(key) {
    if (!this.selected) {
      return this.columns.get(this.columnXs[0])[0];
    }
    const at = this.pos.get(this.selected);
    const column = this.columns.get(at.x);
    const index = column.indexOf(this.selected);
    if (key === 'ArrowUp') {
      return column[Math.max(0, index - 1)];
    }
    if (key === 'ArrowDown') {
      return column[Math.min(column.length - 1, index + 1)];
    }
    const step = key === 'ArrowLeft' ? -1 : 1;
    const x = this.columnXs[this.columnXs.indexOf(at.x) + step];
    if (x === undefined) {
      return this.selected;
    }
    let best = null;
    for (const id of this.columns.get(x)) {
      const distance = Math.abs(this.pos.get(id).y - at.y);
      if (!best || distance < best.distance) {
        best = {id, distance};
      }
    }
    return best.id;
  }

  onKey(e) {
    const panKeys = {ArrowUp: [0, 60], ArrowDown: [0, -60],
                     ArrowLeft: [60, 0], ArrowRight: [-60, 0]};
    if (e.key in panKeys && e.shiftKey) {
      this.pan(...panKeys[e.key]);
    } else if (e.key in panKeys) {
      if (this.nodes.size) {
        this.select(this.neighbour(e.key), true);
      }
    } else if (e.key === 'Enter' && this.selected) {
      this.onOpen(this.nodes.get(this.selected));
    } else if (e.key === '+' || e.key === '=') {
      this.zoom(1.25);
    } else if (e.key === '-') {
      this.zoom(0.8);
    } else if (e.key === '0') {
      this.fit();
    } else if (e.key === 'n') {
      this.nextMatch();
    } else {
      return;
    }
    e.preventDefault();
  }
}
