// Confirmation before an action: a modal dialog, Cancel focused first.

import {el} from './dom.js';

// Resolves to false (cancelled), true, or the text typed when ``input``
// is given (the signal's data).
export function confirmAction(title, text, {verb, input} = {}) {
  return new Promise((resolve) => {
    const field = input ? el('textarea', {id: 'dialog-input', rows: 4,
                                          'aria-label': input}) : null;
    const cancel = el('button', {type: 'button'}, 'Cancel');
    const ok = el('button', {type: 'button', className: 'danger',
                             id: 'dialog-confirm'}, verb || 'Confirm');
    const dialog = el('dialog', {'aria-labelledby': 'dialog-title',
                                 className: 'confirm'},
                      el('h2', {id: 'dialog-title'}, title),
                      el('p', {}, text),
                      field ? el('label', {for: 'dialog-input'}, input) : null,
                      field,
                      el('div', {className: 'buttons'}, cancel, ok));
    const finish = (value) => {
      dialog.close();
      dialog.remove();
      resolve(value);
    };
    cancel.addEventListener('click', () => finish(false));
    ok.addEventListener('click', () => finish(field ? field.value : true));
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(false);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
