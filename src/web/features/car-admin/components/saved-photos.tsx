import type { CarAdminDetail } from '@contract/cars';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { usePhotoActions } from '../api';
import { type PhotoItem, PhotoManager } from './photo-manager';

/** Edit page photos: every change is saved at once (upload with progress, remove, reorder). */
export function SavedPhotos({ car }: { car: CarAdminDetail }) {
  const { upload, remove, reorder } = usePhotoActions(car.carId);
  const [order, setOrder] = useState<number[] | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const removal = useConfirmAction(
    remove,
    (photoId: number) => photoId,
    () => 'Đã xóa ảnh',
  );
  const byId = new Map(car.photos.map((p) => [p.photoId, p]));
  const ids = (order ?? car.photos.map((p) => p.photoId)).filter((id) => byId.has(id));
  const items: PhotoItem[] = ids.map((id) => ({ key: String(id), src: byId.get(id)!.urls[480] }));
  const busy = upload.isPending || remove.isPending || reorder.isPending;

  return (
    <>
      <PhotoManager
        items={items}
        busy={busy}
        progress={progress}
        onAdd={(files) => {
          setProgress(0);
          upload.mutate(
            { files, onProgress: setProgress },
            {
              onSuccess: (photos) => {
                setOrder(null);
                toast.success(`Đã tải lên ${files.length} ảnh (${photos.length} ảnh)`);
              },
              onError: (err) => toast.error(errorMessage(err)),
              onSettled: () => setProgress(null),
            },
          );
        }}
        onRemove={(key) => removal.ask(Number(key))}
        onMove={(from, to) => {
          if (to < 0 || to >= ids.length) return;
          const next = [...ids];
          const [item] = next.splice(from, 1);
          next.splice(to, 0, item);
          setOrder(next);
          reorder.mutate(next, {
            onSuccess: () => setOrder(null),
            onError: (err) => {
              setOrder(null);
              toast.error(errorMessage(err));
            },
          });
        }}
      />
      <ConfirmDialog
        {...removal.dialog}
        title="Xóa ảnh này?"
        message="Ảnh sẽ bị xóa khỏi xe ngay lập tức."
        confirmLabel="Xóa ảnh"
      />
    </>
  );
}
