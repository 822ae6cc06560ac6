import * as v from 'valibot';
import { ResultAsync } from 'neverthrow';
import { defineOperation, READ_ONLY } from '../operations/operation.js';
import { LEGAL_DOCUMENT_NAMES } from './document-name.js';
import { legalText } from './documents.js';

export const getLegalDocument = defineOperation({
  name: 'get_legal_document',
  title: 'Read a legal document',
  description:
    "Returns the current version of a legal document — 'eua' (End-User Agreement), 'risk-disclosure' or " +
    "'broker-authorization' — with its SHA-256, and records that the caller read that version. Show the text " +
    'to the user before accepting it (accept_eua, acknowledge_risk, connect_broker).',
  input: v.strictObject({
    name: v.pipe(v.picklist(LEGAL_DOCUMENT_NAMES), v.description("'eua', 'risk-disclosure' or 'broker-authorization'.")),
  }),
  output: v.object({
    name: v.picklist(LEGAL_DOCUMENT_NAMES),
    title: v.string(),
    version: v.string(),
    sha256: v.pipe(v.string(), v.description('Hex SHA-256 of text: what the user saw.')),
    text: v.pipe(v.string(), v.description('Markdown.')),
  }),
  access: 'user',
  needsBroker: false,
  quota: false,
  rest: { method: 'GET', path: '/legal-documents/:name' },
  // Reading is recorded, so it is not strictly read-only; it is safe to repeat.
  annotations: { ...READ_ONLY, readOnlyHint: false, idempotentHint: true },
  fieldRules: { name: { code: 'INVALID_DOCUMENT' } },
  errors: ['INVALID_DOCUMENT'],
  handler: ({ name }, { services, caller }) => {
    const doc = legalText(name);
    const read = { userId: caller.userId, document: name, version: doc.version, at: services.clock.now() };
    return ResultAsync.fromSafePromise(services.onboarding.recordRead(read)).map(() => ({
      name: doc.name,
      title: doc.title,
      version: doc.version,
      sha256: services.digest.sha256(doc.text),
      text: doc.text,
    }));
  },
});
