import {
  AUDIT_ENTITY_REFERENCES,
  AUDIT_GONE_LABELS,
  AUDIT_PERSON_FIELDS,
  AUDIT_REFERENCE_FIELDS,
  AUDIT_VALUE_REFERENCES,
  type AuditReferenceKind,
} from '../../../contract/audit-labels';

/** Names of the objects of one kind, by id, in one query; ids without an object are left out. */
export type NameLookup = (ids: number[]) => Promise<Map<number, string>>;

/** Where the audit log reads names: each through the module that owns the objects. */
export type AuditNameSources = Record<AuditReferenceKind, NameLookup>;

/** The kind of object a changed field's value refers to, if it refers to one. */
export function referenceOf(entity: string, field: string): AuditReferenceKind | undefined {
  if (AUDIT_PERSON_FIELDS.has(field)) return 'person';
  if (field === '') return AUDIT_VALUE_REFERENCES[entity];
  return AUDIT_REFERENCE_FIELDS[field];
}

/** The object an entry is about, when its id is that of a named object. */
export function entityReference(entity: string, entityId: string | null) {
  const kind = AUDIT_ENTITY_REFERENCES[entity];
  return kind && entityId && /^\d{1,10}$/.test(entityId) ? { kind, id: Number(entityId) } : undefined;
}

const idsIn = (value: unknown): number[] =>
  typeof value === 'number'
    ? [value]
    : Array.isArray(value)
      ? value.filter((v) => typeof v === 'number')
      : [];

/**
 * Collects the ids an audit page refers to, then looks them up, one query per kind: `want` during the
 * first pass, `resolve()` once, then `name` / `shown` to read them.
 */
export class AuditNames {
  private readonly wanted = new Map<AuditReferenceKind, Set<number>>();
  private readonly found = new Map<AuditReferenceKind, Map<number, string>>();

  constructor(private readonly sources: AuditNameSources) {}

  want(kind: AuditReferenceKind, value: unknown) {
    const set = this.wanted.get(kind) ?? new Set<number>();
    for (const id of idsIn(value)) set.add(id);
    this.wanted.set(kind, set);
  }

  async resolve() {
    await Promise.all(
      [...this.wanted].map(async ([kind, ids]) => {
        this.found.set(kind, ids.size ? await this.sources[kind]([...ids]) : new Map());
      }),
    );
  }

  /** The object's name, or undefined when it is gone. */
  name(kind: AuditReferenceKind, id: number): string | undefined {
    return this.found.get(kind)?.get(id);
  }

  /** A value referring to objects, as a reader sees it: names (or 'Xe đã xóa (#12)'); other values as they are. */
  shown(kind: AuditReferenceKind, value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.shown(kind, v));
    if (typeof value !== 'number') return value;
    return this.name(kind, value) ?? AUDIT_GONE_LABELS[kind](value);
  }
}
