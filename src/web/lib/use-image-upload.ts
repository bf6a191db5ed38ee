import { useState } from 'react';
import { ApiError, errorMessage } from './api-client';

/**
 * The picture of a content form (banner, blog cover) next to its fields: `picker` goes to ImagePicker,
 * `upload` ({files, onProgress}) into the save call. `ready()` before saving: false, with `missing` under
 * the picker, when a `required` picture was not chosen; it also starts the progress bar. `flagMissing()`
 * for a form the schema refused; `refused(err)` puts a 413 / 415 answer under the picker (true when it
 * did); `settled()` hides the progress bar.
 */
export function useImageUpload(required: boolean, missing: string) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  return {
    picker: {
      file,
      onChange: (f: File | null) => {
        setFile(f);
        setError(undefined);
      },
      progress,
      error,
      required,
    },
    upload: { files: file ? [file] : [], onProgress: file ? setProgress : undefined },
    ready: () => {
      if (required && !file) {
        setError(missing);
        return false;
      }
      setError(undefined);
      setProgress(file ? 0 : null);
      return true;
    },
    flagMissing: () => {
      if (required && !file) setError(missing);
    },
    refused: (err: unknown) => {
      if (!(err instanceof ApiError && (err.status === 413 || err.status === 415))) return false;
      setError(errorMessage(err));
      return true;
    },
    settled: () => setProgress(null),
  };
}
