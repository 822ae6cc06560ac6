import type { LegalText } from './texts/legal-text.js';
import { LEGAL_TEXTS } from './texts/index.js';
import type { LegalDocumentName } from './document-name.js';

const BY_NAME = new Map<string, LegalText>(LEGAL_TEXTS.map((doc) => [doc.name, doc]));

/** The current version of a legal document shipped with the service. */
export function legalText(name: LegalDocumentName): LegalText {
  const doc = BY_NAME.get(name);
  if (doc === undefined) throw new Error(`The legal document '${name}' is not shipped.`);
  return doc;
}
