import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';

/** Shows the full-screen spinner while the next page's code loads; restores scroll on back / forward. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <FullScreenSpinner /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
