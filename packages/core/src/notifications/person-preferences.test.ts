import { createTestServices } from '@condor/testkit';
import { describe, expect, it } from 'vitest';
import { CHANNELS, NEWS_KINDS } from './news.js';
import { isFixedChoice, personPreferences, preferenceField, setPersonPreferences } from './person-preferences.js';
import { ALWAYS_MAILED, DEFAULT_NEWS_PREFERENCES } from './preferences.js';

const ANN = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

describe("a person's news preferences", () => {
  it('are the defaults until the person chooses', async () => {
    expect((await personPreferences(createTestServices(), ANN))._unsafeUnwrap()).toEqual(DEFAULT_NEWS_PREFERENCES);
  });

  it('store exactly the boxes ticked, the always-mailed kinds’ mail on whatever was sent, for that person only', async () => {
    const services = createTestServices();
    const ticked = new Set([preferenceField('position_alert', 'push'), preferenceField('order_ended', 'mail'), 'news.nonsense.push', 'csrf_token']);
    const saved = (await setPersonPreferences(services, ANN, ticked))._unsafeUnwrap();
    expect(saved).toEqual({
      proposal_waiting: { push: false, mail: false },
      position_alert: { push: true, mail: false },
      order_ended: { push: false, mail: true },
      link_failed: { push: false, mail: true },
      security: { push: false, mail: true },
    });
    expect((await personPreferences(services, ANN))._unsafeUnwrap()).toEqual(saved);
    expect((await personPreferences(services, BOB))._unsafeUnwrap()).toEqual(DEFAULT_NEWS_PREFERENCES);
  });

  it('fix only the mail of the always-mailed kinds (security, a broker refusing the link)', () => {
    const fixed = NEWS_KINDS.flatMap((kind) => CHANNELS.filter((channel) => isFixedChoice(kind, channel)).map((channel) => `${kind}.${channel}`));
    expect(fixed).toEqual(ALWAYS_MAILED.map((kind) => `${kind}.mail`).sort());
    expect(fixed).toContain('security.mail');
  });
});
