/** A posted text field, or null when it is missing, repeated or a file. */
export const field = (form: Readonly<Record<string, unknown>>, name: string): string | null => {
  const value = form[name];
  return typeof value === 'string' ? value : null;
};
