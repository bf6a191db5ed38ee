import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { foldVietnamese } from '../../../contract/text';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { ApiError, conflict } from '../../platform/errors';
import { deleteQuietly, newKeyBase, type Storage } from '../../platform/storage';
import { CV_CONTENT_TYPES, cvFileName, detectCv } from './cv';
import { candidates } from './schema';

/** What a new application tells the staff who hold MANAGE_RECRUITMENT. */
export interface ApplicationEvent {
  candidateId: number;
  recruitmentId: number;
  recruitmentTitle: string;
  fullName: string;
}
export type ApplicationListener = (event: ApplicationEvent) => Promise<void>;

/** Applications per IP per hour (every attempt counts, refused ones too). */
export const APPLY_LIMIT = 8;
export const APPLY_WINDOW_MS = 60 * 60 * 1000;

export interface CvUpload {
  data: Buffer;
  filename: string;
}

/** What an application needs of the service: its database, the CVs' storage and who to tell. */
export interface ApplicationContext {
  db: Db;
  cvStorage: Storage;
  log?: FastifyBaseLogger;
  listeners: readonly ApplicationListener[];
  /** Throws 404 / 409 unless the posting takes applications now; answers the posting. */
  assertOpen(id: number): Promise<{ title: string }>;
}

/**
 * A visitor's application: the CV is checked by content, stored privately, then the row is written;
 * staff with MANAGE_RECRUITMENT are told afterwards.
 */
export async function submitApplication(
  ctx: ApplicationContext,
  recruitmentId: number,
  input: { fullName: string; phone: string; email: string; letter: string },
  cv: CvUpload | null,
  ip: string | null,
): Promise<{ candidateId: number }> {
  if (!cv) throw new ApiError(400, 'Vui lòng đính kèm CV (PDF hoặc Word)', { cv: 'Vui lòng đính kèm CV' });
  const kind = detectCv(cv.data);
  const posting = await ctx.assertOpen(recruitmentId);
  const key = `${newKeyBase('cv')}.${kind}`;
  await ctx.cvStorage.put(key, cv.data, CV_CONTENT_TYPES[kind]);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const [dup] = await tx
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.recruitmentId, recruitmentId), eq(candidates.email, input.email)));
      if (dup) throw conflict('Bạn đã nộp hồ sơ cho vị trí này, chúng tôi sẽ liên hệ với bạn sớm');
      const [row] = await tx
        .insert(candidates)
        .values({
          recruitmentId,
          fullName: input.fullName,
          phone: input.phone,
          email: input.email,
          letter: input.letter,
          cvKey: key,
          cvFileName: cvFileName(cv.filename, kind),
          cvSize: cv.data.length,
          cvKind: kind,
          ip,
          searchText: foldVietnamese([input.fullName, input.phone, input.email].join(' ')),
        })
        .returning();
      const { cvKey: _k, ...after } = row;
      await writeAudit(
        tx,
        { userId: null, username: null, ip },
        { action: 'apply', entity: 'candidate', entityId: row.id, after },
      );
      return row.id;
    });
  } catch (err) {
    await deleteQuietly(ctx.cvStorage, [key], ctx.log);
    throw err;
  }
  const event = {
    candidateId: id,
    recruitmentId,
    recruitmentTitle: posting.title,
    fullName: input.fullName,
  };
  for (const listener of ctx.listeners) {
    try {
      await listener(event);
    } catch (err) {
      ctx.log?.warn({ err }, 'application listener failed');
    }
  }
  return { candidateId: id };
}
