import { useEffect, useRef, useState } from 'react';

export interface LocalPhoto {
  key: string;
  file: File;
  url: string;
}

/** Photos of a car not saved yet: kept in the browser, sent with the car in cover-first order. */
export function useLocalPhotos() {
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const all = useRef(photos);
  all.current = photos;
  useEffect(
    () => () => {
      for (const p of all.current) URL.revokeObjectURL(p.url);
    },
    [],
  );
  return {
    photos,
    add: (files: File[]) =>
      setPhotos((ps) => [
        ...ps,
        ...files.map((file) => ({
          key: `${file.name}-${file.size}-${Math.random()}`,
          file,
          url: URL.createObjectURL(file),
        })),
      ]),
    remove: (key: string) =>
      setPhotos((ps) => {
        const gone = ps.find((p) => p.key === key);
        if (gone) URL.revokeObjectURL(gone.url);
        return ps.filter((p) => p.key !== key);
      }),
    move: (from: number, to: number) =>
      setPhotos((ps) => {
        if (to < 0 || to >= ps.length) return ps;
        const next = [...ps];
        const [item] = next.splice(from, 1);
        next.splice(to, 0, item);
        return next;
      }),
  };
}
