/** A value that survives `JSON.stringify` / `JSON.parse` unchanged: what stores keep as documents. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** A JSON object. */
export type JsonObject = { readonly [key: string]: Json };
