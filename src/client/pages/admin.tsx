import { Counters } from '../features/admin/counters';
import { DashboardHeader } from '../features/admin/dashboard-header';
import { FailedMails } from '../features/admin/failed-mails';
import { LoginForm } from '../features/admin/login-form';
import { ReportsPanel } from '../features/admin/reports/reports-panel';
import { useAdminToken } from '../features/admin/session';
import { StoneTable } from '../features/admin/stone-table';
import { Spinner } from '../ui/spinner';

/** /admin: the login form, or the operator's stones, counters, reported finds and failed mails. */
export default function AdminPage() {
  const token = useAdminToken();
  // Until the browser has read its storage, neither form nor table: no flash of the wrong one.
  if (token === undefined) return <Spinner />;
  if (!token) return <LoginForm />;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <DashboardHeader />
      <Counters />
      <ReportsPanel />
      <StoneTable />
      <FailedMails />
    </div>
  );
}
