// Simple linear regression y = intercept + slope·x by ordinary least squares.
// Slope and intercept come from simple-statistics' `linearRegression` (mean-centred sums);
// R² from simple-statistics' `rSquared`, which is the correct 1 - SSres/SStot (we do NOT copy
// criterion.rs' `Slope::r_squared`, whose ss_tot is accumulated wrongly — docs/platform-notes.md P28).
// Standard errors are hand-written (simple-statistics has none): the textbook formulas
//   s² = SSres / (n - 2),  se(slope) = s / √Sxx,  se(intercept) = s·√(1/n + x̄²/Sxx)
// (e.g. Draper & Smith, Applied Regression Analysis, 3rd ed., §1.4), checked on NIST StRD Norris.

import { linearRegression, rSquared } from 'simple-statistics';

export interface OlsFit {
  slope: number;
  intercept: number;
  /** Coefficient of determination 1 - SSres/SStot; 1 when y is constant and fitted exactly. */
  r2: number;
  /** Standard error of the slope; NaN with fewer than 3 points. */
  slopeStdErr: number;
  /** Standard error of the intercept; NaN with fewer than 3 points. */
  interceptStdErr: number;
  /** Residual standard deviation √(SSres/(n-2)); NaN with fewer than 3 points. */
  residualStdDev: number;
  n: number;
}

function checkXY(x: readonly number[], y: readonly number[], min: number): void {
  if (x.length !== y.length) throw new RangeError(`regression: x and y differ in length (${x.length} vs ${y.length})`);
  if (x.length < min) throw new RangeError(`regression: need at least ${min} points, got ${x.length}`);
}

export function ols(x: readonly number[], y: readonly number[]): OlsFit {
  checkXY(x, y, 2);
  const n = x.length;
  let mx = 0;
  for (const v of x) mx += v;
  mx /= n;
  let sxx = 0;
  for (const v of x) sxx += (v - mx) * (v - mx);
  if (sxx === 0) throw new RangeError('regression: all x values are equal, the slope is undefined');
  const pairs = x.map((xi, i) => [xi, y[i]]);
  const { m: slope, b: intercept } = linearRegression(pairs);
  const predict = (xi: number): number => intercept + slope * xi;
  let ssRes = 0;
  let ssTot = 0;
  let my = 0;
  for (const v of y) my += v;
  my /= n;
  for (let i = 0; i < n; i++) {
    ssRes += (y[i] - predict(x[i])) ** 2;
    ssTot += (y[i] - my) ** 2;
  }
  // simple-statistics' rSquared divides by SStot: 0/0 when y is constant. A constant y is
  // fitted exactly by slope 0, so R² is 1 there by convention.
  const r2 = ssTot === 0 ? 1 : rSquared(pairs, predict);
  const s = n > 2 ? Math.sqrt(ssRes / (n - 2)) : NaN;
  return {
    slope,
    intercept,
    r2,
    slopeStdErr: s / Math.sqrt(sxx),
    interceptStdErr: s * Math.sqrt(1 / n + (mx * mx) / sxx),
    residualStdDev: s,
    n,
  };
}

export interface OriginFit {
  slope: number;
  slopeStdErr: number;
  residualStdDev: number;
  /** Uncentred R² = 1 - SSres/Σy², the convention for no-intercept models (NIST StRD NoInt). */
  r2: number;
  n: number;
}

/** Least squares through the origin, y = slope·x: slope = Σxy/Σx², s² = SSres/(n-1). */
export function olsThroughOrigin(x: readonly number[], y: readonly number[]): OriginFit {
  checkXY(x, y, 1);
  const n = x.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += x[i] * y[i];
    sxx += x[i] * x[i];
    syy += y[i] * y[i];
  }
  if (sxx === 0) throw new RangeError('regression: all x values are 0, the slope is undefined');
  const slope = sxy / sxx;
  let ssRes = 0;
  for (let i = 0; i < n; i++) ssRes += (y[i] - slope * x[i]) ** 2;
  const s = n > 1 ? Math.sqrt(ssRes / (n - 1)) : NaN;
  return { slope, slopeStdErr: s / Math.sqrt(sxx), residualStdDev: s, r2: syy === 0 ? 1 : 1 - ssRes / syy, n };
}
