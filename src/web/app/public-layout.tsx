import { Outlet } from 'react-router';
import { ChatWidget } from '../features/chat/chat-widget';
import { useWebConfig } from '../lib/web-config';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/**
 * The public site's frame: sticky header, the page, footer. Keep this file and what it
 * imports free of dashboard code: it is in every visitor's first download.
 */
export default function PublicLayout() {
  const { data: config, isPending } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-3 font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Bỏ qua đến nội dung chính
      </a>
      <PublicHeader name={name} phone={config?.showroomPhone || undefined} />
      {/* At least a screen tall: while a page shows its skeleton the footer stays below the fold, so the
          real content arriving does not push a visible footer down (layout shift). The page's last block
          grows to fill it, so a short page (/compare, a missing car) has no white band above the footer. */}
      <main id="main" className="flex min-h-dvh flex-1 flex-col *:w-full [&>:last-child]:flex-1">
        <Outlet />
      </main>
      <PublicFooter config={config} loading={isPending} />
      <ChatWidget />
    </div>
  );
}
