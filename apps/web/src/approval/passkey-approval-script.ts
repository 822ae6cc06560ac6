import { WEBAUTHN_BUNDLE_PATH } from '../passkeys/webauthn-bundle.js';

/**
 * Approve with a passkey: loads the WebAuthn library from this origin (under this page's nonce), and turns the
 * Approve form's submit into asking condor for options bound to this proposal and its band, the browser's passkey
 * prompt (the person verifies on their authenticator), and the form posted with the assertion. A refused prompt
 * puts the buttons back and says why; nothing is posted.
 */
export const PASSKEY_APPROVAL_SCRIPT = `(() => {
  const form = document.querySelector('form[data-passkey-approve]');
  if (!form) return;
  const status = document.querySelector('[data-role="passkey-status"]');
  const library = document.createElement('script');
  library.src = ${JSON.stringify(WEBAUTHN_BUNDLE_PATH)};
  library.nonce = document.currentScript.nonce;
  document.head.append(library);
  const release = () => {
    for (const button of document.querySelectorAll('form[data-once] button')) {
      delete button.dataset.pressed;
      button.disabled = false;
    }
  };
  form.addEventListener('submit', async (event) => {
    if (form.dataset.signed) return;
    event.preventDefault();
    status.textContent = 'Follow your browser’s passkey prompt…';
    try {
      const answer = await fetch(form.dataset.optionsUrl, { method: 'POST', body: new URLSearchParams({ csrf_token: form.elements.csrf_token.value }), credentials: 'same-origin' });
      const body = await answer.json().catch(() => ({ error: 'condor refused this (' + answer.status + '). Reload the page and try again.' }));
      if (!answer.ok) throw new Error(body.error);
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: body.options });
      } catch (error) {
        throw new Error('Your passkey did not answer (' + error.name + '), so nothing was approved.');
      }
      form.elements.challenge.value = body.options.challenge;
      form.elements.response.value = JSON.stringify(response);
      form.dataset.signed = 'yes';
      form.submit();
    } catch (error) {
      status.textContent = error.message;
      status.dataset.state = 'refused';
      setTimeout(release, 0);
    }
  });
})();`;
