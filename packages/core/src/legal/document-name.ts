/** The legal documents of the service, by the `name` `get_legal_document` takes. */
export const LEGAL_DOCUMENT_NAMES = ['eua', 'risk-disclosure', 'broker-authorization'] as const;

export type LegalDocumentName = (typeof LEGAL_DOCUMENT_NAMES)[number];
