import { and, asc, count, desc, eq, gte, inArray, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../../contract/common';
import { daysUntil, vnDayKey } from '../../../contract/format';
import {
  appointmentMoment,
  CONSULTING_TOPIC_LABELS,
  type ConsultingBody,
  type ConsultingTopic,
  canMoveLead,
  LEAD_PAGES,
  LEAD_RATE_LIMIT,
  LEAD_RATE_LIMIT_MESSAGE,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  LEAD_THANK_YOU,
  LEAD_TYPE_LABELS,
  LEAD_TYPES,
  type LeadDetail,
  type LeadEventKind,
  type LeadEventView,
  type LeadReceipt,
  type LeadStatus,
  type LeadType,
  type LeadView,
  MAINTENANCE_SERVICE_LABELS,
  type MaintenanceBody,
  type MaintenanceServiceType,
  nextLeadStatuses,
  OPEN_LEAD_STATUSES,
  type ServiceRequestStats,
  type StaffRef,
  type TestDriveBody,
  timeSlots,
} from '../../../contract/leads';
import { compactFold, foldVietnamese } from '../../../contract/text';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound, tooMany } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import type { WebConfigService } from '../web-config/service';
import type { CarDirectory } from './cars';
import { leadEvents, leads } from './schema';

type LeadRow = typeof leads.$inferSelect;
type EventRow = typeof leadEvents.$inferSelect;
type NewLead = typeof leads.$inferInsert;

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
}

const REFERENCE_PREFIX: Record<LeadType, string> = { TEST_DRIVE: 'LT', MAINTENANCE: 'BD', CONSULTING: 'TV' };

/** The service as it reads inside a sentence ("đặt lịch sửa chữa xe ..."). */
const SERVICE_PHRASE: Record<MaintenanceServiceType, string> = {
  PERIODIC: 'bảo dưỡng định kỳ',
  REPAIR: 'sửa chữa',
  BODY_PAINT: 'đồng sơn',
  INSPECTION: 'kiểm tra tổng quát',
  OTHER: 'dịch vụ',
};
const TOPIC_PHRASE: Record<ConsultingTopic, string> = {
  BUY: 'tư vấn mua xe',
  SELL: 'tư vấn bán xe, định giá xe',
  INSTALLMENT: 'tư vấn trả góp',
  OTHER: 'tư vấn',
};

export const LEAD_MESSAGES = {
  notFound: 'Không tìm thấy yêu cầu',
  carUnavailable: 'Xe bạn chọn hiện không còn được bán, vui lòng chọn xe khác',
  slotClosed: 'Khung giờ nằm ngoài giờ mở cửa của showroom',
  reusedKey: 'Mã yêu cầu đã được dùng cho một biểu mẫu khác, vui lòng tải lại trang',
  sameStatus: (s: LeadStatus) => `Yêu cầu đã ở trạng thái "${LEAD_STATUS_LABELS[s]}"`,
  badMove: (from: LeadStatus, to: LeadStatus) =>
    `Không thể chuyển trạng thái từ "${LEAD_STATUS_LABELS[from]}" sang "${LEAD_STATUS_LABELS[to]}"`,
  staffNotFound: 'Không tìm thấy nhân viên',
  staffInactive: 'Tài khoản nhân viên đã bị vô hiệu hóa',
  staffNoPermission: 'Nhân viên này không có quyền quản lý dịch vụ',
} as const;

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function leadReference(type: LeadType, clientRequestId: string): string {
  return `${REFERENCE_PREFIX[type]}-${clientRequestId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** The folded words a lead is found by (written on save). */
export function leadSearchText(lead: NewLead): string {
  const plate = lead.licencePlate ?? '';
  return [
    foldVietnamese(
      [lead.reference, lead.fullName, lead.phone, lead.email, lead.carLabel, plate, lead.make, lead.model]
        .filter(Boolean)
        .join(' '),
    ),
    plate ? compactFold(plate) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** yyyy-mm-dd -> dd/mm/yyyy */
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

const nowHhmm = (now: Date) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(11, 16);

export interface LeadsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
  counters: CounterStore;
  users: UsersService;
  notifications: NotificationsService;
  webConfig: WebConfigService;
  cars?: CarDirectory;
}

/**
 * Leads of the three public forms and their handling by the service staff: submission (validated,
 * rate limited per IP and form, idempotent by the form's clientRequestId, honeypot), the workflow
 * with its history, assignment, notes, and the counts the statistics read.
 */
export class LeadsService {
  readonly limiters: Record<LeadType, RateLimiter>;
  private readonly cars: CarDirectory | undefined;

  constructor(private readonly deps: LeadsDeps) {
    this.cars = deps.cars;
    this.limiters = {
      TEST_DRIVE: new RateLimiter(
        deps.counters,
        'lead-test-drive',
        LEAD_RATE_LIMIT.limit,
        LEAD_RATE_LIMIT.windowMs,
      ),
      MAINTENANCE: new RateLimiter(
        deps.counters,
        'lead-maintenance',
        LEAD_RATE_LIMIT.limit,
        LEAD_RATE_LIMIT.windowMs,
      ),
      CONSULTING: new RateLimiter(
        deps.counters,
        'lead-consulting',
        LEAD_RATE_LIMIT.limit,
        LEAD_RATE_LIMIT.windowMs,
      ),
    };
  }

  private get db() {
    return this.deps.db;
  }

  // --------------------------------------------------------------------------------- submission

  private receipt(
    row: Pick<
      LeadRow,
      'reference' | 'type' | 'status' | 'fullName' | 'carLabel' | 'preferredDate' | 'timeSlot' | 'createdAt'
    >,
  ): LeadReceipt {
    const type = row.type as LeadType;
    return {
      reference: row.reference,
      type,
      status: row.status as LeadStatus,
      fullName: row.fullName,
      carLabel: row.carLabel,
      preferredDate: row.preferredDate,
      timeSlot: row.timeSlot,
      createdAt: row.createdAt.toISOString(),
      message: LEAD_THANK_YOU[type],
    };
  }

  private async findByRequestId(exec: Executor, clientRequestId: string): Promise<LeadRow | undefined> {
    const [row] = await exec.select().from(leads).where(eq(leads.clientRequestId, clientRequestId));
    return row;
  }

  private replay(row: LeadRow, type: LeadType) {
    if (row.type !== type) throw conflict(LEAD_MESSAGES.reusedKey);
    return { receipt: this.receipt(row), created: false };
  }

  private async resolveCar(
    carId: number | undefined,
    required: boolean,
  ): Promise<{ carId: number; label: string } | null> {
    if (carId === undefined) {
      if (required) throw badRequest('Vui lòng chọn xe', { carId: 'Vui lòng chọn xe' });
      return null;
    }
    if (!this.cars) return { carId, label: `Xe #${carId}` };
    const car = await this.cars.visibleCar(carId);
    if (!car) throw badRequest(LEAD_MESSAGES.carUnavailable, { carId: LEAD_MESSAGES.carUnavailable });
    return car;
  }

  private async assertSlotOpen(slot: string | undefined) {
    if (!slot) return;
    const config = await this.deps.webConfig.get();
    if (!timeSlots(config.openingHours).includes(slot)) {
      throw badRequest(LEAD_MESSAGES.slotClosed, { timeSlot: LEAD_MESSAGES.slotClosed });
    }
  }

  /** The columns of a new lead from a validated form (after the car and slot checks). */
  private async values(input: LeadInput, ip: string | null): Promise<NewLead> {
    const { type, body } = input;
    const base = {
      type,
      reference: leadReference(type, body.clientRequestId),
      clientRequestId: body.clientRequestId,
      fullName: body.fullName,
      phone: body.phone,
      email: body.email ?? null,
      sourceIp: ip,
    };
    let row: NewLead;
    if (input.type === 'TEST_DRIVE') {
      const b = input.body;
      const car = await this.resolveCar(b.carId, true);
      await this.assertSlotOpen(b.timeSlot);
      row = {
        ...base,
        carId: car!.carId,
        carLabel: car!.label,
        preferredDate: b.preferredDate,
        timeSlot: b.timeSlot,
        message: b.note ?? null,
      };
    } else if (input.type === 'MAINTENANCE') {
      const b = input.body;
      await this.assertSlotOpen(b.timeSlot);
      row = {
        ...base,
        licencePlate: b.licencePlate,
        make: b.make,
        model: b.model,
        year: b.year,
        odometer: b.odometer,
        serviceType: b.serviceType,
        preferredDate: b.preferredDate,
        timeSlot: b.timeSlot ?? null,
        message: b.note ?? null,
      };
    } else {
      const b = input.body;
      const car = await this.resolveCar(b.carId, false);
      row = {
        ...base,
        carId: car?.carId ?? null,
        carLabel: car?.label ?? null,
        topic: b.topic,
        message: b.message,
      };
    }
    row.searchText = leadSearchText(row);
    return row;
  }

  /**
   * A public form submission. The same clientRequestId answers the lead it created (a double click,
   * a retry after a lost answer) without counting against the rate limit; a filled honeypot is
   * answered like a success and stored nowhere.
   */
  async submit(input: LeadInput, actor: Actor): Promise<{ receipt: LeadReceipt; created: boolean }> {
    const { type, body } = input;
    const existing = await this.findByRequestId(this.db, body.clientRequestId);
    if (existing) return this.replay(existing, type);
    if (!(await this.limiters[type].hit(actor.ip ?? ''))) throw tooMany(LEAD_RATE_LIMIT_MESSAGE);
    const values = await this.values(input, actor.ip);
    if (body.website?.trim()) {
      // A bot gets exactly what a person gets (same checks, same receipt), so it cannot learn the trap.
      this.deps.log.info({ ip: actor.ip, type }, 'lead honeypot filled: answered, not stored');
      return {
        receipt: this.receipt({
          ...values,
          carLabel: values.carLabel ?? null,
          preferredDate: values.preferredDate ?? null,
          timeSlot: values.timeSlot ?? null,
          status: 'NEW',
          createdAt: new Date(),
        }),
        created: true,
      };
    }
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(leads)
        .values(values)
        .onConflictDoNothing({ target: leads.clientRequestId })
        .returning();
      if (!inserted) return null;
      await tx.insert(leadEvents).values({ leadId: inserted.id, kind: 'CREATED', toStatus: 'NEW' });
      return inserted;
    });
    if (!row) {
      // A concurrent submission with the same key won the insert.
      const winner = await this.findByRequestId(this.db, body.clientRequestId);
      if (!winner) throw conflict(LEAD_MESSAGES.reusedKey);
      return this.replay(winner, type);
    }
    // After commit: the staff's bells. A failure here never loses the visitor's lead.
    await this.deps.notifications.notifySafely(
      this.deps.users.idsWithPermission('MANAGE_SERVICE'),
      this.announcement(row),
      this.link(row),
    );
    return { receipt: this.receipt(row), created: true };
  }

  /** "Khách hàng Nguyễn Văn A đăng ký lái thử Toyota Vios 2020 ngày 25/11/2026" */
  announcement(row: LeadRow): string {
    const who = `Khách hàng ${row.fullName}`;
    const day = row.preferredDate ? ` ngày ${dmy(row.preferredDate)}` : '';
    switch (row.type as LeadType) {
      case 'TEST_DRIVE':
        return `${who} đăng ký lái thử ${row.carLabel ?? 'xe'}${day}`;
      case 'MAINTENANCE': {
        const service = SERVICE_PHRASE[row.serviceType as MaintenanceServiceType] ?? 'dịch vụ';
        const car = [row.make, row.model, row.year].filter(Boolean).join(' ');
        return `${who} đặt lịch ${service} xe ${car} (${row.licencePlate})${day}`;
      }
      default: {
        const topic = TOPIC_PHRASE[row.topic as ConsultingTopic] ?? 'tư vấn';
        return `${who} gửi yêu cầu ${topic}${row.carLabel ? ` (${row.carLabel})` : ''}`;
      }
    }
  }

  link(row: Pick<LeadRow, 'type' | 'id'>): string {
    return `${LEAD_PAGES[row.type as LeadType]}?id=${row.id}`;
  }

  // --------------------------------------------------------------------------------- views

  private async staffNames(ids: (number | null)[]): Promise<Map<number, StaffRef>> {
    const map = new Map<number, StaffRef>();
    for (const id of new Set(ids.filter((v): v is number => v !== null))) {
      const user = await this.deps.users.findRow(this.db, id);
      if (user) map.set(id, { userId: user.id, fullName: user.fullName });
    }
    return map;
  }

  private view(row: LeadRow, staff: Map<number, StaffRef>, now = new Date()): LeadView {
    const status = row.status as LeadStatus;
    const date = row.preferredDate;
    const serviceType = (row.serviceType as MaintenanceServiceType | null) ?? null;
    const topic = (row.topic as ConsultingTopic | null) ?? null;
    return {
      leadId: row.id,
      type: row.type as LeadType,
      typeLabel: LEAD_TYPE_LABELS[row.type as LeadType],
      reference: row.reference,
      status,
      statusLabel: LEAD_STATUS_LABELS[status],
      fullName: row.fullName,
      phone: row.phone,
      email: row.email,
      carId: row.carId,
      carLabel: row.carLabel,
      preferredDate: date,
      preferredDateText: date ? dmy(date) : null,
      timeSlot: row.timeSlot,
      daysUntil: date ? daysUntil(new Date(`${date}T00:00:00+07:00`), now) : null,
      overdue:
        !!date &&
        OPEN_LEAD_STATUSES.includes(status) &&
        appointmentMoment(date, row.timeSlot).getTime() < now.getTime(),
      licencePlate: row.licencePlate,
      make: row.make,
      model: row.model,
      year: row.year,
      odometer: row.odometer,
      serviceType,
      serviceTypeLabel: serviceType ? MAINTENANCE_SERVICE_LABELS[serviceType] : null,
      topic,
      topicLabel: topic ? CONSULTING_TOPIC_LABELS[topic] : null,
      message: row.message,
      assignee: row.assigneeId !== null ? (staff.get(row.assigneeId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private eventView(row: EventRow): LeadEventView {
    const from = row.fromStatus as LeadStatus | null;
    const to = row.toStatus as LeadStatus | null;
    const kind = row.kind as LeadEventKind;
    let text: string;
    switch (kind) {
      case 'CREATED':
        text = 'Khách hàng gửi yêu cầu';
        break;
      case 'STATUS':
        text = `Chuyển trạng thái từ "${from ? LEAD_STATUS_LABELS[from] : ''}" sang "${to ? LEAD_STATUS_LABELS[to] : ''}"`;
        break;
      case 'ASSIGN':
        text = row.assigneeId
          ? `Giao cho ${row.assigneeName ?? `nhân viên #${row.assigneeId}`}`
          : 'Bỏ giao nhân viên';
        break;
      default:
        text = 'Ghi chú nội bộ';
    }
    return {
      eventId: row.id,
      kind,
      fromStatus: from,
      toStatus: to,
      assignee: row.assigneeId ? { userId: row.assigneeId, fullName: row.assigneeName ?? '' } : null,
      note: row.note,
      by: row.userId || row.userName ? { userId: row.userId ?? 0, fullName: row.userName ?? '' } : null,
      createdAt: row.createdAt.toISOString(),
      text,
    };
  }

  // --------------------------------------------------------------------------------- management

  async list(type: LeadType, q: LeadsQueryParsed, now = new Date()): Promise<Page<LeadView>> {
    const conditions: (SQL | undefined)[] = [eq(leads.type, type)];
    if (q.status) conditions.push(eq(leads.status, q.status));
    if (q.assigneeId) conditions.push(eq(leads.assigneeId, q.assigneeId));
    const folded = q.search ? foldVietnamese(q.search) : '';
    if (folded) {
      const compact = compactFold(q.search!);
      conditions.push(
        or(
          like(leads.searchText, `%${escapeLike(folded)}%`),
          compact.length >= 3 && compact !== folded
            ? like(leads.searchText, `%${escapeLike(compact)}%`)
            : undefined,
        ),
      );
    }
    if (type === 'CONSULTING') {
      if (q.from) conditions.push(gte(leads.createdAt, new Date(`${q.from}T00:00:00+07:00`)));
      if (q.to)
        conditions.push(
          lt(leads.createdAt, new Date(new Date(`${q.to}T00:00:00+07:00`).getTime() + 86_400_000)),
        );
    } else {
      if (q.from) conditions.push(gte(leads.preferredDate, q.from));
      if (q.to) conditions.push(lte(leads.preferredDate, q.to));
    }
    if (q.overdue !== undefined) {
      const today = vnDayKey(now);
      const late = and(
        inArray(leads.status, [...OPEN_LEAD_STATUSES]),
        or(
          lt(leads.preferredDate, today),
          and(
            eq(leads.preferredDate, today),
            sql`${leads.timeSlot} is not null`,
            lt(leads.timeSlot, nowHhmm(now)),
          ),
        ),
      );
      conditions.push(q.overdue ? late : sql`not coalesce(${late}, false)`);
    }
    const where = and(...conditions);
    const [{ total }] = await this.db.select({ total: count() }).from(leads).where(where);
    const rows = await this.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const staff = await this.staffNames(rows.map((r) => r.assigneeId));
    return {
      content: rows.map((r) => this.view(r, staff, now)),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  private async row(exec: Executor, type: LeadType, id: number, lock = false): Promise<LeadRow> {
    const query = exec
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.type, type)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(LEAD_MESSAGES.notFound);
    return row;
  }

  async detail(type: LeadType, id: number): Promise<LeadDetail> {
    const row = await this.row(this.db, type, id);
    const events = await this.db
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, id))
      .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id));
    const staff = await this.staffNames([row.assigneeId]);
    return {
      ...this.view(row, staff),
      events: events.map((e) => this.eventView(e)),
      nextStatuses: nextLeadStatuses(row.status as LeadStatus),
    };
  }

  async changeStatus(
    type: LeadType,
    id: number,
    to: LeadStatus,
    note: string | undefined,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    await this.db.transaction(async (tx) => {
      const row = await this.row(tx, type, id, true);
      const from = row.status as LeadStatus;
      if (from === to) throw conflict(LEAD_MESSAGES.sameStatus(to));
      if (!canMoveLead(from, to)) throw conflict(LEAD_MESSAGES.badMove(from, to));
      const at = new Date();
      await tx.update(leads).set({ status: to, updatedAt: at }).where(eq(leads.id, id));
      await tx.insert(leadEvents).values({
        leadId: id,
        kind: 'STATUS',
        fromStatus: from,
        toStatus: to,
        note: note ?? null,
        userId: current.id,
        userName: current.name,
        createdAt: at,
      });
      await writeAudit(tx, actor, {
        action: 'set-status',
        entity: 'lead',
        entityId: id,
        before: { status: from },
        after: { status: to, note: note ?? null },
      });
    });
    return this.detail(type, id);
  }

  /** Staff who may handle leads: active holders of MANAGE_SERVICE and admins, by name. */
  async assignees(): Promise<StaffRef[]> {
    const ids = await this.deps.users.idsWithPermission('MANAGE_SERVICE');
    const staff = await this.staffNames(ids);
    return [...staff.values()].sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi'));
  }

  async assign(
    type: LeadType,
    id: number,
    assigneeId: number | null,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    let assignee: { id: number; fullName: string; email: string | null } | null = null;
    if (assigneeId !== null) {
      const user = await this.deps.users.findRow(this.db, assigneeId);
      if (!user) throw badRequest(LEAD_MESSAGES.staffNotFound, { assigneeId: LEAD_MESSAGES.staffNotFound });
      if (!user.active)
        throw badRequest(LEAD_MESSAGES.staffInactive, { assigneeId: LEAD_MESSAGES.staffInactive });
      const perms = (await this.deps.users.permissionsOf(this.db, [user.id])).get(user.id) ?? [];
      if (user.role !== 'ADMIN' && !perms.includes('MANAGE_SERVICE')) {
        throw badRequest(LEAD_MESSAGES.staffNoPermission, { assigneeId: LEAD_MESSAGES.staffNoPermission });
      }
      assignee = { id: user.id, fullName: user.fullName, email: user.email };
    }
    const changed = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, type, id, true);
      if (row.assigneeId === assigneeId) return null;
      const at = new Date();
      await tx.update(leads).set({ assigneeId, updatedAt: at }).where(eq(leads.id, id));
      await tx.insert(leadEvents).values({
        leadId: id,
        kind: 'ASSIGN',
        assigneeId,
        assigneeName: assignee?.fullName ?? null,
        userId: current.id,
        userName: current.name,
        createdAt: at,
      });
      await writeAudit(tx, actor, {
        action: 'assign',
        entity: 'lead',
        entityId: id,
        before: { assigneeId: row.assigneeId },
        after: { assigneeId },
      });
      return row;
    });
    if (changed && assignee && assignee.id !== current.id) this.tellAssignee(changed, assignee, current);
    return this.detail(type, id);
  }

  /** A bell notification and an e-mail for the staff member a lead was given to; failures are only logged. */
  private tellAssignee(
    row: LeadRow,
    assignee: { id: number; fullName: string; email: string | null },
    by: CurrentUser,
  ) {
    const kind = LEAD_TYPE_LABELS[row.type as LeadType].toLowerCase();
    const message = `${by.name} giao cho bạn yêu cầu ${kind} của khách hàng ${row.fullName} (${row.reference})`;
    const link = this.link(row);
    void this.deps.notifications.notifySafely([assignee.id], message, link);
    if (!assignee.email) return;
    const lines = [
      `Xin chào ${assignee.fullName},`,
      '',
      `${by.name} vừa giao cho bạn một yêu cầu ${kind}:`,
      `- Mã yêu cầu: ${row.reference}`,
      `- Khách hàng: ${row.fullName}, điện thoại ${row.phone}${row.email ? `, email ${row.email}` : ''}`,
    ];
    if (row.carLabel) lines.push(`- Xe: ${row.carLabel}`);
    if (row.licencePlate)
      lines.push(`- Xe: ${[row.make, row.model, row.year].filter(Boolean).join(' ')} (${row.licencePlate})`);
    if (row.preferredDate) {
      lines.push(`- Ngày hẹn: ${dmy(row.preferredDate)}${row.timeSlot ? ` lúc ${row.timeSlot}` : ''}`);
    }
    if (row.message) lines.push(`- Ghi chú của khách: ${row.message}`);
    lines.push('', `Xem chi tiết: ${this.deps.config.publicUrl}${link}`);
    this.deps.mailer
      .send({
        to: assignee.email,
        subject: `Bạn được giao yêu cầu ${kind} ${row.reference}`,
        text: lines.join('\n'),
      })
      .catch((err) => this.deps.log.error({ err }, 'lead assignment mail failed'));
  }

  async addNote(
    type: LeadType,
    id: number,
    note: string,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadEventView> {
    const event = await this.db.transaction(async (tx) => {
      await this.row(tx, type, id, true);
      const at = new Date();
      await tx.update(leads).set({ updatedAt: at }).where(eq(leads.id, id));
      const [inserted] = await tx
        .insert(leadEvents)
        .values({ leadId: id, kind: 'NOTE', note, userId: current.id, userName: current.name, createdAt: at })
        .returning();
      await writeAudit(tx, actor, { action: 'add-note', entity: 'lead', entityId: id, after: { note } });
      return inserted;
    });
    return this.eventView(event);
  }

  // --------------------------------------------------------------------------------- statistics

  /** Counts by type and status (zeros included), optionally of one status: GET dashboard/service-requests. */
  async stats(status?: LeadStatus, range: { from?: string; to?: string } = {}): Promise<ServiceRequestStats> {
    const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);
    const rows = await this.db
      .select({ type: leads.type, status: leads.status, n: count() })
      .from(leads)
      .where(
        and(
          status ? eq(leads.status, status) : undefined,
          // Sent on the range's Vietnamese days.
          range.from ? gte(leads.createdAt, dayStart(range.from)) : undefined,
          range.to ? lt(leads.createdAt, new Date(dayStart(range.to).getTime() + 86_400_000)) : undefined,
        ),
      )
      .groupBy(leads.type, leads.status)
      .orderBy(asc(leads.type));
    const cell = new Map(rows.map((r) => [`${r.type}:${r.status}`, r.n]));
    const statuses = status ? [status] : [...LEAD_STATUSES];
    const byTypeAndStatus = LEAD_TYPES.flatMap((t) =>
      statuses.map((s) => ({ type: t, status: s, count: cell.get(`${t}:${s}`) ?? 0 })),
    );
    const sum = (f: (c: { type: LeadType; status: LeadStatus }) => boolean) =>
      byTypeAndStatus.filter(f).reduce((n, c) => n + c.count, 0);
    return {
      status: status ?? null,
      total: sum(() => true),
      byType: LEAD_TYPES.map((t) => ({
        type: t,
        label: LEAD_TYPE_LABELS[t],
        count: sum((c) => c.type === t),
      })),
      byStatus: statuses.map((s) => ({
        status: s,
        label: LEAD_STATUS_LABELS[s],
        count: sum((c) => c.status === s),
      })),
      byTypeAndStatus,
    };
  }
}
