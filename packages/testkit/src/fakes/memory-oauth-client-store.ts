import type { OAuthClientStore, RegisteredClient } from '@condor/core';

/** In-memory OAuthClientStore with the SQL one's semantics: clients kept as JSON text, so copied in and out. */
export class MemoryOAuthClientStore implements OAuthClientStore {
  private readonly byId = new Map<string, string>();

  insert(client: RegisteredClient): Promise<void> {
    if (this.byId.has(client.clientId)) return Promise.reject(new Error('A client with this client_id already exists'));
    this.byId.set(client.clientId, JSON.stringify(client));
    return Promise.resolve();
  }

  find(clientId: string): Promise<RegisteredClient | undefined> {
    const text = this.byId.get(clientId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as RegisteredClient));
  }
}
