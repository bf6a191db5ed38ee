import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from './button';

/** FormActions: a form page's foot: 'Hủy' back to `cancelTo`, then the submit button (`children`). */
export function FormActions({
  cancelTo,
  saving,
  disabled,
  children,
}: {
  cancelTo: string;
  saving: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end lg:col-span-2">
      <Link to={cancelTo} className={buttonClass('secondary')}>
        Hủy
      </Link>
      <Button type="submit" loading={saving} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
