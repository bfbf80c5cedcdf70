// Small DOM helpers: text only ever goes in as text, never as markup.

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key.startsWith('on')) {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'className') {
      node.className = value;
    } else {
      node.setAttribute(key, value === true ? '' : value);
    }
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) {
      continue;
    }
    node.append(child instanceof Node ? child : document.createTextNode(
      String(child)));
  }
  return node;
}

export function replace(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

// A state is never shown by colour alone: each has an icon and a word.
const STATES = {
  progress: {icon: '\u25D4', word: 'in progress'},
  failed: {icon: '\u2716', word: 'failed'},
  complete: {icon: '\u2714', word: 'complete'},
  deleted: {icon: '\u2298', word: 'deleted'},
  init: {icon: '\u25CB', word: 'not started'},
};

export function stateOf(status) {
  const text = String(status || '');
  // Heat lists a resource not yet acted on as INIT_COMPLETE.
  if (!text || text.startsWith('INIT')) {
    return 'init';
  }
  if (text.endsWith('IN_PROGRESS')) {
    return 'progress';
  }
  if (text.endsWith('FAILED')) {
    return 'failed';
  }
  if (text === 'DELETE_COMPLETE') {
    return 'deleted';
  }
  if (text.endsWith('COMPLETE')) {
    return 'complete';
  }
  return 'init';
}

export function stateIcon(state) {
  return STATES[state].icon;
}

export function badge(status) {
  const state = stateOf(status);
  return el('span', {className: 'badge state-' + state,
                     title: STATES[state].word},
            el('span', {'aria-hidden': 'true'}, STATES[state].icon + ' '),
            status || 'INIT');
}

export function time(iso) {
  if (!iso) {
    return '';
  }
  const value = new Date(/Z|[+-]\d\d:?\d\d$/.test(iso) ? iso : iso + 'Z');
  return isNaN(value) ? iso : value.toLocaleString();
}

export function table(headers, rows, caption) {
  return el('table', {className: 'grid'},
            caption ? el('caption', {}, caption) : null,
            el('thead', {}, el('tr', {}, headers.map(
              (h) => el('th', {scope: 'col'}, h)))),
            el('tbody', {}, rows));
}

export function pre(value) {
  const text = typeof value === 'string' ? value :
    JSON.stringify(value, null, 2);
  return el('pre', {className: 'code', tabindex: '0'}, text);
}

export function message(text, kind) {
  return el('p', {className: 'message ' + (kind || ''), role: 'status'},
            text);
}
