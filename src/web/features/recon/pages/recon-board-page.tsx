import type { ReconCard as Card } from '@contract/recon';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ModalDialog } from '../../../components/modal-dialog';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useCan } from '../../../lib/session';
import { useListCar, useMoveStage, useReconBoard, useReconSettings } from '../api';
import { ReconCard } from '../components/recon-card';
import { StageSettings } from '../components/stage-settings';
import { WorkItems } from '../components/work-items';

/**
 * /dashboard/recon ("Chuẩn bị xe"): a column per stage, a card per car being prepared. A card moves by
 * its arrows or its stage list (phones) or by drag (desktop); its work items open in a dialog from the
 * card (for the staff who cannot open the car form); from the last stage it is listed through
 * the listing gate, and a manager may list it anyway with a reason (docs/reconditioning.md).
 */
export default function ReconBoardPage() {
  const board = useReconBoard();
  const move = useMoveStage();
  const list = useListCar();
  const can = useCan();
  const [refused, setRefused] = useState<{ card: Card; message: string } | null>(null);
  const [reason, setReason] = useState('');
  const [over, setOver] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [workOn, setWorkOn] = useState<Card | null>(null);
  const settings = useReconSettings(editing);

  const moveCar = (card: Card, stage: string) => {
    if (stage === card.stage) return;
    move.mutate(
      { carId: card.carId, stage },
      {
        onSuccess: () => toast.success(`Đã chuyển ${card.carName} sang "${stageName(stage)}"`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  const listCar = (card: Card, overrideReason?: string) =>
    list.mutate(
      { carId: card.carId, overrideReason },
      {
        onSuccess: () => {
          toast.success(`Đã đăng bán ${card.carName}`);
          setRefused(null);
          setReason('');
        },
        onError: (err) => {
          if ((err as { status?: number }).status === 409) setRefused({ card, message: errorMessage(err) });
          else toast.error(errorMessage(err));
        },
      },
    );

  const stages = board.data?.stages ?? [];
  const cards = board.data?.cards ?? [];
  const stageName = (key: string) => stages.find((s) => s.key === key)?.name ?? key;
  const late = cards.filter((c) => c.late).length;

  return (
    <div>
      <PageHeader
        title="Chuẩn bị xe"
        description={
          board.data
            ? `${cards.length} xe đang chuẩn bị bán${late ? `, ${late} xe trễ hạn` : ''}. Thời gian tính theo giờ làm việc của showroom.`
            : undefined
        }
        actions={
          can('MANAGE_CAR') ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Cài đặt công đoạn
            </Button>
          ) : undefined
        }
      />
      {editing && settings.data ? (
        <StageSettings settings={settings.data} open onClose={() => setEditing(false)} />
      ) : null}
      {board.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      ) : board.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(board.error)}
        </p>
      ) : cards.length === 0 ? (
        <EmptyState
          icon={<Wrench className="size-6" aria-hidden="true" />}
          title="Không có xe nào đang chuẩn bị"
          description="Xe mua về hoặc thêm mới chưa đăng bán sẽ hiện ở đây."
        />
      ) : (
        <div className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
          {stages.map((stage) => {
            const here = cards.filter((c) => c.stage === stage.key);
            return (
              <section
                key={stage.key}
                aria-label={stage.name}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOver(stage.key);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => {
                  e.preventDefault();
                  setOver(null);
                  const card = cards.find((c) => c.carId === Number(e.dataTransfer.getData('text/plain')));
                  if (card) moveCar(card, stage.key);
                }}
                className={cx(
                  'flex w-[85vw] max-w-72 shrink-0 snap-start flex-col rounded-xl bg-slate-100 p-2 sm:w-64',
                  over === stage.key && 'ring-2 ring-brand-500',
                )}
              >
                <header className="px-1 pb-2">
                  <h2 className="flex items-center justify-between text-sm font-semibold text-slate-800">
                    {stage.name}
                    <span className="rounded-full bg-white px-2 text-xs text-slate-600">{here.length}</span>
                  </h2>
                  <p className="text-xs text-slate-600">
                    Tối đa {stage.maxHours} giờ · {stage.ownerName ?? 'Chưa có người phụ trách'}
                  </p>
                </header>
                <ul className="flex flex-col gap-2">
                  {here.map((card) => (
                    <ReconCard
                      key={card.carId}
                      card={card}
                      stages={stages}
                      busy={move.isPending || list.isPending}
                      onMove={(to) => moveCar(card, to)}
                      onList={() => listCar(card)}
                      onItems={() => setWorkOn(card)}
                    />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      <ModalDialog
        open={workOn !== null}
        title={workOn ? `Sửa chữa: ${workOn.carName} ${workOn.year}` : ''}
        width="max-w-3xl"
        onClose={() => setWorkOn(null)}
      >
        <div className="p-4 sm:p-6">{workOn ? <WorkItems carId={workOn.carId} framed={false} /> : null}</div>
      </ModalDialog>
      <ModalDialog open={refused !== null} title="Chưa thể đăng bán" onClose={() => setRefused(null)}>
        <div className="p-4 sm:p-6">
          <p className="text-sm text-slate-700">{refused?.message}</p>
          {can('MANAGE_CAR') ? (
            <form
              className="mt-4 space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (refused && reason.trim()) listCar(refused.card, reason.trim());
              }}
            >
              <label htmlFor="override-reason" className="block text-sm font-medium text-slate-800">
                Lý do đăng bán dù còn thiếu (được ghi nhật ký)
              </label>
              <textarea
                id="override-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                className="w-full rounded-md border border-slate-300 p-2 text-sm"
              />
              <div className="flex justify-end gap-2">
                <Button type="button" variant="secondary" onClick={() => setRefused(null)}>
                  Để sau
                </Button>
                <Button type="submit" disabled={!reason.trim()} loading={list.isPending}>
                  Vẫn đăng bán
                </Button>
              </div>
            </form>
          ) : null}
        </div>
      </ModalDialog>
    </div>
  );
}
