import {
  BASIS_LABELS,
  EVIDENCE_LABELS,
  type EvidenceKind,
  type StaffValuationView,
  VALUATION_NOTE,
  type ValuationView,
} from '../../../contract/valuations';
import type { Comparable, Valuation } from './engine/types';

/** How many comparables the public answer shows as examples. */
const EXAMPLES = 5;
/** How many the staff answer lists one by one (the count is always complete). */
const STAFF_ITEMS = 40;

const example = (c: Comparable) => ({
  kind: c.obs.kind as EvidenceKind,
  kindLabel: EVIDENCE_LABELS[c.obs.kind],
  title: c.obs.title,
  year: c.obs.year,
  odo: c.obs.odo,
  price: c.obs.price,
  province: c.obs.province,
  seenOn: c.obs.seenOn,
});

function core(v: Valuation) {
  return {
    car: v.car,
    estimate: v.estimate,
    low: v.low,
    high: v.high,
    confidence: v.confidence,
    basis: v.basis,
    basisLabel: BASIS_LABELS[v.basis],
    fallback: v.fallback,
    reference: v.reference,
    adjustments: v.adjustments,
    rates: { perYear: v.rates.perYear, per10000Km: v.rates.per10000Km },
    odometerNote: v.odometerNote,
    note: VALUATION_NOTE,
  };
}

/**
 * The visitor's answer. A sale's price is the showroom's business: sales count in the estimate but are
 * never shown as examples to the public.
 */
export function publicView(v: Valuation): ValuationView {
  return {
    ...core(v),
    comparables: {
      count: v.comparables.length,
      examples: v.comparables
        .filter((c) => c.obs.kind !== 'sale')
        .slice(0, EXAMPLES)
        .map(example),
    },
  };
}

export function staffView(v: Valuation): StaffValuationView {
  return {
    ...core(v),
    comparables: {
      count: v.comparables.length,
      examples: v.comparables.slice(0, EXAMPLES).map(example),
      items: v.comparables.slice(0, STAFF_ITEMS).map((c) => ({
        ...example(c),
        carId: c.obs.carId,
        source: c.obs.source,
        adjustedPrice: c.adjustedPrice,
        share: Math.round(c.share * 10_000) / 10_000,
      })),
    },
  };
}
