import { createHash } from 'node:crypto';

/**
 * The `Topic` header for a caller's topic (RFC 8030 §5.4: at most 32 characters of the base64url alphabet): a
 * digest, so the same topic always replaces its own earlier push and says nothing of what it is about.
 * @example
 * pushTopic('proposal:7f3a') // 'q0-Yk…' (32 characters)
 */
export function pushTopic(topic: string): string {
  return createHash('sha256').update(topic).digest('base64url').slice(0, 32);
}
