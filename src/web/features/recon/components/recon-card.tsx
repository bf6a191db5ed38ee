import type { ReconCard as Card, ReconStage } from '@contract/recon';
import { ChevronLeft, ChevronRight, Clock, User, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Button, IconButton } from '../../../components/button';
import { CarThumb } from '../../../components/car-thumb';
import { cx } from '../../../lib/cx';

/** "3 giờ 20 phút": working time as a person reads it. */
export function workingTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} phút`;
  return m === 0 ? `${h} giờ` : `${h} giờ ${m} phút`;
}

/**
 * One car on the board: its photo, name, days since it was bought, its time in the stage against the
 * limit (red when late), who answers for the stage, its work items' counts and a button opening them;
 * moved by the arrows, the stage list or by drag.
 */
export function ReconCard({
  card,
  stages,
  busy,
  onMove,
  onList,
  onItems,
}: {
  card: Card;
  stages: ReconStage[];
  busy: boolean;
  onMove: (stage: string) => void;
  onList: () => void;
  /** Opens the car's work items. */
  onItems: () => void;
}) {
  const index = stages.findIndex((s) => s.key === card.stage);
  const prev = stages[index - 1];
  const next = stages[index + 1];
  const name = `${card.carName} ${card.year}`;
  return (
    <li
      draggable
      onDragStart={(e) => e.dataTransfer.setData('text/plain', String(card.carId))}
      className={cx(
        // Positioned: the visually hidden label stays inside the scrolling board, not past the page's edge.
        'relative rounded-lg border bg-white p-3 shadow-sm',
        card.late ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200',
      )}
    >
      <div className="flex gap-3">
        <CarThumb src={card.cover?.urls[480]} className="w-20 rounded-md" iconClassName="size-6" />
        <div className="min-w-0 flex-1">
          <Link
            to={`/dashboard/car/edit/${card.carId}`}
            className="line-clamp-2 text-sm font-semibold text-slate-900 hover:text-brand-700 hover:underline"
          >
            {name}
          </Link>
          <p className="mt-0.5 text-xs text-slate-600">Mua về {card.daysSincePurchase} ngày</p>
        </div>
      </div>
      <p
        className={cx(
          'mt-2 flex items-center gap-1 text-xs tabular-nums',
          card.late ? 'font-semibold text-red-700' : 'text-slate-600',
        )}
      >
        <Clock className="size-3.5 shrink-0" aria-hidden="true" />
        {workingTime(card.minutesInStage)} / {workingTime(card.limitMinutes)}
        {card.late ? ' · Trễ hạn' : ''}
      </p>
      <p className="mt-1 flex items-center gap-1 text-xs text-slate-600">
        <User className="size-3.5 shrink-0" aria-hidden="true" />
        {card.ownerName ?? 'Chưa có người phụ trách'}
      </p>
      {card.items.pending + card.items.approved + card.items.done > 0 ? (
        <p className="mt-1 text-xs text-slate-600">
          Hạng mục: {card.items.pending} chờ duyệt · {card.items.approved} đã duyệt · {card.items.done} hoàn
          thành
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="mt-2 w-full"
        onClick={onItems}
        aria-label={`Hạng mục sửa chữa của ${name}`}
      >
        <Wrench className="size-4" aria-hidden="true" />
        Hạng mục sửa chữa
      </Button>
      <div className="mt-2 flex items-center gap-1">
        <IconButton
          label={prev ? `Chuyển ${name} về "${prev.name}"` : 'Đã ở công đoạn đầu'}
          disabled={!prev || busy}
          onClick={() => prev && onMove(prev.key)}
          className="size-11"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </IconButton>
        <label className="sr-only" htmlFor={`stage-${card.carId}`}>
          Công đoạn của {name}
        </label>
        <select
          id={`stage-${card.carId}`}
          value={card.stage}
          disabled={busy}
          onChange={(e) => onMove(e.target.value)}
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {stages.map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </select>
        {next ? (
          <IconButton
            label={`Chuyển ${name} sang "${next.name}"`}
            disabled={busy}
            onClick={() => onMove(next.key)}
            className="size-11"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </IconButton>
        ) : (
          <Button className="h-11" disabled={busy} onClick={onList} aria-label={`Đăng bán ${name}`}>
            Đăng bán
          </Button>
        )}
      </div>
    </li>
  );
}
