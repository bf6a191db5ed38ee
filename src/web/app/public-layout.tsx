import { Outlet } from 'react-router';
import { ChatWidget } from '../features/chat/chat-widget';
import { useWebConfig } from '../lib/web-config';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

/**
 * The public site's frame: sticky header, the page, footer (spec section 2). Keep this file and what it
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
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter config={config} loading={isPending} />
      <ChatWidget />
    </div>
  );
}
