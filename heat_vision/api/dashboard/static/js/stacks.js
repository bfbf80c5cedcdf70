// The project's stacks: status, filters, refreshed every few seconds.

import {get, stackPath} from './api.js';
import {badge, el, message, replace, stateOf, table, time} from './dom.js';

const FILTERS = [['', 'All states'], ['progress', 'In progress'],
                 ['failed', 'Failed'], ['complete', 'Complete']];

export function renderStacks(main, project, poller) {
  const search = el('input', {type: 'search', id: 'stack-filter',
                              placeholder: 'Filter by name',
                              'aria-label': 'Filter stacks by name'});
  const state = el('select', {id: 'stack-state',
                              'aria-label': 'Filter stacks by state'},
                   FILTERS.map(([value, text]) =>
                     el('option', {value}, text)));
  const nested = el('input', {type: 'checkbox', id: 'stack-nested'});
  const body = el('div', {id: 'stack-list'});
  replace(main, el('h1', {}, 'Stacks'),
          el('div', {className: 'toolbar'}, search, state,
             el('label', {}, nested, ' show nested stacks')),
          body);
  let stacks = null;
  const draw = () => {
    if (!stacks) {
      return;
    }
    const words = search.value.trim().toLowerCase();
    const shown = stacks.filter((s) =>
      (!words || s.stack_name.toLowerCase().includes(words)) &&
      (!state.value || stateOf(s.stack_status) === state.value));
    if (!shown.length) {
      replace(body, message(stacks.length ? 'No stack matches.' :
        'No stacks in this project yet.'));
      return;
    }
    replace(body, table(
      ['Name', 'Status', 'Reason', 'Created', 'Updated'],
      shown.map((s) => el('tr', {'data-status': s.stack_status},
        el('td', {}, el('a', {href: '#/' + encodeURIComponent(project) +
                                    stackPath(s)}, s.stack_name)),
        el('td', {}, badge(s.stack_status)),
        el('td', {className: 'reason'}, s.stack_status_reason || ''),
        el('td', {}, time(s.creation_time)),
        el('td', {}, time(s.updated_time)))),
      `${shown.length} of ${stacks.length} stacks`));
  };
  const load = async () => {
    const query = nested.checked ? '?show_nested=true' : '';
    stacks = (await get('/stacks' + query)).stacks;
    draw();
    return stacks.some((s) => stateOf(s.stack_status) === 'progress');
  };
  search.addEventListener('input', draw);
  state.addEventListener('change', draw);
  nested.addEventListener('change', () => poller.now());
  poller.start(load);
  search.focus();
}
