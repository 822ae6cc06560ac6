import * as v from 'valibot';
import { LEGAL_DOCUMENT_NAMES } from '../legal/document-name.js';
import { TOOL_NAMES } from '../operations/tool-names.js';

export const Acceptance = v.object({
  document: v.picklist(LEGAL_DOCUMENT_NAMES),
  version: v.string(),
  accepted: v.literal(true),
  onboarding_complete: v.boolean(),
  next_tool: v.nullable(v.picklist(TOOL_NAMES)),
  error: v.optional(v.pipe(v.string(), v.description("Soft result: 'already_accepted' or 'already_acknowledged' on a repeat."))),
  message: v.optional(v.string()),
  suggestion: v.optional(v.string()),
});

export const OnboardingStatus = v.object({
  complete: v.boolean(),
  steps: v.array(
    v.object({
      document: v.picklist(LEGAL_DOCUMENT_NAMES),
      title: v.string(),
      version: v.string(),
      read: v.boolean(),
      accepted: v.boolean(),
    }),
  ),
  next_tool: v.nullable(v.picklist(TOOL_NAMES)),
  next_step: v.nullable(v.string()),
});
