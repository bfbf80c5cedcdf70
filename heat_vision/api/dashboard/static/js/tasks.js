// The project's task jobs: runs, state and timing; cancel one.

import {get, request} from './api.js';
import {confirmAction} from './dialog.js';
import {badge, el, message, replace, table, time} from './dom.js';

const TASK_STATES = {RUNNING: 'RUNNING_IN_PROGRESS',
                     WAITING: 'WAITING_IN_PROGRESS',
                     CANCELLING: 'CANCEL_IN_PROGRESS',
                     PENDING: 'PENDING', COMPLETE: 'COMPLETE',
                     FAILED: 'FAILED', CANCELLED: 'DELETE_COMPLETE'};
const ENDED = ['COMPLETE', 'FAILED', 'CANCELLED'];

// A job's status, drawn like the stack state it resembles.
function jobBadge(status) {
  const box = badge(TASK_STATES[status] || status);
  box.lastChild.textContent = status;
  return box;
}

function duration(job) {
  if (!job.started_at) {
    return '';
  }
  const end = job.ended_at ? new Date(job.ended_at) : new Date();
  const seconds = Math.max(0, (end - new Date(job.started_at)) / 1000);
  return seconds < 120 ? seconds.toFixed(1) + ' s' :
    (seconds / 60).toFixed(1) + ' min';
}

async function showJob(detail, job, refresh) {
  const full = (await get('/tasks/' + encodeURIComponent(job.id))).job;
  const cancel = ENDED.includes(full.status) ? null :
    el('button', {className: 'danger', onclick: async () => {
      if (await confirmAction('Cancel job ' + full.name + '?',
                              'Its current run stops; it runs no more.',
                              {verb: 'Cancel job'})) {
        await request('POST', '/tasks/' + encodeURIComponent(full.id) +
                      '/cancel', {});
        refresh();
      }
    }}, 'Cancel job');
  replace(detail,
          el('h2', {}, 'Job ' + full.name),
          el('p', {}, jobBadge(full.status), ' ', full.status_reason || ''),
          cancel,
          table(['Step', 'Action', 'State', 'Attempts', 'Error'],
                (full.steps || []).map((s) => el('tr', {},
                  el('td', {}, s.name), el('td', {}, s.action || ''),
                  el('td', {}, s.state), el('td', {}, s.attempts),
                  el('td', {}, s.error ? JSON.stringify(s.error) : ''))),
                'Steps of the current run'));
}

export function renderTasks(main, project, poller) {
  const body = el('div', {id: 'task-list'});
  const detail = el('section', {id: 'task-detail',
                                'aria-label': 'Job details'});
  replace(main, el('h1', {}, 'Task jobs'), body, detail);
  const load = async () => {
    const jobs = (await get('/tasks?limit=200')).jobs;
    if (!jobs.length) {
      replace(body, message('No task jobs in this project.'));
      return false;
    }
    replace(body, table(
      ['Name', 'Kind', 'Status', 'Runs', 'Failures', 'Started', 'Ended',
       'Took', 'Next run'],
      jobs.map((job) => el('tr', {'data-status': job.status},
        el('td', {}, el('button', {className: 'link', onclick: () =>
          showJob(detail, job, () => poller.now())}, job.name)),
        el('td', {}, job.kind), el('td', {}, jobBadge(job.status)),
        el('td', {}, job.runs), el('td', {}, job.failures),
        el('td', {}, time(job.started_at)), el('td', {}, time(job.ended_at)),
        el('td', {}, duration(job)), el('td', {}, time(job.next_run_at)))),
      `${jobs.length} jobs, newest first`));
    return jobs.some((job) => !ENDED.includes(job.status));
  };
  poller.start(load);
}
