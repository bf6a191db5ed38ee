import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: an in-app navigation to another path is held (React
 * Router's blocker) until the person confirms, and closing or reloading the tab raises the browser's
 * own question (`beforeunload`, whose text browsers no longer let a page choose). Returns the props of
 * the confirmation (UnsavedChangesDialog): open while a navigation is held, onConfirm leaves, onCancel
 * stays.
 * A form that navigates when its save succeeds passes `isDirty && !mutation.isPending`: the mutation's
 * onSuccess runs before the page renders again, so the blocker still holds the pending render's `false`.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari need returnValue set to ask.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // The changes were saved or undone while the question was open: nothing to ask any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);
  return {
    open: blocker.state === 'blocked',
    onConfirm: () => blocker.proceed?.(),
    onCancel: () => blocker.reset?.(),
  };
}
