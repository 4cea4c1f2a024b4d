import { type FormEvent, useState } from 'react';
import { loginAddress } from '../../../shared/api-routes';
import { ApiRequestError, api, apiErrorMessage } from '../../lib/api';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { useRouter } from '../../lib/router';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { TextField } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { storeOperatorToken } from './session';

/** The operator's login; after a session ended (`?session=expired`) it says why the form is back. */
export function LoginForm() {
  const intl = useIntl();
  const toast = useToast();
  const { location } = useRouter();
  const expired = new URLSearchParams(location.search).get('session') === 'expired';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => api(loginAddress(), { method: 'POST', json: { email, password } }),
    onSuccess: ({ token }) => {
      storeOperatorToken(token);
      toast({
        title: intl.formatMessage({ id: 'operator.login.success' }),
        description: intl.formatMessage({ id: 'operator.login.welcome' }),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'operator.login.failed' }),
        description:
          error instanceof ApiRequestError && error.status === 401
            ? intl.formatMessage({ id: 'operator.login.invalid' })
            : (apiErrorMessage(error) ?? error.message),
        variant: 'error',
      }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <div className="mx-auto max-w-sm px-4 py-24">
      <Card>
        <form onSubmit={submit} className="space-y-4">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="operator.login.title" />
          </h1>
          {expired ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <FormattedMessage id="operator.login.expired" />
            </p>
          ) : null}
          <TextField
            label={intl.formatMessage({ id: 'operator.login.email' })}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextField
            label={intl.formatMessage({ id: 'operator.login.password' })}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            <FormattedMessage id={login.isPending ? 'operator.login.pending' : 'operator.login.submit'} />
          </Button>
        </form>
      </Card>
    </div>
  );
}
