import type { ValuationConfidence } from '../../../contract/valuations';
import type { Refusal, ValuationQuery } from './engine/types';

/** Where a person values the car instead, in a refusal (the 422's `manualValuation`, and `range`'s). */
export interface ManualValuation {
  consultingPath: string;
  hotline: string | null;
  reason: Refusal['reason'];
  /** The reason in words, without the offer ("Chưa có dữ liệu giá của Chevrolet Colorado."). */
  detail: string;
}

/** The car `ValuationsService.range` takes: a name or brand and model, a year; the rest when known. */
export type RangeQuery = Omit<ValuationQuery, 'odo' | 'at' | 'excludeCarIds'> & {
  /** Kilometres; when unknown, the usual for the car's age is assumed (and `odoAssumed` says so). */
  odo?: number;
};

export type RangeAnswer =
  | {
      ok: true;
      car: { brand: string; model: string; version: string; year: number; odo: number };
      estimate: number;
      low: number;
      high: number;
      confidence: ValuationConfidence;
      /** "Xe cùng phiên bản", "Xe cùng dòng" or "Xe cùng phân khúc". */
      basisLabel: string;
      comparables: number;
      odoAssumed: boolean;
      odometerNote: string | null;
      /** One Vietnamese sentence with the car, the km, the range and the estimate. */
      summary: string;
    }
  | {
      ok: false;
      reason: Refusal['reason'];
      /** The refusal as the public 422 words it, with the offer of a valuation by a person. */
      message: string;
      manualValuation: ManualValuation;
    };
