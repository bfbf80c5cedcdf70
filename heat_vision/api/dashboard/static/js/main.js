// Routes (the part after #), the poller, sign-in and global keys.
//
//   #/                               sign in: project, optional token
//   #/{project}/stacks               the stacks
//   #/{project}/stacks/{name}/{id}   one stack
//   #/{project}/tasks                the task jobs

import {ApiError, clearSession, session, setSession} from './api.js';
import {el, message, replace} from './dom.js';
import {Poller} from './poller.js';
import {StackView} from './stack_view.js';
import {renderStacks} from './stacks.js';
import {renderTasks} from './tasks.js';

const REFUSED = 'The API refused the credential: sign in with a ' +
  'Keystone token for this project.';
const main = document.getElementById('main');
const nav = document.getElementById('nav');
const notice = document.getElementById('notice');
let current = null;

function showError(err) {
  if (!err) {
    notice.hidden = true;
    return;
  }
  if (err instanceof ApiError && err.status === 401) {
    poller.stop();
    const known = session();
    signIn(known && known.project, REFUSED);
    return;
  }
  replace(notice, err.message || String(err));
  notice.hidden = false;
}

const poller = new Poller(showError);

function signIn(project, error) {
  const projectInput = el('input', {id: 'project', required: true,
                                    value: project || '',
                                    autocomplete: 'off'});
  const tokenInput = el('input', {id: 'token', type: 'password',
                                  autocomplete: 'off'});
  const form = el('form', {className: 'sign-in', onsubmit: (e) => {
    e.preventDefault();
    setSession(projectInput.value.trim(), tokenInput.value.trim());
    const target = '#/' + encodeURIComponent(projectInput.value.trim()) +
      '/stacks';
    if (location.hash === target) {
      route();
    } else {
      location.hash = target;
    }
  }},
  el('h1', {}, 'heat-vision'),
  error ? message(error, 'error') : null,
  el('label', {for: 'project'}, 'Project (tenant) ID'), projectInput,
  el('label', {for: 'token'}, 'Keystone token (empty when the service ' +
     'runs without Keystone)'), tokenInput,
  el('p', {className: 'hint'}, 'openstack token issue -c id -c project_id'),
  el('button', {type: 'submit'}, 'Open'));
  replace(main, form);
  replace(nav);
  projectInput.focus();
}

function drawNav(project) {
  const link = (href, text) => el('a', {href: '#/' +
    encodeURIComponent(project) + href}, text);
  replace(nav, link('/stacks', 'Stacks'), link('/tasks', 'Task jobs'),
          el('span', {className: 'who'}, 'Project ' + project),
          el('button', {type: 'button', onclick: () => {
            clearSession();
            location.hash = '#/';
          }}, 'Sign out'));
}

async function route() {
  poller.stop();
  current = null;
  delete window.hvMetrics;
  showError(null);
  const parts = location.hash.replace(/^#\/?/, '').split('/')
    .map(decodeURIComponent);
  const project = parts[0];
  if (!project) {
    const known = session();
    signIn(known && known.project);
    return;
  }
  const known = session();
  if (!known || known.project !== project) {
    // Under noauth the project is all a request needs; behind Keystone
    // the API answers 401 and the sign-in form asks for a token.
    setSession(project, known && known.project === project ?
      known.token : '');
  }
  drawNav(project);
  try {
    if (parts[1] === 'tasks') {
      renderTasks(main, project, poller);
    } else if (parts[1] === 'stacks' && parts.length >= 4) {
      current = new StackView(main, project, '/stacks/' +
        parts.slice(2, 4).map(encodeURIComponent).join('/'), poller);
      await current.open();
    } else {
      renderStacks(main, project, poller);
    }
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      signIn(project, REFUSED);
      return;
    }
    replace(main, message(err.message || String(err), 'error'));
  }
}

document.addEventListener('keydown', (e) => {
  const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName);
  if (typing || e.ctrlKey || e.metaKey || e.altKey) {
    return;
  }
  if (e.key === '/') {
    const search = document.querySelector('#graph-search, #stack-filter');
    if (search) {
      search.focus();
      e.preventDefault();
    }
  } else if (e.key === 'g' && current) {
    current.graph.root.focus();
  } else if (e.key === 'r' && current) {
    const button = document.getElementById('root-cause');
    if (button) {
      button.click();
    }
  } else if (e.key === '?') {
    document.getElementById('help').toggleAttribute('hidden');
  }
});
document.getElementById('skip').addEventListener(
  'click', () => main.focus());
window.addEventListener('unhandledrejection', (e) => showError(e.reason));
window.addEventListener('hashchange', route);
route();
