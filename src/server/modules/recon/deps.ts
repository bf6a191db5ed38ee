import type { FastifyBaseLogger } from 'fastify';
import type { ImageView } from '../../../contract/images';
import type { InspectionItemResult } from '../../../contract/inspections';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { JobQueue } from '../../platform/jobs/queue';
import type { Mailer } from '../../platform/mailer';

/** A car as the board shows it, read through the cars service. */
export interface PreparingCar {
  carId: number;
  carName: string;
  year: number;
  createdAt: Date;
  cover: ImageView | null;
}

/** What the recon module reads and tells through other modules' services (wired in app.ts). */
export interface ReconDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  cars: {
    preparing(): Promise<PreparingCar[]>;
    /** The car's status, or null when there is no such car. */
    statusOf(carId: number): Promise<string | null>;
    invalidate(): void;
  };
  /** The showroom's opening hours (settings' free text): stage limits count working hours only. */
  openingHours(): Promise<string>;
  /** The saved report's results, or null without a report. */
  inspectionResults(carId: number): Promise<InspectionItemResult[] | null>;
  users: {
    namesOf(ids: Iterable<number | null | undefined>): Promise<Map<number, string>>;
    contact(id: number): Promise<{ fullName: string; email: string | null; active: boolean } | null>;
    idsWithPermission(permission: 'MANAGE_CAR'): Promise<number[]>;
    /** Active staff who may answer for a stage, by name. */
    active(): Promise<{ userId: number; fullName: string }[]>;
  };
  notify(userIds: number[], message: string, link: string | null): Promise<void>;
}
