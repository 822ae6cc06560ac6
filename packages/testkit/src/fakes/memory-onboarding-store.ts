import type { DocumentEvent, LegalDocumentName, OnboardingStore } from '@condor/core';

const keyOf = (userId: string, document: LegalDocumentName, version: string): string =>
  JSON.stringify([userId, document, version]);

const byTime = (a: DocumentEvent, b: DocumentEvent): number =>
  a.at - b.at || a.document.localeCompare(b.document) || a.version.localeCompare(b.version);

/** In-memory OnboardingStore with the same semantics as the SQL one. */
export class MemoryOnboardingStore implements OnboardingStore {
  private readonly reads = new Map<string, DocumentEvent>();
  private readonly accepted = new Map<string, DocumentEvent>();

  recordRead(event: DocumentEvent): Promise<void> {
    const key = keyOf(event.userId, event.document, event.version);
    if (!this.reads.has(key)) this.reads.set(key, { ...event });
    return Promise.resolve();
  }

  hasRead(userId: string, document: LegalDocumentName, version: string): Promise<boolean> {
    return Promise.resolve(this.reads.has(keyOf(userId, document, version)));
  }

  recordAcceptance(event: DocumentEvent): Promise<'recorded' | 'already'> {
    const key = keyOf(event.userId, event.document, event.version);
    if (this.accepted.has(key)) return Promise.resolve('already');
    this.accepted.set(key, { ...event });
    return Promise.resolve('recorded');
  }

  acceptances(userId: string): Promise<readonly DocumentEvent[]> {
    return Promise.resolve([...this.accepted.values()].filter((e) => e.userId === userId).sort(byTime));
  }
}
