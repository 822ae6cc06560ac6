import * as v from 'valibot';
import { FLAG_CODES } from './trade-flags.js';

export const TradeFlagView = v.object({
  code: v.pipe(
    v.picklist(FLAG_CODES),
    v.description(
      'earnings_before_expiry, early_assignment_risk (a short call in the money with less time value than a dividend going ex before expiry), ' +
        'holiday_before_expiry, early_close_before_expiry, outside_regular_hours; earnings_unknown and dividends_unknown when the data source does not say.',
    ),
  ),
  date: v.nullable(v.string()),
  message: v.string(),
});

export const TradeFlagsView = v.pipe(v.array(TradeFlagView), v.description('What to know about the calendar before trading: events before expiry and the session.'));

