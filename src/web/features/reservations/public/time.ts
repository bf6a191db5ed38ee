import { formatDateTime } from '@contract/format';

/** 'HH:mm dd/mm/yyyy' in Vietnam's time, as a deadline is said: "trước 14:30 25/11/2026". */
export function timeThenDate(iso: string | null | undefined): string {
  const text = formatDateTime(iso);
  const [date, time] = text.split(' ');
  return time ? `${time} ${date}` : text;
}
