import { useConfig } from '../../lib/config';
import { FormattedMessage } from '../../lib/intl-react';
import { useQueryClient } from '../../lib/query';
import { Link } from '../../lib/router';
import { Button } from '../../ui/button';
import { logOutOperator } from './session';

/** The links out of the dashboard besides logging out: the blog's admin and the home page. */
const WAYS_OUT = [
  { href: '/admin/blog', text: 'operator.blogLink' },
  { href: '/', text: 'operator.homeLink' },
] as const;

/** The dashboard's title, and the ways out of it: the blog admin, the home page, logging out. */
export function DashboardHeader() {
  const config = useConfig();
  const queryClient = useQueryClient();
  const logout = () => {
    // The server ends the token too: forgetting it here alone would leave a copied token usable for hours.
    void logOutOperator();
    // Nothing an operator saw stays in memory for whoever uses the browser next.
    queryClient.removeQueries({ queryKey: ['operator'] });
  };
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold">
          <FormattedMessage id="operator.header.title" />
        </h1>
        <p className="mt-1 text-stone-600">
          <FormattedMessage id="operator.header.subtitle" values={{ product: config.productName }} />
        </p>
      </div>
      <nav className="flex flex-wrap items-center gap-2">
        {WAYS_OUT.map(({ href, text }) => (
          <Link key={href} href={href} className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm hover:bg-stone-100">
            <FormattedMessage id={text} />
          </Link>
        ))}
        <Button variant="secondary" onClick={logout}>
          <FormattedMessage id="operator.logout" />
        </Button>
      </nav>
    </header>
  );
}
