import { LEAD_PAGES, type LeadType } from '@contract/leads';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { onLeadArrived } from '../../lib/live-leads';
import { leadKeys } from './api';

/** How long a lead that just arrived stays tinted in the list. */
export const FRESH_LEAD_MS = 15_000;

/**
 * While a management list is open: a lead of its type announced by the notification stream refetches
 * the list at once (no reload) and is returned among the fresh ids for FRESH_LEAD_MS, so the row stands out.
 */
export function useLiveLeads(type: LeadType): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = onLeadArrived(({ path, leadId }) => {
      if (path !== LEAD_PAGES[type]) return;
      void queryClient.invalidateQueries({ queryKey: leadKeys.type(type) });
      setFresh((s) => new Set(s).add(leadId));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setFresh((s) => {
          const next = new Set(s);
          next.delete(leadId);
          return next;
        });
      }, FRESH_LEAD_MS);
      timers.add(timer);
    });
    return () => {
      stop();
      for (const t of timers) clearTimeout(t);
    };
  }, [type, queryClient]);
  return fresh;
}
