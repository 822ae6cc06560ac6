/**
 * The pages' only script: counts down the seconds left and the seconds until Approve may be pressed (relative to
 * when the page loaded, so the browser's clock does not matter), keeps Approve disabled until then and after
 * expiry (then showing "Get a fresh quote", rendered hidden), and disables both buttons once one is pressed. Without
 * it the page still works: an early Approve is answered "too early" by the server, and a reload shows the expired ticket.
 */
export const COUNTDOWN_SCRIPT = `(() => {
  const loaded = performance.now();
  const remaining = (seconds) => Math.max(0, Math.ceil(Number(seconds) - (performance.now() - loaded) / 1000));
  const approve = document.querySelector('button[data-approve]');
  const note = document.querySelector('[data-approvable-note]');
  const fresh = document.querySelector('[data-shows-at-expiry]');
  const tick = () => {
    if (fresh && remaining(fresh.dataset.showsAtExpiry) === 0) fresh.hidden = false;
    for (const el of document.querySelectorAll('[data-seconds-left]')) {
      const left = remaining(el.dataset.secondsLeft);
      el.textContent = left > 0 ? left + ' s' : 'expired';
    }
    if (approve && !approve.dataset.pressed) {
      const left = remaining(approve.dataset.secondsLeft);
      const wait = remaining(approve.dataset.secondsUntilApprovable);
      approve.disabled = left === 0 || wait > 0;
      const label = approve.dataset.label || 'Approve';
      approve.textContent = left === 0 ? 'Expired' : wait > 0 ? label + ' (in ' + wait + ' s)' : label;
      if (note) note.textContent = left === 0 ? 'This proposal has expired: nothing can be placed.' : wait > 0 ? 'You can approve in ' + wait + ' s.' : 'You can approve now.';
    }
  };
  tick();
  setInterval(tick, 250);
  for (const form of document.querySelectorAll('form[data-once]')) {
    form.addEventListener('submit', () => {
      setTimeout(() => {
        for (const button of document.querySelectorAll('form[data-once] button')) {
          button.dataset.pressed = 'yes';
          button.disabled = true;
        }
      }, 0);
    });
  }
})();`;
