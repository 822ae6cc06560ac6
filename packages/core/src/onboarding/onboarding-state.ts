import type { LegalDocumentName } from '../legal/document-name.js';
import { legalText } from '../legal/documents.js';
import type { ToolName } from '../operations/tool-names.js';
import type { Services } from '../services.js';

/** One onboarding step: a document to read, then to accept with its own tool. */
interface Requirement {
  readonly document: LegalDocumentName;
  readonly acceptTool: ToolName;
  readonly verb: string;
}

/** Onboarding is complete when the current EUA is accepted and the current risk disclosure acknowledged. */
const REQUIREMENTS: readonly Requirement[] = [
  { document: 'eua', acceptTool: 'accept_eua', verb: 'accept' },
  { document: 'risk-disclosure', acceptTool: 'acknowledge_risk', verb: 'acknowledge' },
];

export interface StepStatus {
  readonly document: LegalDocumentName;
  readonly title: string;
  readonly version: string;
  readonly read: boolean;
  readonly accepted: boolean;
}

export interface NextStep {
  readonly tool: ToolName;
  readonly document: LegalDocumentName;
  /** A sentence telling the caller what to do. */
  readonly instruction: string;
}

export interface OnboardingState {
  readonly complete: boolean;
  readonly steps: readonly StepStatus[];
  readonly next: NextStep | null;
}

/** Where a user stands: a new version of a document counts as not yet accepted. */
export async function onboardingState(userId: string, services: Services): Promise<OnboardingState> {
  const acceptances = await services.onboarding.acceptances(userId);
  const steps = await Promise.all(
    REQUIREMENTS.map(async ({ document }): Promise<StepStatus> => {
      const { title, version } = legalText(document);
      const accepted = acceptances.some((a) => a.document === document && a.version === version);
      const read = accepted || (await services.onboarding.hasRead(userId, document, version));
      return { document, title, version, read, accepted };
    }),
  );
  const pending = REQUIREMENTS.findIndex((_, i) => steps[i]?.accepted !== true);
  const requirement = REQUIREMENTS[pending];
  const step = steps[pending];
  return { complete: pending === -1, steps, next: requirement && step ? nextStep(requirement, step) : null };
}

function nextStep(requirement: Requirement, step: StepStatus): NextStep {
  return step.read
    ? {
        tool: requirement.acceptTool,
        document: step.document,
        instruction: `Call ${requirement.acceptTool} once the user has agreed to ${step.title} (version ${step.version}).`,
      }
    : {
        tool: 'get_legal_document',
        document: step.document,
        instruction: `Call get_legal_document(name='${step.document}'), show ${step.title} to the user, then call ${requirement.acceptTool} to ${requirement.verb} it.`,
      };
}
