import type { IncomingMessage } from 'node:http';
import type { Refusal } from './fake-tastytrade-orders.js';

/** What the fake answers a request: a status and a JSON body (null: none). */
export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** 200 with tastytrade's `{data, context}` envelope. */
export const answerData = (context: string, data: unknown): Answer => ({ status: 200, body: { data, context } });

/** A refusal in tastytrade's `{error: {code, message, errors?}}` envelope. */
export function answerRefusal(refusal: Refusal): Answer {
  return { status: refusal.status, body: { error: { code: refusal.code, message: refusal.message, ...(refusal.errors ? { errors: refusal.errors } : {}) } } };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}
