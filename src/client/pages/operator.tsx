import type { PageProps } from '../../shared/routes';
import { Counters } from '../features/operator/counters';
import { DashboardHeader } from '../features/operator/dashboard-header';
import { FailedMails } from '../features/operator/failed-mails';
import { LoginForm } from '../features/operator/login-form';
import { OperatorBlog } from '../features/operator/operator-blog';
import { ReportsPanel } from '../features/operator/reports/reports-panel';
import { useOperatorToken } from '../features/operator/session';
import { StoneTable } from '../features/operator/stone-table';
import { Spinner } from '../ui/spinner';

/** The operator's screens, one module for both: /admin/blog (the blog's articles) and /admin (below). */
export default function OperatorPage({ screen }: PageProps) {
  return screen === 'operatorBlog' ? <OperatorBlog /> : <Dashboard />;
}

/** /admin: the login form, or the operator's stones, counters, reported finds and failed mails. */
function Dashboard() {
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
