// The few actions the view offers, each after a confirmation: the API
// call a client would make, under the same policies.
// Each resolves to true once the API took the request, false if cancelled.

import {request} from './api.js';
import {confirmAction} from './dialog.js';

export async function deleteStack(stack, path) {
  if (!await confirmAction('Delete stack ' + stack.stack_name + '?',
                           'Every resource of the stack is deleted.',
                           {verb: 'Delete stack'})) {
    return false;
  }
  await request('DELETE', path);
  return true;
}

export async function cancelUpdate(stack, path) {
  if (!await confirmAction('Cancel the update of ' + stack.stack_name + '?',
                           'The stack rolls back to its previous state.',
                           {verb: 'Cancel update'})) {
    return false;
  }
  await request('POST', path + '/actions', {cancel_update: null});
  return true;
}

// ``stackPath``: the path of the resource's own (maybe nested) stack.
export async function signalResource(stackPath, name, label, why) {
  const data = await confirmAction(
    'Signal ' + label + '?', why ||
      'The resource receives a signal, as from its signal URL.',
    {verb: 'Send signal', input: 'Signal data (JSON, optional)'});
  if (data === false) {
    return false;
  }
  await request('POST', stackPath + '/resources/' +
                encodeURIComponent(name) + '/signal',
                data.trim() ? JSON.parse(data) : {});
  return true;
}
