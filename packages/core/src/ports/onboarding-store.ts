import type { LegalDocumentName } from '../legal/document-name.js';

/** That a user read, or accepted, one version of a legal document, and when. */
export interface DocumentEvent {
  readonly userId: string;
  readonly document: LegalDocumentName;
  readonly version: string;
  readonly at: number;
}

/** Which documents each user read and accepted, by version. */
export interface OnboardingStore {
  /** Records a read; reading the same version again keeps the first time. */
  recordRead(event: DocumentEvent): Promise<void>;
  hasRead(userId: string, document: LegalDocumentName, version: string): Promise<boolean>;
  /** Records an acceptance once per (user, document, version), atomically: 'already' for every later one. */
  recordAcceptance(event: DocumentEvent): Promise<'recorded' | 'already'>;
  /** Every acceptance of the user, any version. */
  acceptances(userId: string): Promise<readonly DocumentEvent[]>;
}
