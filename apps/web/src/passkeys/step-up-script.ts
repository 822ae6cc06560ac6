import { WEBAUTHN_BUNDLE_PATH } from './webauthn-bundle.js';

/**
 * A form that asks for the passkey (`form[data-step-up]`: the approval page's Approve where a passkey is required,
 * an API key or an OAuth consent with the trade scope): unless its `input[data-needs-passkey]` is left unticked, the
 * submit first posts the form's fields to its options URL, lets the browser ask for the passkey, then submits again
 * (same button) with the assertion in `passkey_challenge` and `passkey_response`. Deny, or a grant without the trade
 * scope, posts at once; a refused prompt puts the page's buttons back and says why, posting nothing.
 */
export const STEP_UP_SCRIPT = `(() => {
  const form = document.querySelector('form[data-step-up]');
  if (!form) return;
  const status = form.querySelector('[data-role="step-up-status"]');
  const library = document.createElement('script');
  library.src = ${JSON.stringify(WEBAUTHN_BUNDLE_PATH)};
  library.nonce = document.currentScript.nonce;
  document.head.append(library);
  const needed = () => {
    const box = form.querySelector('input[data-needs-passkey]');
    return box === null || box.checked;
  };
  const release = () => {
    for (const button of document.querySelectorAll('form button')) {
      delete button.dataset.pressed;
      button.disabled = false;
    }
  };
  form.addEventListener('submit', async (event) => {
    const submitter = event.submitter;
    if (form.dataset.signed || (submitter && submitter.value === 'deny') || !needed()) return;
    event.preventDefault();
    status.textContent = 'Follow your browser’s passkey prompt…';
    try {
      const fields = new URLSearchParams(new FormData(form));
      const answer = await fetch(form.dataset.optionsUrl, { method: 'POST', body: fields, credentials: 'same-origin' });
      const body = await answer.json().catch(() => ({ error: 'condor refused this (' + answer.status + '). Reload the page and try again.' }));
      if (!answer.ok) throw new Error(body.error);
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: body.options });
      } catch (error) {
        throw new Error('Your passkey did not answer (' + error.name + '), so nothing was granted.');
      }
      form.elements.passkey_challenge.value = body.options.challenge;
      form.elements.passkey_response.value = JSON.stringify(response);
      form.dataset.signed = 'yes';
      form.requestSubmit(submitter);
    } catch (error) {
      status.textContent = error.message;
      status.dataset.state = 'refused';
      setTimeout(release, 0);
    }
  });
})();`;
