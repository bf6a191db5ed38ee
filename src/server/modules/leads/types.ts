import type { FastifyBaseLogger } from 'fastify';
import type { ConsultingBody, LeadStatus, MaintenanceBody, TestDriveBody } from '../../../contract/leads';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { JobQueue } from '../../platform/jobs/queue';
import type { Mailer } from '../../platform/mailer';
import type { CounterStore } from '../../platform/rate-limit';
import type { Storage } from '../../platform/storage';
import type { CustomerMailer } from '../../platform/visitor-mail';
import type { CustomerPort } from '../customers';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import type { WebConfigService } from '../web-config/service';
import type { CarDirectory } from './cars';
import type { ContactBy } from './first-contact';
import type { leadEvents, leads } from './schema';
import type { LeadZaloMessage } from './zalo';

export type LeadRow = typeof leads.$inferSelect;
export type EventRow = typeof leadEvents.$inferSelect;
export type NewLead = typeof leads.$inferInsert;

export type LeadInput =
  | { type: 'TEST_DRIVE'; body: TestDriveBody }
  | { type: 'MAINTENANCE'; body: MaintenanceBody }
  | { type: 'CONSULTING'; body: ConsultingBody };

export interface LeadsQueryParsed {
  page: number;
  size: number;
  search?: string;
  status?: LeadStatus;
  from?: string;
  to?: string;
  assigneeId?: number;
  overdue?: boolean;
  followUpOverdue?: boolean;
  responseLate?: boolean;
}

export interface LeadsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'mailFrom'>;
  log: FastifyBaseLogger;
  /** Mail to staff (an assignment). */
  mailer: Mailer;
  /** Mail to customers: what a visitor causes is capped per mailbox and IP a day. */
  customerMail: CustomerMailer;
  counters: CounterStore;
  users: UsersService;
  notifications: NotificationsService;
  webConfig: WebConfigService;
  cars?: CarDirectory;
  /** The time the response clock, follow-ups and lists are judged by. */
  clock: Clock;
  /** Stored jobs: the response alert, the follow-up reminder and the booking's reminder of each lead. */
  jobs: JobQueue;
  /** The sellers' photos of buy-in leads (public storage, random keys). */
  storage: Storage;
  /** A message to the lead's customer on Zalo (booking confirmed, the eve's reminder, a buy-in offer). */
  customerMessage?: (m: LeadZaloMessage) => Promise<unknown>;
  /** Hands the customer record the leads' "staff contacted this lead" (a call logged, a Zalo sent). */
  connectContacts?: (
    record: (leadId: number, what: string, at: Date, by: ContactBy) => Promise<void>,
  ) => void;
  /** The customer record: each lead joins its customer's timeline as it is created (docs/customers.md). */
  customers?: CustomerPort;
}
