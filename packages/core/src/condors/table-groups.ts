import { SEPARATE_COLUMNS, type Columns } from '../columns/columns.js';
import { legColumns } from './leg-columns.js';
import type { GroupInfo } from './scoring.js';
import { shortLegs, spreadTable, type SpreadTable } from './spread-table.js';
import type { ExpiryChain, SearchCriteria, SearchMarket } from './types.js';

/** The spreads of one (expiry, width) with both sides present. */
export interface TableGroup {
  readonly info: GroupInfo;
  readonly puts: SpreadTable;
  readonly calls: SpreadTable;
}

/** The put and call spreads per expiry and width, ordered by expiry then width: O(expiries × strikes × widths). */
export function tableGroups(market: SearchMarket, chains: readonly ExpiryChain[], criteria: SearchCriteria, columns: Columns = SEPARATE_COLUMNS): TableGroup[] {
  const widths = [...new Set(criteria.widths)].sort((a, b) => a - b);
  const groups: TableGroup[] = [];
  for (const chain of [...chains].sort((a, b) => a.expiry.localeCompare(b.expiry))) {
    const { put, call } = legColumns(market, chain, criteria, columns);
    const putShorts = shortLegs(put, criteria, columns);
    const callShorts = shortLegs(call, criteria, columns);
    if (putShorts.length === 0 || callShorts.length === 0) continue;
    for (const width of widths) {
      const group = { info: { expiry: chain.expiry, dte: chain.dte, years: chain.years, width }, puts: spreadTable(put, putShorts, width, columns), calls: spreadTable(call, callShorts, width, columns) };
      if (group.puts.length > 0 && group.calls.length > 0) groups.push(group);
    }
  }
  return groups;
}
