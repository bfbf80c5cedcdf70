// ARIA tabs (arrow keys, Home, End) and a table of names and values.

import {el, message, table} from './dom.js';

export function tabList(names, onShow) {
  const buttons = names.map((name, i) => el('button', {
    role: 'tab', id: 'tab-' + name.toLowerCase(), type: 'button',
    'aria-controls': 'panel-' + name.toLowerCase(),
    'aria-selected': i === 0 ? 'true' : 'false',
    tabindex: i === 0 ? '0' : '-1'}, name));
  const list = el('div', {role: 'tablist', className: 'tabs',
                          'aria-label': 'Stack views'}, buttons);
  const show = (index) => {
    buttons.forEach((b, i) => {
      b.setAttribute('aria-selected', i === index ? 'true' : 'false');
      b.tabIndex = i === index ? 0 : -1;
    });
    buttons[index].focus();
    onShow(names[index]);
  };
  buttons.forEach((b, i) => b.addEventListener('click', () => show(i)));
  list.addEventListener('keydown', (e) => {
    const index = buttons.indexOf(document.activeElement);
    const moves = {ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0,
                   End: names.length - 1};
    if (index >= 0 && e.key in moves) {
      show((moves[e.key] + names.length) % names.length);
      e.preventDefault();
    }
  });
  return {list, show: (name) => show(names.indexOf(name))};
}

export function kv(object) {
  const entries = Object.entries(object || {});
  return entries.length ? table(['Name', 'Value'], entries.map(([k, v]) =>
    el('tr', {}, el('th', {scope: 'row'}, k),
       el('td', {}, typeof v === 'string' ? v : JSON.stringify(v))))) :
    message('None.');
}
