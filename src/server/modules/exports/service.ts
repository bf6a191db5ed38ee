import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { type ExportColumn, writeCsv, writeXlsx } from './writer';

export type ExportFormat = 'xlsx' | 'csv';

/** Rows are read from the list's own service in pages of this size. */
export const EXPORT_PAGE_SIZE = 500;

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

export interface ExportJob<T> {
  /** File name without extension or date ('lich-su-ban-hang'). */
  file: string;
  sheet: string;
  /** The audit log's entity ('sale', 'car', 'lead', 'candidate'). */
  entity: string;
  columns: ExportColumn<T>[];
  /** The list's filters as the list endpoint took them (page and size are ignored). */
  filters: Record<string, unknown>;
  /** One page of the list with those filters. */
  fetch: (page: number, size: number) => Promise<Page<T>>;
}

/** The filters worth recording: no paging, nothing empty. */
function recorded(filters: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(filters).filter(
      ([k, v]) =>
        k !== 'page' && k !== 'size' && k !== 'pageSize' && v !== undefined && v !== '' && v !== null,
    ),
  );
}

/**
 * Streams a list to XLSX or CSV: the first page is read before answering (so a failing query is still
 * a proper error), the export is written to the audit log, then rows go out page by page.
 */
export class ExportsService {
  constructor(private readonly db: Db) {}

  async send<T>(actor: Actor, reply: FastifyReply, format: ExportFormat, job: ExportJob<T>) {
    const first = await job.fetch(1, EXPORT_PAGE_SIZE);
    const name = `${job.file}-${vnDayKey(new Date()).replace(/-/g, '')}.${format}`;
    await writeAudit(this.db, actor, {
      action: 'export',
      entity: job.entity,
      after: { format, file: name, rows: first.totalElements, filters: recorded(job.filters) },
    });
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    let aborted = false;
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted = true;
    });
    async function* pages(): AsyncGenerator<T[]> {
      yield first.content;
      for (let page = 2; page <= first.totalPages && !aborted; page++) {
        const next = await job.fetch(page, EXPORT_PAGE_SIZE);
        if (next.content.length === 0) break;
        yield next.content;
      }
    }
    const write =
      format === 'xlsx'
        ? writeXlsx(out, job.sheet, job.columns, pages())
        : writeCsv(out, job.columns, pages());
    write.catch((err) => {
      reply.log.error({ err }, 'export failed while streaming');
      out.destroy(err as Error);
    });
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header(
        'content-disposition',
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('cache-control', 'no-store')
      .send(out);
  }
}
