// Percentiles the way the report uses them: nearest rank over every sample, no interpolation.

export interface Summary {
  p50: number;
  p90: number;
  p99: number;
  mean: number;
  count: number;
}

export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

export function summarise(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), mean: values.length ? mean : Number.NaN, count: values.length };
}
