/** The fields of a compact OCC option symbol ("SPY260306P00650000"). */
export interface OccFields {
  readonly root: string;
  /** YYYY-MM-DD. */
  readonly expiry: string;
  readonly type: 'put' | 'call';
  readonly strike: number;
}

const OCC = /^([A-Z.]{1,6})(\d{2})(\d{2})(\d{2})([PC])(\d{8})$/;

/** Reads a compact OCC symbol; undefined for anything else. */
export function parseOcc(symbol: string): OccFields | undefined {
  const match = OCC.exec(symbol);
  if (!match) return undefined;
  const [, root, yy, mm, dd, type, strike] = match as unknown as [string, string, string, string, string, string, string];
  const [year, month, day] = [2000 + Number(yy), Number(mm), Number(dd)];
  // A real calendar day only: Date.UTC rolls 31 Feb over into March.
  if (month < 1 || month > 12 || day < 1 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  return { root, expiry: `20${yy}-${mm}-${dd}`, type: type === 'P' ? 'put' : 'call', strike: Number(strike) / 1000 };
}
