// A layered layout for dependency graphs of thousands of nodes.
//
// Levels are columns, left to right in creation order (a node one level
// after the deepest of the nodes it depends on). Within a level, nodes
// follow the mean position of their predecessors (a few barycentre
// sweeps, as Sugiyama-style layouts do), which keeps most arrows short.
// A level taller than the graph should be is wrapped into several
// columns, so that a flat stack of 1,000 resources is a block of about
// the screen's shape instead of a strip. Linear in nodes and edges per
// sweep: no crossing minimisation beyond that, which would not scale.

export const NODE_W = 200;
export const NODE_H = 36;
const GAP_X = 60;
const GAP_Y = 10;
const SWEEPS = 4;
// Columns : rows of a wrapped graph, for a screen about 16:9.
const ASPECT = 0.36;

function levelsOf(ids, preds, succs) {
  const indegree = new Map(ids.map((id) => [id, preds.get(id).length]));
  const level = new Map();
  const queue = ids.filter((id) => indegree.get(id) === 0);
  queue.forEach((id) => level.set(id, 0));
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    for (const next of succs.get(id)) {
      level.set(next, Math.max(level.get(next) || 0, level.get(id) + 1));
      indegree.set(next, indegree.get(next) - 1);
      if (indegree.get(next) === 0) {
        queue.push(next);
      }
    }
  }
  // A cycle (never valid in a stack) still gets drawn, after the rest.
  let last = Math.max(0, ...level.values());
  for (const id of ids) {
    if (!level.has(id) || indegree.get(id) > 0) {
      level.set(id, ++last);
    }
  }
  return level;
}

function sweep(columns, neighbours, position) {
  for (const column of columns) {
    const key = new Map();
    for (const id of column) {
      const around = neighbours.get(id).filter((n) => position.has(n));
      key.set(id, around.length ?
        around.reduce((sum, n) => sum + position.get(n), 0) / around.length :
        position.get(id));
    }
    column.sort((a, b) => key.get(a) - key.get(b));
    column.forEach((id, index) => position.set(id, index / column.length));
  }
}

// nodes: [{id}], edges: [{from, to}] (``to`` depends on ``from``).
// Returns {pos: Map id -> {x, y, level}, width, height}.
export function layout(nodes, edges) {
  const ids = nodes.map((n) => n.id);
  const preds = new Map(ids.map((id) => [id, []]));
  const succs = new Map(ids.map((id) => [id, []]));
  for (const edge of edges) {
    if (preds.has(edge.to) && succs.has(edge.from) &&
        edge.from !== edge.to) {
      preds.get(edge.to).push(edge.from);
      succs.get(edge.from).push(edge.to);
    }
  }
  const level = levelsOf(ids, preds, succs);
  const columns = [];
  for (const id of ids) {
    (columns[level.get(id)] = columns[level.get(id)] || []).push(id);
  }
  const levels = columns.filter(Boolean);
  const position = new Map();
  levels.forEach((column) => column.forEach(
    (id, index) => position.set(id, index / column.length)));
  for (let i = 0; i < SWEEPS; i++) {
    sweep(levels.slice(1), preds, position);
    sweep(levels.slice(0, -1).reverse(), succs, position);
  }
  const maxRows = Math.max(12, Math.ceil(Math.sqrt(ids.length / ASPECT)));
  const pos = new Map();
  let x = 0;
  let height = 0;
  levels.forEach((column, levelIndex) => {
    const wraps = Math.ceil(column.length / maxRows);
    const rows = Math.ceil(column.length / wraps);
    column.forEach((id, index) => {
      const sub = Math.floor(index / rows);
      pos.set(id, {x: x + sub * (NODE_W + GAP_X / 2),
                   y: (index % rows) * (NODE_H + GAP_Y),
                   level: levelIndex});
    });
    height = Math.max(height, rows * (NODE_H + GAP_Y));
    x += wraps * (NODE_W + GAP_X / 2) + GAP_X / 2;
  });
  // Short columns are centred on the tallest.
  levels.forEach((column) => {
    const bottom = Math.max(...column.map((id) => pos.get(id).y)) + NODE_H;
    const shift = Math.floor((height - GAP_Y - bottom) / 2);
    column.forEach((id) => { pos.get(id).y += shift; });
  });
  return {pos, width: Math.max(x - GAP_X / 2, NODE_W),
          height: Math.max(height - GAP_Y, NODE_H)};
}
