import type { JsonObject } from '@condor/core';

/**
 * A JSON document kept as its text, as the SQL stores keep it: every read parses a fresh copy, so no
 * caller can change stored state, and a value that does not survive JSON (undefined, NaN, a Date)
 * comes back as it would from the database.
 */
export class JsonText {
  private readonly text: string;

  constructor(document: JsonObject) {
    this.text = JSON.stringify(document);
  }

  read(): JsonObject {
    return JSON.parse(this.text) as JsonObject;
  }
}
