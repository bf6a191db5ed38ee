import { LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/button';

/** A dashboard path no page claims: inside the dashboard's layout, so the menu stays (and titles the tab). */
export default function DashboardNotFound() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Không tìm thấy trang</h1>
      <p className="mt-3 text-slate-600">Trang quản trị này không tồn tại hoặc đã được chuyển đi.</p>
      <Link to="/dashboard" className={buttonClass('primary', 'mt-8 px-6')}>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        Về trang tổng quan
      </Link>
    </div>
  );
}
