// W. J. Cody's rational Chebyshev approximations for the normal distribution function
// (ACM TOMS Algorithm 715, the form R's pnorm runs): relative error near double precision on the
// whole line, tails included, because the exp(-x²/2) factor is split to keep x² exact.
// Coefficients are the published ones in their shortest round-trip double form.
const A = [2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356, 0.06568233791820745];
const B = [47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673];
const C = [
  0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002, 2494.5375852903726,
  6848.190450536283, 11602.65143764735, 9842.714838383978, 1.0765576773720192e-8,
];
const D = [
  22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097,
  34900.95272114598, 38912.00328609327, 19685.429676859992,
];
const P = [0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934, 0.000029112874951168793, 0.023073441764940174];
const Q = [1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824, 0.00007297515550839662];

const INV_SQRT_2PI = 0.3989422804014327;
/** Cody's breakpoints: qnorm(3/4), √32, and where the tail underflows (lower) or rounds to 1 (upper). */
const CENTRAL = 0.67448975;
const SQRT_32 = 5.656854249492381;
const UNDERFLOW = 37.5193;
const ROUNDS_TO_ONE = 8.2924;

const coefficient = (values: readonly number[], index: number): number => values[index] ?? 0;

/** The factor y·(rational) of the tail P(X > y) = exp(−y²/2)·factor, for y > qnorm(3/4). */
function tailFactor(y: number): number {
  if (y <= SQRT_32) {
    let num = coefficient(C, 8) * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + coefficient(C, i)) * y;
      den = (den + coefficient(D, i)) * y;
    }
    return (num + coefficient(C, 7)) / (den + coefficient(D, 7));
  }
  const inv = 1 / (y * y);
  let num = coefficient(P, 5) * inv;
  let den = inv;
  for (let i = 0; i < 4; i++) {
    num = (num + coefficient(P, i)) * inv;
    den = (den + coefficient(Q, i)) * inv;
  }
  return (INV_SQRT_2PI - (inv * (num + coefficient(P, 4))) / (den + coefficient(Q, 4))) / y;
}

/** exp(−y²/2) with −y²/2 split as (−a − b), a exact, so exp keeps full relative accuracy for large y. */
function halfSquareExp(y: number): number {
  const head = Math.trunc(y * 16) / 16;
  return Math.exp(-(head * head * 0.5)) * Math.exp(-((y - head) * (y + head) * 0.5));
}

/** −y²/2 split as (−a − b) with a exact (`halfSquareExp`'s parts, for logs). */
function halfSquareParts(y: number): readonly [number, number] {
  const head = Math.trunc(y * 16) / 16;
  return [head * head * 0.5, (y - head) * (y + head) * 0.5];
}

/** P(X > y) for y > qnorm(3/4); 0 once it underflows. */
function upperTail(y: number): number {
  if (y >= UNDERFLOW) return 0;
  return halfSquareExp(y) * tailFactor(y);
}

/** The central piece: N(x) − 1/2 for |x| ≤ qnorm(3/4). */
function centralOffset(x: number): number {
  const xsq = x * x;
  let num = coefficient(A, 4) * xsq;
  let den = xsq;
  for (let i = 0; i < 3; i++) {
    num = (num + coefficient(A, i)) * xsq;
    den = (den + coefficient(B, i)) * xsq;
  }
  return (x * (num + coefficient(A, 3))) / (den + coefficient(B, 3));
}

/**
 * The standard normal distribution function N(x) = P(X ≤ x), with a relative error of about 1e-16
 * (W. J. Cody's algorithm), also deep in the lower tail (N(−37) ≈ 5.7e-300). NaN in, NaN out.
 *
 * @example normalCdf(0) // 0.5
 * @example normalCdf(-1.959963984540054) // 0.025
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y <= CENTRAL) return 0.5 + centralOffset(x);
  if (x > 0) return x >= ROUNDS_TO_ONE ? 1 : 1 - upperTail(y);
  return upperTail(y);
}

/**
 * ln N(x), accurate where N(x) itself underflows (x < −37.5): there it is −x²/2 plus the log of
 * Cody's tail factor, for x down to about −1e150.
 *
 * @example logNormalCdf(-40) // ≈ -804.608
 */
export function logNormalCdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x > CENTRAL) return Math.log1p(-upperTail(x));
  if (x > -CENTRAL) return Math.log(normalCdf(x));
  const y = -x;
  if (y > 1e150) return Number.NEGATIVE_INFINITY;
  const [head, rest] = halfSquareParts(y);
  return -head - rest + Math.log(tailFactor(y));
}

/**
 * The standard normal density n(x) = exp(−x²/2)/√(2π), with the same split of x² as `normalCdf`.
 *
 * @example normalPdf(0) // 0.3989422804014327
 */
export function normalPdf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  const y = Math.abs(x);
  if (y >= 40) return 0;
  const [head, rest] = halfSquareParts(y);
  return INV_SQRT_2PI * Math.exp(-head) * Math.exp(-rest);
}
