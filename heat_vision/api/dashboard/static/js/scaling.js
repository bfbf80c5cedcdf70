// Autoscaling groups of a stack: size, bounds, pending work, cooldown;
// the policies bound to each, the alarms bound to those with their state
// history as a timeline, and the signals each policy received with what
// became of them (the policy's SIGNAL events).

import {get} from './api.js';
import {badge, el, message, replace, stateIcon, table, time} from './dom.js';
import {signalResource} from './stack_actions.js';

const SVG = 'http://www.w3.org/2000/svg';
export const GROUP_TYPES = ['OS::Heat::AutoScalingGroup',
                            'AWS::AutoScaling::AutoScalingGroup'];
const POLICY_TYPES = ['OS::Heat::ScalingPolicy',
                      'AWS::AutoScaling::ScalingPolicy'];
const ALARM_STATE = {alarm: 'failed', ok: 'complete',
                     'insufficient data': 'init'};

function byName(resources) {
  return new Map(resources.map((r) => [r.resource_name, r]));
}

function dependents(resource, named, types) {
  return (resource.required_by || []).map((n) => named.get(n))
    .filter((r) => r && (!types || types.includes(r.resource_type)));
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

// One bar per state held, labelled with the state (colour is not the
// only sign), from the oldest transition shown to now.
export function timeline(history, width = 640) {
  const points = history.slice().reverse().map((h) => ({
    at: new Date(h.timestamp).getTime(), state: h.current}));
  const chart = svg('svg', {'class': 'timeline', 'width': width,
                            'height': 46, 'role': 'img',
                            'aria-label': 'Alarm state over time'});
  if (!points.length) {
    return chart;
  }
  const start = points[0].at;
  const end = Math.max(Date.now(), start + 1000);
  const scale = (t) => (t - start) / (end - start) * (width - 2) + 1;
  points.forEach((point, i) => {
    const x = scale(point.at);
    const next = i + 1 < points.length ? scale(points[i + 1].at) : width - 1;
    const state = ALARM_STATE[point.state] || 'init';
    const group = svg('g', {'class': 'span state-' + state});
    group.append(svg('title', {}, `${point.state} from ` +
                     new Date(point.at).toLocaleString()),
                 svg('rect', {x, y: 2, width: Math.max(next - x, 2),
                              height: 24}));
    if (next - x > 40) {
      group.append(svg('text', {x: x + 4, y: 19}, point.state));
    }
    chart.append(group);
  });
  chart.append(svg('text', {'class': 'tick', x: 1, y: 42},
                   new Date(start).toLocaleTimeString()),
               svg('text', {'class': 'tick', 'x': width - 1, 'y': 42,
                            'text-anchor': 'end'}, 'now'));
  return chart;
}

function alarmBadge(state) {
  const kind = ALARM_STATE[state] || 'init';
  return el('span', {className: 'badge state-' + kind},
            el('span', {'aria-hidden': 'true'}, stateIcon(kind) + ' '),
            state);
}

async function alarmSection(alarm) {
  const history = (await get('/alarms/' + encodeURIComponent(alarm.id) +
                              '/history?limit=50')).alarm_history;
  return el('div', {className: 'alarm'},
            el('h4', {}, 'Alarm ' + alarm.name + ' ',
               alarmBadge(alarm.state)),
            el('p', {}, alarm.state_reason || ''),
            timeline(history),
            table(['When', 'From', 'To', 'Reason'], history.map((h) =>
              el('tr', {}, el('td', {}, time(h.timestamp)),
                 el('td', {}, h.previous || ''), el('td', {}, h.current),
                 el('td', {}, h.reason || ''))), 'State history'));
}

async function policySection(stackPath, policy, alarms, named, onChange) {
  const base = stackPath + '/resources/' +
    encodeURIComponent(policy.resource_name);
  let events = [];
  try {
    events = (await get(base + '/events?sort_dir=desc&limit=50')).events;
  } catch (err) {
    events = [];
  }
  const signals = events.filter(
    (e) => String(e.resource_status).startsWith('SIGNAL'));
  const bound = dependents(policy, named).map((r) => alarms.find(
    (a) => a.resource_name === r.resource_name)).filter(Boolean);
  const signal = el('button', {className: 'danger', onclick: async () => {
    if (await signalResource(
      stackPath, policy.resource_name, 'policy ' + policy.resource_name,
      'The group scales as if an alarm had fired.')) {
      onChange();
    }
  }}, 'Signal\u2026');
  return el('section', {className: 'policy'},
            el('h3', {}, 'Policy ' + policy.resource_name + ' ',
               badge(policy.resource_status), ' ', signal),
            table(['When', 'Outcome', 'What became of it'], signals.map(
              (e) => el('tr', {'data-status': e.resource_status},
                        el('td', {}, time(e.event_time)),
                        el('td', {}, badge(e.resource_status)),
                        el('td', {}, e.resource_status_reason || ''))),
                  `Signals received (${signals.length})`),
            await Promise.all(bound.map(alarmSection)));
}

async function groupSection(stackPath, group, alarms, named, onChange) {
  const g = (await get(stackPath + '/resources/' +
                       encodeURIComponent(group.resource_name) +
                       '/scaling')).scaling_group;
  const facts = [
    ['Size', g.current_size], ['Min', g.min_size], ['Max', g.max_size],
    ['Desired', g.desired_capacity ?? ''],
    ['Cooldown', g.cooldown + ' s' + (g.cooldown_end ?
      ' (until ' + time(g.cooldown_end) + ')' : '')],
    ['Scaling now', g.scaling_in_progress ? 'yes' : 'no'],
    ['Pending adjustments', (g.pending_adjustments || []).length +
      (g.pending_due_at ? ' (due ' + time(g.pending_due_at) + ')' : '')]];
  const policies = dependents(group, named, POLICY_TYPES);
  return el('section', {className: 'group', 'data-group': g.resource_name},
            el('h2', {}, 'Group ' + g.resource_name + ' ',
               badge(group.resource_status)),
            el('dl', {className: 'facts'}, facts.map(([k, v]) => [
              el('dt', {}, k), el('dd', {'data-fact': k}, String(v))])),
            policies.length ? await Promise.all(policies.map(
              (p) => policySection(stackPath, p, alarms, named, onChange))) :
              message('No scaling policy targets this group.'));
}

export async function renderScaling(panel, stack, stackPath, resources,
                                    onChange) {
  const named = byName(resources);
  const groups = resources.filter((r) => GROUP_TYPES.includes(
    r.resource_type));
  if (!groups.length) {
    replace(panel, message('This stack has no autoscaling group.'));
    return;
  }
  let alarms = [];
  try {
    alarms = (await get('/alarms?limit=1000')).alarms.filter(
      (a) => a.stack_id === stack.id);
  } catch (err) {
    alarms = [];
  }
  replace(panel, await Promise.all(groups.map(
    (g) => groupSection(stackPath, g, alarms, named, onChange))));
}
