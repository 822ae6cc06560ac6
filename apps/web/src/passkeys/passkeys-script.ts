import { WEBAUTHN_BUNDLE_PATH } from './webauthn-bundle.js';

/**
 * The passkeys page's script: loads the WebAuthn library from this origin under this page's nonce, then shows Add.
 * Add sends the password typed again and asks condor for creation options, lets the browser create the passkey (the person verifies on their
 * authenticator), and posts the answer back with the session's CSRF token; the page reloads to list it.
 */
export const PASSKEYS_SCRIPT = `(() => {
  const add = document.querySelector('[data-role="add-passkey"]');
  if (!add) return;
  const status = add.querySelector('[data-role="add-status"]');
  const csrf = add.dataset.csrf;
  const post = async (path, fields) => {
    const answer = await fetch(path, { method: 'POST', body: new URLSearchParams({ csrf_token: csrf, ...fields }), credentials: 'same-origin' });
    const body = await answer.json().catch(() => ({ error: 'condor refused this (' + answer.status + '). Reload the page and try again.' }));
    if (!answer.ok) throw new Error(body.error);
    return body;
  };
  const library = document.createElement('script');
  library.src = ${JSON.stringify(WEBAUTHN_BUNDLE_PATH)};
  library.nonce = document.currentScript.nonce;
  library.onload = () => { add.hidden = false; };
  document.head.append(library);
  add.querySelector('button').addEventListener('click', async () => {
    status.textContent = 'Follow your browser’s prompt…';
    try {
      const password = add.querySelector('input[name="password"]');
      const { options } = await post('/passkeys/register/options', { password: password.value });
      password.value = '';
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options });
      } catch (error) {
        throw new Error('Your browser did not create the passkey (' + error.name + '), so nothing was added.');
      }
      const name = add.querySelector('input[name="name"]').value;
      await post('/passkeys/register', { name, challenge: options.challenge, response: JSON.stringify(response) });
      location.assign('/passkeys?added=1');
    } catch (error) {
      status.textContent = error.message;
      status.dataset.state = 'refused';
    }
  });
})();`;
