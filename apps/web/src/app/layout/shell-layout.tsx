import { Suspense } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
// dayjs' UTC plugin and locale, which the screens' date code expects: loaded with the shell, not at start-up.
import '../../lib/format/date-time';
import { LiveProvider } from '../../features/live/live-provider';
import { StationLiveSync } from '../../features/stations/live/station-live-sync';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';

/** Frame of the signed-in screens: header on top, hover-expanding sidebar, content; the live connection. */
export function ShellLayout() {
  return (
    <LiveProvider>
      <StationLiveSync />
      <Layout className="shell">
        <AppHeader />
        <Layout className="shell__body">
          <AppSidebar />
          <Layout.Content id="main-content" className="shell__content" tabIndex={-1}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </LiveProvider>
  );
}
