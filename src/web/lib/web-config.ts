import type { PublicWebConfiguration } from '@contract/web-config';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** Query key of the public showroom settings; the settings page invalidates it after saving. */
export const WEB_CONFIG_KEY = ['web-configuration'] as const;

/** The showroom's public settings (name, address, phone, e-mail, social links...), GET web-configuration. */
export function useWebConfig() {
  return useQuery({
    queryKey: WEB_CONFIG_KEY,
    queryFn: ({ signal }) => api<PublicWebConfiguration>('web-configuration', { signal }),
    staleTime: 5 * 60_000,
  });
}
