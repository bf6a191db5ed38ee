import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span in words at the precision staff act on: "2 ngày 5 giờ", "1 giờ 12 phút", "8 phút", and
 * "dưới 1 phút" (a transfer can still arrive in the last seconds).
 */
export function formatSpan(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return 'dưới 1 phút';
  const days = Math.floor(abs / DAY);
  const hours = Math.floor((abs % DAY) / HOUR);
  const minutes = Math.floor((abs % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} ngày ${hours} giờ` : `${days} ngày`;
  if (hours > 0) return minutes > 0 ? `${hours} giờ ${minutes} phút` : `${hours} giờ`;
  return `${minutes} phút`;
}

/** "còn 1 giờ 12 phút" before `target`, "quá hạn 5 phút" after it. */
export function timeLeft(target: string | Date, now: number): { text: string; past: boolean } {
  const diff = new Date(target).getTime() - now;
  return diff > 0
    ? { text: `còn ${formatSpan(diff)}`, past: false }
    : { text: `quá hạn ${formatSpan(diff)}`, past: true };
}

/** The current time, ticking every `everyMs` (the countdowns of a list). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
