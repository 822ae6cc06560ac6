/** A legal document shipped with the service, as `get_legal_document` serves it. */
export interface LegalText {
  /** The name `get_legal_document` takes. */
  readonly name: 'eua' | 'risk-disclosure' | 'broker-authorization';
  readonly title: string;
  /** The date this text took effect, e.g. '2026-11-21'. A new version must be read and accepted again. */
  readonly version: string;
  /** Markdown, shown to the user as is; its SHA-256 identifies what the user saw. */
  readonly text: string;
}
