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

// Counts the requests a view makes and the graph reads answered 304 (no
// change), for the tests and the benchmark.
export const stats = {requests: 0, unchanged: 0};
window.hvApiStats = stats;

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

function headersOf(current) {
  const headers = {'Accept': 'application/json'};
  if (current.token) {
    headers['X-Auth-Token'] = current.token;
  }
  return headers;
}

function currentSession() {
  const current = session();
  if (!current) {
    throw new ApiError(401, 'Not signed in');
  }
  return current;
}

async function bodyOf(response) {
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

// ``path`` is below /v1/{project}: "/stacks".
export async function request(method, path, body) {
  const current = currentSession();
  const url = ROOT + '/v1/' + encodeURIComponent(current.project) + path;
  const headers = headersOf(current);
  const init = {method, headers, credentials: 'omit', cache: 'no-store'};
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  stats.requests += 1;
  return bodyOf(await fetch(url, init));
}

// What the graph of the stack at ``stackPath`` ("/stacks/n/id") shows,
// in one request (/dashboard/api/...). With the ``etag`` of the last
// answer: null while nothing changed (a bodiless 304).
// :returns: {etag, graph} or null.
export async function readGraph(stackPath, etag) {
  const current = currentSession();
  const url = ROOT + '/dashboard/api/' + encodeURIComponent(current.project) +
    stackPath + '/graph';
  const headers = headersOf(current);
  if (etag) {
    headers['If-None-Match'] = etag;
  }
  stats.requests += 1;
  const response = await fetch(url, {method: 'GET', headers,
                                     credentials: 'omit', cache: 'no-store'});
  if (response.status === 304) {
    stats.unchanged += 1;
    return null;
  }
  const graph = await bodyOf(response);
  return {etag: response.headers.get('ETag'), graph};
}

export const get = (path) => request('GET', path);

export function stackPath(stack) {
  return '/stacks/' + encodeURIComponent(stack.stack_name) + '/' +
    encodeURIComponent(stack.id);
}
