import { describe, expect, it } from 'vitest';
import { clientName, declaresFormElicitation } from './client-facts.js';

describe('declaresFormElicitation', () => {
  it.each([
    [{ elicitation: { form: {} } }, true],
    [{ elicitation: { form: {}, url: {} } }, true],
    [{ elicitation: {} }, true], // before modes existed, a bare declaration meant form
    [{ elicitation: { url: {} } }, false],
    [{}, false],
    [undefined, false],
  ])('%j → %s', (capabilities, expected) => {
    expect(declaresFormElicitation(capabilities)).toBe(expected);
  });
});

describe('clientName', () => {
  it('is name/version, capped, or null when the client said nothing', () => {
    expect(clientName({ name: 'claude-ai', version: '1.2.3' })).toBe('claude-ai/1.2.3');
    expect(clientName({ name: 'x'.repeat(500), version: '1' })).toHaveLength(200);
    expect(clientName(undefined)).toBeNull();
  });
});
