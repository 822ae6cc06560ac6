import { DESK_PARTS_PATH } from './desk-page.js';

/** How often the desk reads its parts again; each read asks the broker, so not more often than this. */
export const DESK_REFRESH_MS = 10_000;

/**
 * The desk's only script: counts every `data-seconds-left` down (relative to when its part was read, so the
 * browser's clock does not matter), and reads the desk's parts again every few seconds while the tab is shown, and
 * at once when it is shown again. A session that ended reloads the page (the welcome page then). Without it the
 * desk still reads whole; it is only as of its loading.
 */
export const DESK_SCRIPT = `(() => {
  const desk = document.getElementById('desk');
  if (!desk) return;
  let read = performance.now();
  const words = (seconds) => {
    const parts = [[Math.floor(seconds / 3600), 'h'], [Math.floor((seconds % 3600) / 60), 'min'], [seconds % 60, 's']];
    return parts.filter(([n]) => n > 0).map(([n, unit]) => n + ' ' + unit).join(' ');
  };
  const tick = () => {
    for (const el of desk.querySelectorAll('[data-seconds-left]')) {
      const left = Math.max(0, Math.ceil(Number(el.dataset.secondsLeft) - (performance.now() - read) / 1000));
      el.textContent = left > 0 ? el.dataset.prefix + words(left) : el.dataset.done;
    }
  };
  let busy = false;
  const refresh = async () => {
    if (busy || document.visibilityState === 'hidden') return;
    busy = true;
    try {
      const answer = await fetch(${JSON.stringify(DESK_PARTS_PATH)}, { cache: 'no-store', credentials: 'same-origin', redirect: 'manual' });
      if (answer.type === 'opaqueredirect' || answer.status === 401) { location.reload(); return; }
      if (!answer.ok) return;
      const parts = await answer.text();
      desk.innerHTML = parts;
      read = performance.now();
      desk.dataset.refreshed = String(Number(desk.dataset.refreshed || 0) + 1);
      tick();
    } catch {
      // The next refresh tries again.
    } finally {
      busy = false;
    }
  };
  tick();
  setInterval(tick, 250);
  setInterval(refresh, ${String(DESK_REFRESH_MS)});
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') void refresh(); });
})();`;
