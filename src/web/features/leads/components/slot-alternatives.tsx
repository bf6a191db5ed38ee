import type { SlotChoice } from '@contract/leads';
import { CalendarClock } from 'lucide-react';

/**
 * The nearest free slots a 409 offered ("Khung giờ trống gần nhất"), each one tap away: choosing one
 * sets the day and time on the form, which the visitor then sends again.
 */
export function SlotAlternatives({
  choices,
  onChoose,
}: {
  choices: SlotChoice[];
  onChoose: (choice: SlotChoice) => void;
}) {
  if (choices.length === 0) return null;
  return (
    <fieldset className="rounded-xl border border-brand-200 bg-brand-50/60 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Chọn một khung giờ còn trống</legend>
      <ul className="mt-1 grid gap-2 sm:grid-cols-3" aria-label="Khung giờ trống gần nhất">
        {choices.map((c) => (
          <li key={`${c.date} ${c.timeSlot}`}>
            <button
              type="button"
              onClick={() => onChoose(c)}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-brand-300 bg-white px-3 py-2 text-left text-sm font-medium text-brand-800 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              <span>{c.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
