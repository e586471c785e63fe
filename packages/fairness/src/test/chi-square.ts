// The chi-square test used by the statistics tests: upper tail probability of the statistic.

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to about 15 digits for x > 0.
  const c = [
    0.9999999999998099, 676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.61503916999186,
    12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
  ];
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x), the regularized upper incomplete gamma function (series below a + 1, continued fraction above). */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const logPrefix = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 100_000; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(logPrefix);
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 100_000; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(logPrefix) * h;
}

/** The statistic and its p-value for observed counts against uniform (or given) expected counts. */
export function chiSquare(
  observed: readonly number[],
  expected?: readonly number[],
): { statistic: number; pValue: number } {
  const total = observed.reduce((sum, count) => sum + count, 0);
  let statistic = 0;
  observed.forEach((count, index) => {
    const want = expected?.[index] ?? total / observed.length;
    statistic += (count - want) ** 2 / want;
  });
  const degrees = observed.length - 1;
  return { statistic, pValue: upperRegularizedGamma(degrees / 2, statistic / 2) };
}
