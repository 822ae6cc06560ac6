import * as v from 'valibot';

const described = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

/** The six rules a rule set is made of: how it enters and how it manages, not which contracts. */
export const RULE_FIELDS = {
  short_delta: described(v.number(), 'Target |delta| of both short strikes at entry.'),
  wing_width: described(v.number(), 'Dollars between each short strike and its long strike.'),
  entry_dte: described(v.number(), 'Target calendar days to expiry at entry (the nearest weekly expiry within dte_min..dte_max).'),
  profit_take_pct: described(v.nullable(v.number()), 'Close at this share of the entry credit in profit; null: never.'),
  management_dte: described(v.nullable(v.number()), 'Close with this many calendar days or fewer left; null: hold to expiry.'),
  stop_loss_multiple: described(v.nullable(v.number()), 'Close at a loss of this multiple of the entry credit; null: no stop.'),
};
