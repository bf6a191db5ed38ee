import { RotateCcw, ShieldCheck } from 'lucide-react';
import { useWebConfig } from '../../../lib/web-config';

/** "Bảo hành & đổi trả" near the price: the showroom's own words from its settings, on every car page. */
export function PolicyBlock({ className }: { className?: string }) {
  const { data } = useWebConfig();
  const policies = data?.policies;
  if (!policies || (!policies.warranty && !policies.returns)) return null;
  const rows = [
    { icon: ShieldCheck, label: 'Bảo hành', text: policies.warranty },
    { icon: RotateCcw, label: 'Đổi trả', text: policies.returns },
  ].filter((r) => r.text);
  return (
    <section
      aria-label="Bảo hành & đổi trả"
      className={`rounded-xl bg-emerald-50/60 p-3 ring-1 ring-emerald-100 ${className ?? ''}`}
    >
      <h2 className="text-sm font-semibold text-slate-900">Bảo hành &amp; đổi trả</h2>
      <ul className="mt-2 space-y-2">
        {rows.map((r) => (
          <li key={r.label} className="flex gap-2 text-sm text-slate-700">
            <r.icon className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            <p>
              <span className="font-medium text-slate-900">{r.label}: </span>
              {r.text}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
