/** Whether `text` can be one of `Ids.opaqueToken()`'s tokens (URL-safe base64); anything else is never looked up. */
export const isOpaqueToken = (text: string): boolean => /^[A-Za-z0-9_-]{16,128}$/.test(text);
