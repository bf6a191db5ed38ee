import { and, count, desc, eq, like } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import {
  CANDIDATE_STATUS_LABELS,
  type CandidateStatus,
  type CandidateView,
} from '../../../contract/recruitment';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
import { escapeLike, pageOf } from '../../platform/paging';
import type { CvKind } from './cv';
import { candidates, recruitments } from './schema';

type CandidateRow = typeof candidates.$inferSelect;

/** A candidate as staff see it. */
export function candidateView(row: CandidateRow, recruitmentTitle: string): CandidateView {
  const status = row.status as CandidateStatus;
  return {
    candidateId: row.id,
    recruitmentId: row.recruitmentId,
    recruitmentTitle,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    letter: row.letter,
    status,
    statusLabel: CANDIDATE_STATUS_LABELS[status] ?? status,
    cv: { fileName: row.cvFileName, size: row.cvSize, kind: row.cvKind as CvKind },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Applications, newest first: by folded name, phone or e-mail, posting and status. */
export async function listCandidates(
  ctx: { db: Db },
  q: {
    page: number;
    size: number;
    search?: string;
    recruitmentId?: number;
    status?: CandidateStatus;
  },
): Promise<Page<CandidateView>> {
  const folded = q.search ? foldVietnamese(q.search) : '';
  const where = and(
    folded ? like(candidates.searchText, `%${escapeLike(folded)}%`) : undefined,
    q.recruitmentId ? eq(candidates.recruitmentId, q.recruitmentId) : undefined,
    q.status ? eq(candidates.status, q.status) : undefined,
  );
  const [{ total }] = await ctx.db.select({ total: count() }).from(candidates).where(where);
  const rows = await ctx.db
    .select({ candidate: candidates, title: recruitments.title })
    .from(candidates)
    .innerJoin(recruitments, eq(recruitments.id, candidates.recruitmentId))
    .where(where)
    .orderBy(desc(candidates.createdAt), desc(candidates.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return pageOf(
    rows.map((r) => candidateView(r.candidate, r.title)),
    total,
    q,
  );
}

/** A candidate with the title of the posting applied to. */
export async function findCandidate(exec: Executor, id: number) {
  const [row] = await exec
    .select({ candidate: candidates, title: recruitments.title })
    .from(candidates)
    .innerJoin(recruitments, eq(recruitments.id, candidates.recruitmentId))
    .where(eq(candidates.id, id));
  return row;
}
