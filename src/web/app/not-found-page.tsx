import { ArrowLeft, Home } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../components/button';
import { Logo } from '../components/logo';
import { useWebConfig } from '../lib/web-config';

/** Any path no route claims. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const { data } = useWebConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="inline-block rounded-lg"
          aria-label={`${data?.showroomName || 'AutoViet'} - Trang chủ`}
        >
          <Logo name={data?.showroomName || 'AutoViet'} />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="max-w-md text-center">
          <p className="text-7xl font-bold text-brand-600 sm:text-8xl" aria-hidden="true">
            404
          </p>
          <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">Không tìm thấy trang</h1>
          <p className="mt-3 text-slate-600">
            Trang bạn tìm không tồn tại hoặc đã được chuyển đi. Hãy quay về trang chủ để tiếp tục xem xe.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/" className={buttonClass('primary', 'px-6')}>
              <Home className="size-4" aria-hidden="true" />
              Về trang chủ
            </Link>
            <button type="button" className={buttonClass('secondary', 'px-6')} onClick={() => navigate(-1)}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              Quay lại
            </button>
          </div>
        </div>
      </main>
    </div>
  );
}
