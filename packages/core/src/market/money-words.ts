/** Dollars as a sentence says them: 2 → "$2.00", -0.5 → "$-0.50". */
export const money = (dollars: number): string => `$${dollars.toFixed(2)}`;
