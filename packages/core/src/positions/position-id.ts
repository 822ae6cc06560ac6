import * as v from 'valibot';

export const PositionId = v.pipe(v.string(), v.uuid(), v.description('The position_id of a service-managed position, from get_positions.'));

/** An OCC option symbol in its compact (Alpaca) form, e.g. SPY261218P00540000; lower case is accepted. */
export const OccSymbol = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z][A-Z0-9.]{0,5}\d{6}[CP]\d{8}$/, 'symbol must be an OCC option symbol such as SPY261218P00540000.'),
  v.description('An OCC option symbol held at the broker, e.g. SPY261218P00540000.'),
);

/** Whether a text is shaped like a UUID (the service's proposal ids, which become client order ids). */
export const isUuid = (text: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
