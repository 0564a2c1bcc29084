// What every section of bench/RESULTS.md says of a measured number: whether it meets its target,
// and how it is written.

/** true when `value` meets `target`; undefined for report-only figures or figures that did not run. */
export function meetsTarget(value, target) {
  if (!target || typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return target.comparison === '<=' ? value <= target.value : value >= target.value;
}

/** A measured number with about three significant digits: 1234, 56.7, 8.90, 0.12. */
export function formatMeasured(value) {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}
