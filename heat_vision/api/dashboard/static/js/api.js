// The v1 API, called with the caller's own credential.
//
// The project and an optional Keystone token live in sessionStorage (this
// tab only, gone when it closes). Nothing else is kept in the browser.

const KEY = 'heat-vision.session';

export function session() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY)) || null;
  } catch (err) {
    return null;
  }
}

export function setSession(project, token) {
  sessionStorage.setItem(KEY, JSON.stringify({project, token: token || ''}));
}

export function clearSession() {
  sessionStorage.removeItem(KEY);
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// Counts the requests a view makes, for the tests and the benchmark.
export const stats = {requests: 0};

function errorText(status, body) {
  const err = body && body.error;
  if (err) {
    return (err.message || err.type || '') + (err.explanation ? ': ' +
      err.explanation : '');
  }
  return body && body.explanation || ('HTTP ' + status);
}

// The API's root: where /dashboard/ is (a proxy may have put it below a
// path of its own).
const ROOT = location.pathname.replace(/\/dashboard(\/.*)?$/, '');

// ``path`` is below /v1/{project}: "/stacks".
export async function request(method, path, body) {
  const current = session();
  if (!current) {
    throw new ApiError(401, 'Not signed in');
  }
  const url = ROOT + '/v1/' + encodeURIComponent(current.project) + path;
  const headers = {'Accept': 'application/json'};
  if (current.token) {
    headers['X-Auth-Token'] = current.token;
  }
  const init = {method, headers, credentials: 'omit', cache: 'no-store'};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  stats.requests += 1;
  const response = await fetch(url, init);
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (err) {
      data = {explanation: text.slice(0, 200)};
    }
  }
  if (!response.ok) {
    throw new ApiError(response.status, errorText(response.status, data));
  }
  return data;
}

export const get = (path) => request('GET', path);

// The path below /v1/{project} of a link's href ("/stacks/n/id").
export function linkPath(item, rel) {
  const found = (item.links || []).find((l) => l.rel === rel);
  return found ? new URL(found.href, location.href).pathname.replace(
    /^.*?\/v1\/[^/]+/, '') : null;
}

export function stackPath(stack) {
  return '/stacks/' + encodeURIComponent(stack.stack_name) + '/' +
    encodeURIComponent(stack.id);
}
