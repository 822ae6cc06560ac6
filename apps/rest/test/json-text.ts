/**
 * JSON text of any depth, written with an explicit stack: JSON.stringify itself overflows the stack
 * near 5,000 levels, and the fuzzer goes deeper than that.
 */
export function jsonText(value: unknown): string {
  const out: string[] = [];
  // Each entry is either a value still to write or text to emit as it is.
  const pending: ({ value: unknown } | { text: string })[] = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown } | { text: string };
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const current = next.value;
    if (Array.isArray(current)) {
      out.push('[');
      pending.push({ text: ']' });
      for (let i = current.length - 1; i >= 0; i -= 1) {
        pending.push({ value: current[i] });
        if (i > 0) pending.push({ text: ',' });
      }
    } else if (current !== null && typeof current === 'object') {
      out.push('{');
      pending.push({ text: '}' });
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i] as [string, unknown];
        pending.push({ value: inner }, { text: `${JSON.stringify(key)}:` });
        if (i > 0) pending.push({ text: ',' });
      }
    } else {
      out.push(current === undefined ? 'null' : JSON.stringify(current));
    }
  }
  return out.join('');
}
