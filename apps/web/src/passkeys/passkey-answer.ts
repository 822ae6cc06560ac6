import type { PasskeyAnswer } from '@condor/core';

/** The passkey's answer a page's script posted, or null when the form came without one (no JavaScript, none asked). */
export function passkeyAnswer(challenge: string | null, response: string | null): PasskeyAnswer | null {
  if (challenge === null || challenge === '' || response === null || response === '') return null;
  try {
    return { challenge, response: JSON.parse(response) as unknown };
  } catch {
    return { challenge, response: null };
  }
}
