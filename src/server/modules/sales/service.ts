import { and, count, desc, eq, gte, inArray, isNotNull, isNull, like, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { CarStatus } from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import type { PaymentMethod, SaleCreate, SalesQuery, SaleView, StaffRef } from '../../../contract/sales';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
import { cars, sales, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { imageView } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import type { CarsService } from '../cars/service';
import type { UsersService } from '../users/service';

type SaleRow = typeof sales.$inferSelect;

function pgCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchText(s: {
  buyerName: string;
  buyerPhone: string;
  buyerEmail?: string | null;
  carName: string;
  brand: string;
}) {
  return foldVietnamese([s.buyerName, s.buyerPhone, s.buyerEmail ?? '', s.carName, s.brand].join(' '));
}

const salesperson = alias(users, 'salesperson');
const creator = alias(users, 'creator');
const canceller = alias(users, 'canceller');

const columns = {
  sale: sales,
  carStatus: cars.status,
  coverKey: cars.coverKey,
  coverWidth: cars.coverWidth,
  coverHeight: cars.coverHeight,
  salespersonName: salesperson.fullName,
  creatorName: creator.fullName,
  cancellerName: canceller.fullName,
};

function ref(id: number | null, name: string | null): StaffRef | null {
  return id !== null && name !== null ? { userId: id, fullName: name } : null;
}

/** Sold history: a sale marks its car sold in the same transaction; cancelling puts the car back on sale. */
export class SalesService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly carsService: CarsService,
    private readonly users: UsersService,
  ) {}

  private base(exec: Executor) {
    return exec
      .select(columns)
      .from(sales)
      .innerJoin(cars, eq(cars.id, sales.carId))
      .leftJoin(salesperson, eq(salesperson.id, sales.salespersonId))
      .leftJoin(creator, eq(creator.id, sales.createdBy))
      .leftJoin(canceller, eq(canceller.id, sales.cancelledBy));
  }

  private view(r: {
    sale: SaleRow;
    carStatus: string;
    coverKey: string | null;
    coverWidth: number | null;
    coverHeight: number | null;
    salespersonName: string | null;
    creatorName: string | null;
    cancellerName: string | null;
  }): SaleView {
    const s = r.sale;
    return {
      transactionId: s.id,
      status: s.cancelledAt ? 'cancelled' : 'active',
      carId: s.carId,
      carName: s.carName,
      brand: s.brand,
      listPrice: s.listPrice,
      carStatus: r.carStatus as CarStatus,
      cover:
        r.coverKey && r.coverWidth && r.coverHeight
          ? imageView(this.storage, r.coverKey, r.coverWidth, r.coverHeight)
          : null,
      buyerName: s.buyerName,
      buyerPhone: s.buyerPhone,
      buyerEmail: s.buyerEmail,
      salePrice: s.salePrice,
      purchasePrice: s.purchasePrice,
      margin: s.purchasePrice === null ? null : s.salePrice - s.purchasePrice,
      saleDate: s.saleDate,
      paymentMethod: s.paymentMethod as PaymentMethod,
      salesperson: ref(s.salespersonId, r.salespersonName),
      note: s.note,
      createdAt: s.createdAt.toISOString(),
      createdBy: ref(s.createdBy, r.creatorName),
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      cancelledBy: ref(s.cancelledBy, r.cancellerName),
      cancelReason: s.cancelReason,
    };
  }

  async get(id: number, exec: Executor = this.db): Promise<SaleView> {
    const [row] = await this.base(exec).where(eq(sales.id, id));
    if (!row) throw notFound('Không tìm thấy giao dịch');
    return this.view(row);
  }

  async list(q: SalesQuery): Promise<Page<SaleView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const conditions: (SQL | undefined)[] = [
      folded ? like(sales.searchText, `%${escapeLike(folded)}%`) : undefined,
      q.from ? gte(sales.saleDate, q.from) : undefined,
      q.to ? lte(sales.saleDate, q.to) : undefined,
      q.status === 'active'
        ? isNull(sales.cancelledAt)
        : q.status === 'cancelled'
          ? isNotNull(sales.cancelledAt)
          : undefined,
      q.paymentMethod ? eq(sales.paymentMethod, q.paymentMethod) : undefined,
      q.salespersonId ? eq(sales.salespersonId, q.salespersonId) : undefined,
    ];
    const where = and(...conditions);
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(sales).where(where),
      this.base(this.db)
        .where(where)
        .orderBy(desc(sales.saleDate), desc(sales.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    return {
      content: rows.map((r) => this.view(r)),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  /** Who can be named as salesperson: active staff holding MANAGE_CAR, and admins. */
  async salespeople(): Promise<StaffRef[]> {
    const ids = await this.users.idsWithPermission('MANAGE_CAR');
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ userId: users.id, fullName: users.fullName })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(users.fullName);
    return rows;
  }

  async create(input: SaleCreate, req: FastifyRequest): Promise<SaleView> {
    const salespersonId = input.salespersonId ?? req.user!.id;
    const id = await this.db
      .transaction((tx) => this.record(tx, input, salespersonId, req))
      .catch((err) => {
        // The partial unique index is the last guard if two sales ever slipped past the row lock.
        if (pgCode(err) === '23505') throw conflict('Xe này đã được bán');
        throw err;
      })
      .finally(() => this.carsService.invalidate());
    return this.get(id);
  }

  private async record(
    tx: Executor,
    input: SaleCreate,
    salespersonId: number,
    req: FastifyRequest,
  ): Promise<number> {
    // The row lock serialises two sales of one car: the second waits, then sees it sold.
    const car = await this.carsService.lock(tx, input.carId);
    if (car.status === 'sold') throw conflict('Xe này đã được bán');
    const person = await this.users.findRow(tx, salespersonId);
    if (!person?.active)
      throw badRequest('Nhân viên bán hàng không hợp lệ', {
        salespersonId: 'Nhân viên bán hàng không hợp lệ',
      });
    const values = {
      carId: car.id,
      carName: car.carName,
      brand: car.brand,
      listPrice: car.sellPrice,
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerEmail: input.buyerEmail ?? null,
      salePrice: input.salePrice,
      purchasePrice: input.purchasePrice ?? null,
      saleDate: input.saleDate ?? vnDayKey(new Date()),
      paymentMethod: input.paymentMethod,
      salespersonId,
      note: input.note,
      createdBy: req.user?.id ?? null,
    };
    const [row] = await tx
      .insert(sales)
      .values({ ...values, searchText: searchText(values) })
      .returning();
    await this.carsService.setStatusIn(tx, car.id, 'sold');
    await writeAudit(tx, req, {
      action: 'create',
      entity: 'sale',
      entityId: row.id,
      after: { ...values, carStatusBefore: car.status, carStatusAfter: 'sold' },
    });
    return row.id;
  }

  async cancel(id: number, reason: string, req: FastifyRequest): Promise<SaleView> {
    await this.db
      .transaction(async (tx) => {
        const [sale] = await tx.select().from(sales).where(eq(sales.id, id)).for('update');
        if (!sale) throw notFound('Không tìm thấy giao dịch');
        if (sale.cancelledAt) throw conflict('Giao dịch này đã được hủy trước đó');
        const car = await this.carsService.lock(tx, sale.carId);
        await tx
          .update(sales)
          .set({ cancelledAt: new Date(), cancelledBy: req.user?.id ?? null, cancelReason: reason })
          .where(eq(sales.id, id));
        if (car.status === 'sold') await this.carsService.setStatusIn(tx, car.id, 'available');
        await writeAudit(tx, req, {
          action: 'cancel',
          entity: 'sale',
          entityId: id,
          before: { cancelledAt: null, carStatus: car.status },
          after: { cancelReason: reason, carStatus: car.status === 'sold' ? 'available' : car.status },
        });
      })
      .finally(() => this.carsService.invalidate());
    return this.get(id);
  }

  /** For demo seeding: a sale row written directly (the car is already in its final status). */
  async insertSeeded(exec: Executor, values: typeof sales.$inferInsert) {
    await exec
      .insert(sales)
      .values({ ...values, searchText: searchText({ ...values, buyerEmail: values.buyerEmail ?? null }) });
  }
}
