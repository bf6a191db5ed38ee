import { and, asc, count, desc, eq, gte, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../../contract/common';
import { formatPrice, vnDayKey } from '../../../contract/format';
import {
  CANDIDATE_STATUS_LABELS,
  CANDIDATE_STATUSES,
  type CandidateStatus,
  type CandidateView,
  type EnumOption,
  JOB_TYPE_LABELS,
  JOB_TYPES,
  type JobType,
  RECRUITMENT_STATUS_LABELS,
  RECRUITMENT_STATUSES,
  type RecruitmentInput,
  type RecruitmentStatus,
  type RecruitmentView,
  salaryDisplay,
} from '../../../contract/recruitment';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { conflict, notFound } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { Storage, StoredObject } from '../../platform/storage';
import {
  APPLY_LIMIT,
  APPLY_WINDOW_MS,
  type ApplicationListener,
  type CvUpload,
  submitApplication,
} from './applications';
import { candidateView, findCandidate, listCandidates } from './candidates';
import type { CvKind } from './cv';
import { candidates, recruitments } from './schema';

type PostingRow = typeof recruitments.$inferSelect;

function postingSearch(p: { title: string; position: string; location: string }) {
  return foldVietnamese([p.title, p.position, p.location].join(' '));
}

export {
  APPLY_LIMIT,
  APPLY_WINDOW_MS,
  type ApplicationEvent,
  type ApplicationListener,
  type CvUpload,
} from './applications';

export class RecruitmentService {
  readonly applyLimiter: RateLimiter;
  private listeners: ApplicationListener[] = [];

  constructor(
    private readonly db: Db,
    /** Private storage for CVs (never served by /api/uploads). */
    private readonly cvStorage: Storage,
    counters: CounterStore,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.applyLimiter = new RateLimiter(counters, 'apply', APPLY_LIMIT, APPLY_WINDOW_MS);
  }

  /**
   * The hook for notifications: app.ts registers NotificationsService here; a listener's failure is
   * logged and never fails the visitor's application.
   */
  onApplication(listener: ApplicationListener) {
    this.listeners.push(listener);
  }

  // ---- postings ----------------------------------------------------------------------------------

  private today(now = new Date()) {
    return vnDayKey(now);
  }

  private openWhere(now = new Date()): SQL {
    return and(eq(recruitments.status, 'OPEN'), gte(recruitments.deadline, this.today(now)))!;
  }

  private postingView(row: PostingRow, candidateCount?: number): RecruitmentView {
    const expired = row.deadline < this.today();
    const status = row.status as RecruitmentStatus;
    const type = row.type as JobType;
    return {
      recruitmentId: row.id,
      title: row.title,
      position: row.position,
      type,
      typeLabel: JOB_TYPE_LABELS[type] ?? type,
      status,
      statusLabel: RECRUITMENT_STATUS_LABELS[status] ?? status,
      open: status === 'OPEN' && !expired,
      expired,
      location: row.location,
      salaryMin: row.salaryMin,
      salaryMax: row.salaryMax,
      salaryText: row.salaryText,
      salaryDisplay: salaryDisplay(row, formatPrice),
      quantity: row.quantity,
      description: row.description,
      requirements: row.requirements,
      benefits: row.benefits,
      deadline: row.deadline,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(candidateCount === undefined ? {} : { candidateCount }),
    };
  }

  statusOptions(): EnumOption<RecruitmentStatus>[] {
    return RECRUITMENT_STATUSES.map((value) => ({ value, label: RECRUITMENT_STATUS_LABELS[value] }));
  }

  typeOptions(): EnumOption<JobType>[] {
    return JOB_TYPES.map((value) => ({ value, label: JOB_TYPE_LABELS[value] }));
  }

  candidateStatusOptions(): EnumOption<CandidateStatus>[] {
    return CANDIDATE_STATUSES.map((value) => ({ value, label: CANDIDATE_STATUS_LABELS[value] }));
  }

  /** Open postings (status OPEN, deadline not over), nearest deadline first; optionally of one type. */
  async listOpen(type?: JobType): Promise<RecruitmentView[]> {
    const rows = await this.db
      .select()
      .from(recruitments)
      .where(and(this.openWhere(), type ? eq(recruitments.type, type) : undefined))
      .orderBy(asc(recruitments.deadline), desc(recruitments.id));
    return rows.map((r) => this.postingView(r));
  }

  private candidateCount() {
    return sql<number>`(select count(*)::int from ${candidates} where ${candidates.recruitmentId} = ${recruitments.id})`;
  }

  async listAdmin(q: {
    page: number;
    size: number;
    search?: string;
    status?: RecruitmentStatus;
    type?: JobType;
  }): Promise<Page<RecruitmentView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const where = and(
      folded ? like(recruitments.searchText, `%${escapeLike(folded)}%`) : undefined,
      q.status ? eq(recruitments.status, q.status) : undefined,
      q.type ? eq(recruitments.type, q.type) : undefined,
    );
    const [{ total }] = await this.db.select({ total: count() }).from(recruitments).where(where);
    const rows = await this.db
      .select({ posting: recruitments, n: this.candidateCount() })
      .from(recruitments)
      .where(where)
      .orderBy(desc(recruitments.createdAt), desc(recruitments.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return pageOf(
      rows.map((r) => this.postingView(r.posting, Number(r.n))),
      total,
      q,
    );
  }

  /** Staff: every posting with this stored status (an OPEN one may be past its deadline: see `expired`). */
  async listByStatus(status: RecruitmentStatus): Promise<RecruitmentView[]> {
    const rows = await this.db
      .select({ posting: recruitments, n: this.candidateCount() })
      .from(recruitments)
      .where(eq(recruitments.status, status))
      .orderBy(desc(recruitments.createdAt), desc(recruitments.id));
    return rows.map((r) => this.postingView(r.posting, Number(r.n)));
  }

  private async findPosting(exec: Executor, id: number): Promise<PostingRow | undefined> {
    const [row] = await exec.select().from(recruitments).where(eq(recruitments.id, id));
    return row;
  }

  /** Staff: any posting, with its application count. */
  async get(id: number): Promise<RecruitmentView> {
    const [row] = await this.db
      .select({ posting: recruitments, n: this.candidateCount() })
      .from(recruitments)
      .where(eq(recruitments.id, id));
    if (!row) throw notFound('Không tìm thấy tin tuyển dụng');
    return this.postingView(row.posting, Number(row.n));
  }

  /** Visitors: open postings only. */
  async getOpen(id: number): Promise<RecruitmentView> {
    const [row] = await this.db
      .select()
      .from(recruitments)
      .where(and(eq(recruitments.id, id), this.openWhere()));
    if (!row) throw notFound('Tin tuyển dụng không tồn tại hoặc đã hết hạn');
    return this.postingView(row);
  }

  /** Each existing posting's title: how the audit log names a posting it refers to. */
  async titlesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: recruitments.id, title: recruitments.title })
      .from(recruitments)
      .where(inArray(recruitments.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r.title]));
  }

  async lastModified(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: recruitments.updatedAt })
      .from(recruitments)
      .where(this.openWhere())
      .orderBy(desc(recruitments.updatedAt))
      .limit(1);
    return row?.at ?? null;
  }

  private values(input: RecruitmentInput) {
    return {
      title: input.title,
      position: input.position,
      type: input.type,
      status: input.status,
      location: input.location,
      salaryMin: input.salaryMin,
      salaryMax: input.salaryMax,
      salaryText: input.salaryText,
      quantity: input.quantity,
      description: input.description,
      requirements: input.requirements,
      benefits: input.benefits,
      deadline: input.deadline,
      searchText: postingSearch(input),
    };
  }

  async create(input: RecruitmentInput, actor: Actor): Promise<RecruitmentView> {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recruitments)
        .values({ ...this.values(input), createdBy: actor.userId })
        .returning();
      await writeAudit(tx, actor, { action: 'create', entity: 'recruitment', entityId: row.id, after: row });
      return row.id;
    });
    return this.get(id);
  }

  async update(id: number, input: RecruitmentInput, actor: Actor): Promise<RecruitmentView> {
    await this.db.transaction(async (tx) => {
      const before = await this.findPosting(tx, id);
      if (!before) throw notFound('Không tìm thấy tin tuyển dụng');
      const [after] = await tx
        .update(recruitments)
        .set({ ...this.values(input), updatedAt: new Date() })
        .where(eq(recruitments.id, id))
        .returning();
      await writeAudit(tx, actor, { action: 'update', entity: 'recruitment', entityId: id, before, after });
    });
    return this.get(id);
  }

  /** Open or close a posting. Opening one whose deadline is over is refused: extend the deadline first. */
  async setStatus(id: number, status: RecruitmentStatus, actor: Actor): Promise<RecruitmentView> {
    await this.db.transaction(async (tx) => {
      const before = await this.findPosting(tx, id);
      if (!before) throw notFound('Không tìm thấy tin tuyển dụng');
      if (status === 'OPEN' && before.deadline < this.today()) {
        throw conflict('Tin tuyển dụng đã hết hạn nộp hồ sơ: hãy gia hạn trước khi mở lại');
      }
      await tx.update(recruitments).set({ status, updatedAt: new Date() }).where(eq(recruitments.id, id));
      await writeAudit(tx, actor, {
        action: status === 'OPEN' ? 'open' : 'close',
        entity: 'recruitment',
        entityId: id,
        before: { status: before.status },
        after: { status },
      });
    });
    return this.get(id);
  }

  // ---- candidates --------------------------------------------------------------------------------
  /** Throws 404 / 409 unless the posting takes applications now. */
  async assertOpen(id: number): Promise<PostingRow> {
    const posting = await this.findPosting(this.db, id);
    if (!posting) throw notFound('Không tìm thấy tin tuyển dụng');
    if (posting.status !== 'OPEN' || posting.deadline < this.today()) {
      throw conflict('Tin tuyển dụng này đã ngừng nhận hồ sơ');
    }
    return posting;
  }

  /**
   * A visitor's application: the CV is checked by content, stored privately, then the row is written;
   * staff with MANAGE_RECRUITMENT are told afterwards (applications.ts).
   */
  apply(
    recruitmentId: number,
    input: { fullName: string; phone: string; email: string; letter: string },
    cv: CvUpload | null,
    ip: string | null,
  ): Promise<{ candidateId: number }> {
    const ctx = {
      db: this.db,
      cvStorage: this.cvStorage,
      log: this.log,
      listeners: this.listeners,
      assertOpen: (id: number) => this.assertOpen(id),
    };
    return submitApplication(ctx, recruitmentId, input, cv, ip);
  }

  listCandidates(q: {
    page: number;
    size: number;
    search?: string;
    recruitmentId?: number;
    status?: CandidateStatus;
  }): Promise<Page<CandidateView>> {
    return listCandidates({ db: this.db }, q);
  }

  /** Staff opening an application marks a new one as viewed ('Đã xem'). */
  async getCandidate(id: number, actor: Actor): Promise<CandidateView> {
    const row = await findCandidate(this.db, id);
    if (!row) throw notFound('Không tìm thấy ứng viên');
    if (row.candidate.status === 'NEW') return this.setCandidateStatus(id, 'VIEWED', actor, 'NEW');
    return candidateView(row.candidate, row.title);
  }

  /** Changes the status; with `onlyFrom`, only when the current status is that one (automatic marks). */
  async setCandidateStatus(
    id: number,
    status: CandidateStatus,
    actor: Actor,
    onlyFrom?: CandidateStatus,
  ): Promise<CandidateView> {
    await this.db.transaction(async (tx) => {
      const row = await findCandidate(tx, id);
      if (!row) throw notFound('Không tìm thấy ứng viên');
      if (onlyFrom && row.candidate.status !== onlyFrom) return;
      if (row.candidate.status === status) return;
      await tx.update(candidates).set({ status, updatedAt: new Date() }).where(eq(candidates.id, id));
      await writeAudit(tx, actor, {
        action: 'set-status',
        entity: 'candidate',
        entityId: id,
        before: { status: row.candidate.status },
        after: { status },
      });
    });
    const row = await findCandidate(this.db, id);
    return candidateView(row!.candidate, row!.title);
  }

  /** The CV file for a staff download. */
  async cv(id: number, actor: Actor): Promise<{ file: StoredObject; fileName: string; kind: CvKind }> {
    const row = await findCandidate(this.db, id);
    if (!row) throw notFound('Không tìm thấy ứng viên');
    const file = await this.cvStorage.get(row.candidate.cvKey);
    if (!file) throw notFound('Không tìm thấy tệp CV');
    if (row.candidate.status === 'NEW') await this.setCandidateStatus(id, 'VIEWED', actor, 'NEW');
    return { file, fileName: row.candidate.cvFileName, kind: row.candidate.cvKind as CvKind };
  }
}
