/** A fraction 0–1 as a whole percentage: 0.684 → "68%". */
export const percent = (fraction: number): string => `${String(Math.round(fraction * 100))}%`;

/** A fraction 0–1 as a percentage to a tenth: 0.6843 → "68.4%". */
export const tenths = (fraction: number): string => `${(fraction * 100).toFixed(1)}%`;
