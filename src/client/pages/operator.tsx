import { Counters } from '../features/operator/counters';
import { DashboardHeader } from '../features/operator/dashboard-header';
import { FailedMails } from '../features/operator/failed-mails';
import { LoginForm } from '../features/operator/login-form';
import { ReportsPanel } from '../features/operator/reports/reports-panel';
import { useOperatorToken } from '../features/operator/session';
import { StoneTable } from '../features/operator/stone-table';
import { Spinner } from '../ui/spinner';

/** /admin: the login form, or the operator's stones, counters, reported finds and failed mails. */
export default function OperatorPage() {
  const token = useOperatorToken();
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
