import type { ClientMetadataDocuments, FetchedDocument } from '@condor/core';

/** Client ID Metadata Documents from a table: a URL's document, or the failure it is set to answer; each fetch is recorded. */
export class FixtureClientDocuments implements ClientMetadataDocuments {
  readonly fetched: string[] = [];
  private readonly answers = new Map<string, FetchedDocument>();

  /** Serves `document` at `url` (or, given a string, fails there with that reason). */
  set(url: string, document: unknown): this {
    this.answers.set(url, typeof document === 'string' ? { ok: false, reason: document } : { ok: true, document });
    return this;
  }

  fetch(url: string): Promise<FetchedDocument> {
    this.fetched.push(url);
    return Promise.resolve(this.answers.get(url) ?? { ok: false, reason: 'the server answered 404' });
  }
}
