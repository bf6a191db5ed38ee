import { and, count, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  type AuditChange,
  type AuditEntryView,
  type AuditOptions,
  type AuditQueryParsed,
  actionLabel,
  auditChanges,
  entityLabel,
  valueLabel,
} from '../../../contract/audit';
import type { Page } from '../../../contract/common';
import { INSPECTION_GROUP_LABELS } from '../../../contract/inspections-labels';
import { vnDayStart } from '../../../contract/vn-time';
import type { Db } from '../../db/client';
import { pageOf } from '../../platform/paging';
import { type AuditNameSources, AuditNames, entityReference, referenceOf } from './names';
import { auditLog } from './schema';

const MAX_TEXT = 300;

/** Long texts (a blog's body, a description) are cut for the list; objects become bounded JSON. */
function bounded(value: unknown): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value !== null && typeof value === 'object') {
    const json = JSON.stringify(value);
    return json.length > MAX_TEXT ? `${json.slice(0, MAX_TEXT)}…` : value;
  }
  return value;
}

const dayStart = vnDayStart;

/** The audit log as staff read it: newest first, filtered, with the changed fields worked out. */
export class AuditService {
  /** `names` reads people's, cars', postings', sales' and inspection items' names through their modules. */
  constructor(
    private readonly db: Db,
    private readonly names: AuditNameSources,
  ) {}

  async list(q: AuditQueryParsed): Promise<Page<AuditEntryView>> {
    const where = and(
      q.userId ? eq(auditLog.userId, q.userId) : undefined,
      q.entity ? eq(auditLog.entity, q.entity) : undefined,
      q.action ? eq(auditLog.action, q.action) : undefined,
      q.from ? gte(auditLog.createdAt, dayStart(q.from)) : undefined,
      q.to ? lt(auditLog.createdAt, new Date(dayStart(q.to).getTime() + 86_400_000)) : undefined,
    );
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(auditLog).where(where),
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    const entries = rows.map((e) => ({ row: e, changes: auditChanges(e.before, e.after, e.entity) }));
    // Ids inside the changes (who was assigned, which car, which posting) and the objects themselves are
    // named, each kind in one query through its module.
    const names = new AuditNames(this.names);
    for (const { row: e, changes } of entries) {
      if (e.userId) names.want('person', e.userId);
      const self = entityReference(e.entity, e.entityId);
      if (self) names.want(self.kind, self.id);
      for (const c of changes) {
        const kind = referenceOf(e.entity, c.field);
        if (kind) names.want(kind, [c.before, c.after].flat());
      }
    }
    await names.resolve();
    const shown = (entity: string, field: string, value: unknown) => {
      const kind = referenceOf(entity, field);
      return bounded(kind ? names.shown(kind, value) : valueLabel(entity, field, value));
    };
    const entityName = (entity: string, entityId: string | null) => {
      const self = entityReference(entity, entityId);
      if (self) return names.name(self.kind, self.id) ?? null;
      // A reordered group of inspection items is named by its group.
      return (entity === 'inspection_item' && entityId && INSPECTION_GROUP_LABELS[entityId as never]) || null;
    };
    return pageOf(
      entries.map(({ row: e, changes }) => ({
        auditId: e.id,
        userId: e.userId,
        username: e.username,
        fullName: (e.userId && names.name('person', e.userId)) || null,
        action: e.action,
        actionLabel: actionLabel(e.action),
        entity: e.entity,
        entityLabel: entityLabel(e.entity),
        entityId: e.entityId,
        entityName: entityName(e.entity, e.entityId),
        changes: changes.map(
          (c): AuditChange => ({
            ...c,
            before: shown(e.entity, c.field, c.before),
            after: shown(e.entity, c.field, c.after),
          }),
        ),
        ip: e.ip,
        createdAt: e.createdAt.toISOString(),
      })),
      total,
      q,
    );
  }

  /** What the filters offer: the actions, objects and people that occur in the log. */
  async options(): Promise<AuditOptions> {
    const [actions, entities, people] = await Promise.all([
      this.db.selectDistinct({ v: auditLog.action }).from(auditLog),
      this.db.selectDistinct({ v: auditLog.entity }).from(auditLog),
      this.db
        .select({
          userId: sql<number>`${auditLog.userId}`.mapWith(Number),
          username: sql<string>`max(${auditLog.username})`,
        })
        .from(auditLog)
        .where(isNotNull(auditLog.userId))
        .groupBy(auditLog.userId),
    ]);
    const names = await this.names.person(people.map((p) => p.userId));
    const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'vi');
    return {
      actions: actions.map((a) => ({ value: a.v, label: actionLabel(a.v) })).sort(byLabel),
      entities: entities.map((e) => ({ value: e.v, label: entityLabel(e.v) })).sort(byLabel),
      users: people
        .map((p) => ({ userId: p.userId, username: p.username, fullName: names.get(p.userId) ?? null }))
        .sort((a, b) => (a.fullName ?? a.username).localeCompare(b.fullName ?? b.username, 'vi')),
    };
  }
}
