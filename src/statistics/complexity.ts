// Asymptotic complexity fit of a parameter sweep: time(n) ≈ a·f(n) for each candidate f.
// Method: Google Benchmark's (src/complexity.cc, `MinimalLeastSq` and `ComputeBigO`): for
// each model the least-squares coefficient through the origin is a = Σ t·f(n) / Σ f(n)²,
// its error is the RMS of the residuals divided by the mean time (a relative RMS, so models
// are compared on one scale), and the model with the lowest relative RMS is chosen.
// log is base 2 as in Google Benchmark; the base only rescales a, never the choice.
// Pure: no formatting (the report layer prints the result).

export type ComplexityModel = 'O(1)' | 'O(log n)' | 'O(n)' | 'O(n log n)' | 'O(n^2)' | 'O(n^3)';

export const COMPLEXITY_MODELS: readonly { model: ComplexityModel; f: (n: number) => number }[] = [
  { model: 'O(1)', f: () => 1 },
  { model: 'O(log n)', f: (n) => Math.log2(n) },
  { model: 'O(n)', f: (n) => n },
  { model: 'O(n log n)', f: (n) => n * Math.log2(n) },
  { model: 'O(n^2)', f: (n) => n * n },
  { model: 'O(n^3)', f: (n) => n * n * n },
];

export interface ModelFit {
  model: ComplexityModel;
  /** Coefficient a of time = a·f(n). */
  coefficient: number;
  /** RMS of residuals / mean time (Google Benchmark's "RMS" column, a fraction). */
  relativeRms: number;
}

export interface ComplexityFit {
  best: ModelFit;
  /** Every candidate, in COMPLEXITY_MODELS order. */
  models: ModelFit[];
}

/** Least squares of time = a·f(n) through the origin, with the relative RMS error. */
export function fitModel(n: readonly number[], time: readonly number[], model: ComplexityModel): ModelFit {
  const entry = COMPLEXITY_MODELS.find((m) => m.model === model);
  if (!entry) throw new RangeError(`fitModel: unknown model ${model}`);
  let sff = 0;
  let sft = 0;
  let st = 0;
  for (let i = 0; i < n.length; i++) {
    const fi = entry.f(n[i]);
    sff += fi * fi;
    sft += fi * time[i];
    st += time[i];
  }
  const coefficient = sff === 0 ? 0 : sft / sff;
  let ss = 0;
  for (let i = 0; i < n.length; i++) ss += (time[i] - coefficient * entry.f(n[i])) ** 2;
  const meanTime = st / n.length;
  const rms = Math.sqrt(ss / n.length);
  return { model, coefficient, relativeRms: meanTime === 0 ? (rms === 0 ? 0 : Infinity) : rms / meanTime };
}

/**
 * Fits every model and picks the lowest relative RMS. Needs at least 2 distinct n ≥ 1
 * (log n is 0 at n = 1, so O(log n) needs n > 1 somewhere to be defined at all).
 */
export function fitComplexity(n: readonly number[], time: readonly number[]): ComplexityFit {
  if (n.length !== time.length)
    throw new RangeError(`fitComplexity: n and time differ in length (${n.length} vs ${time.length})`);
  if (new Set(n).size < 2) throw new RangeError('fitComplexity: need at least 2 distinct values of n');
  if (n.some((v) => !(Number.isFinite(v) && v >= 1)))
    throw new RangeError('fitComplexity: every n must be a finite number >= 1');
  if (time.some((v) => !Number.isFinite(v))) throw new RangeError('fitComplexity: every time must be finite');
  const models = COMPLEXITY_MODELS.map((m) => fitModel(n, time, m.model));
  let best = models[0];
  for (const m of models) if (m.relativeRms < best.relativeRms) best = m;
  return { best, models };
}
