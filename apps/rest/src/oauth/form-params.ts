import type { Context } from 'hono';

/** Every value of every field of a form-encoded body; anything else (JSON, a file, a broken body) has no fields. */
export async function formParams(c: Context): Promise<Readonly<Record<string, readonly string[]>>> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) return {};
  const params = new URLSearchParams(await c.req.text().catch(() => ''));
  const fields: Record<string, string[]> = {};
  for (const [name, value] of params) (fields[name] ??= []).push(value);
  return fields;
}

/** A field given exactly once, else null (RFC 6749 §3.2: parameters MUST NOT be repeated). */
export const single = (fields: Readonly<Record<string, readonly string[]>>, name: string): string | null => {
  const values = fields[name] ?? [];
  return values.length === 1 ? (values[0] ?? null) : null;
};
