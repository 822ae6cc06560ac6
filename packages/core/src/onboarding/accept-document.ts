import type * as v from 'valibot';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { appError, type AppError } from '../errors/app-error.js';
import { softResult } from '../errors/render.js';
import type { LegalDocumentName } from '../legal/document-name.js';
import { legalText } from '../legal/documents.js';
import type { Caller } from '../operations/operation.js';
import type { Services } from '../services.js';
import { onboardingState } from './onboarding-state.js';
import type { Acceptance } from './schemas.js';

/**
 * Accepts the current version of a document the caller has read: DOCUMENT_NOT_READ before the
 * read; the soft `repeatCode` result on a repeat (HTTP 200, not an error).
 */
export function acceptDocument(
  document: LegalDocumentName,
  repeatCode: 'already_accepted' | 'already_acknowledged',
  caller: Caller,
  services: Services,
): ResultAsync<v.InferOutput<typeof Acceptance>, AppError> {
  const { title, version } = legalText(document);
  const event = { userId: caller.userId, document, version, at: services.clock.now() };
  return ResultAsync.fromSafePromise(services.onboarding.hasRead(caller.userId, document, version))
    .andThen((read) => (read ? okAsync(undefined) : errAsync(notRead(document, title, version))))
    .andThen(() => ResultAsync.fromSafePromise(services.onboarding.recordAcceptance(event)))
    .andThen((outcome) =>
      ResultAsync.fromSafePromise(onboardingState(caller.userId, services)).map((state) => ({
        document,
        version,
        accepted: true as const,
        onboarding_complete: state.complete,
        next_tool: state.next?.tool ?? null,
        ...(outcome === 'already' ? softResult(repeatCode) : {}),
      })),
    );
}

const notRead = (document: LegalDocumentName, title: string, version: string): AppError =>
  appError('DOCUMENT_NOT_READ', {
    message: `${title} (version ${version}) must be read before it can be accepted.`,
    suggestion: `Call get_legal_document(name='${document}') and show it to the user, then try again.`,
    expected: `get_legal_document(name='${document}') called for version ${version}`,
    received: { document, version },
  });
