import { describe, expect, it } from 'vitest';
import { answering, FORM_ELICITATION, humanServices, proposer } from './approval-world.js';
import { connectHttp, connectStdioLike, expectToolOk, httpHandlerFor, type Connected } from './support.js';

const PUBLIC_URL = 'https://condor.example';
const URL_ELICITATION = { elicitation: { url: {} } };

type Where = 'modern over HTTP' | 'legacy over stdio';

async function clientOf(services: ReturnType<typeof humanServices>, where: Where, token: string, capabilities: Record<string, unknown>): Promise<Connected> {
  if (where === 'legacy over stdio') return connectStdioLike(services, { credential: token, capabilities });
  const client = await connectHttp(httpHandlerFor(services), 'modern', capabilities);
  client.bearer = token;
  return client;
}

describe.each(['modern over HTTP', 'legacy over stdio'] as const)('get_broker_keys_link (%s)', (where) => {
  it('opens the keys page by URL-mode elicitation where the client takes it, and answers the same link', async () => {
    const services = humanServices({ publicUrl: PUBLIC_URL });
    const ann = await proposer(services);
    const client = await clientOf(services, where, ann.token, URL_ELICITATION);
    const asked = answering(client, { action: 'accept' });

    const answer = expectToolOk(await client.call('get_broker_keys_link'));

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ mode: 'url', url: answer.url });
    expect(asked[0]?.message).toContain('never through this conversation');
    expect(answer.url).toMatch(/^https:\/\/condor\.example\/broker-keys\/\S+$/);
    expect(answer.next_tool).toBe('connect_broker');
  });

  it('only answers the link to a client without URL-mode elicitation', async () => {
    const services = humanServices({ publicUrl: PUBLIC_URL });
    const ann = await proposer(services);
    const client = await clientOf(services, where, ann.token, FORM_ELICITATION);
    const asked = answering(client, { action: 'accept', content: {} });

    expect(expectToolOk(await client.call('get_broker_keys_link')).url).toMatch(/^https:\/\/condor\.example\/broker-keys\//);
    expect(asked).toHaveLength(0);
  });

  it('does not elicit a relative link (a deployment without a public URL)', async () => {
    const services = humanServices();
    const ann = await proposer(services);
    const client = await clientOf(services, where, ann.token, URL_ELICITATION);
    const asked = answering(client, { action: 'accept' });

    expect(expectToolOk(await client.call('get_broker_keys_link')).url).toMatch(/^\/broker-keys\//);
    expect(asked).toHaveLength(0);
  });
});
