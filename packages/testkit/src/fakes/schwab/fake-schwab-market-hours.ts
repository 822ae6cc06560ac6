/** `GET /markets`: each market's session hours on `date`; a weekend is `isOpen: false` with no hours. */
export function marketHoursJson(markets: readonly string[], date: string): Record<string, unknown> {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const open = weekday !== 0 && weekday !== 6;
  const offset = easternOffset(date);
  const at = (time: string): string => `${date}T${time}${offset}`;
  const answer: Record<string, unknown> = {};
  for (const market of markets) {
    if (market === 'equity') {
      answer.equity = {
        EQ: {
          date,
          marketType: 'EQUITY',
          product: 'EQ',
          productName: 'equity',
          isOpen: open,
          ...(open ? { sessionHours: { preMarket: [{ start: at('07:00:00'), end: at('09:30:00') }], regularMarket: [{ start: at('09:30:00'), end: at('16:00:00') }], postMarket: [{ start: at('16:00:00'), end: at('20:00:00') }] } } : {}),
        },
      };
    }
    if (market === 'option') {
      answer.option = {
        EQO: { date, marketType: 'OPTION', product: 'EQO', productName: 'equity option', isOpen: open, ...(open ? { sessionHours: { regularMarket: [{ start: at('09:30:00'), end: at('16:00:00') }] } } : {}) },
        IND: { date, marketType: 'OPTION', product: 'IND', productName: 'index option', isOpen: open, ...(open ? { sessionHours: { regularMarket: [{ start: at('09:30:00'), end: at('16:15:00') }] } } : {}) },
      };
    }
  }
  return answer;
}

/** New York's UTC offset on a date, as Schwab writes it (`-05:00` or `-04:00`). */
function easternOffset(date: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  const hour = Number(noon.toLocaleString('en-US', { timeZone: 'America/New_York', hour: '2-digit', hour12: false }));
  return `-0${String(12 - hour)}:00`;
}
