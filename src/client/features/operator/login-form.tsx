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

/** The login's two fields, named as the API takes them (and typed so), with what a password manager fills in. */
const FIELDS = [
  { name: 'email', label: 'operator.login.email', autoComplete: 'username' },
  { name: 'password', label: 'operator.login.password', autoComplete: 'current-password' },
] as const;

/** The operator's login; after a session ended (`?session=expired`) it says why the form is back. */
export function LoginForm() {
  const intl = useIntl();
  const toast = useToast();
  const { location } = useRouter();
  const expired = new URLSearchParams(location.search).get('session') === 'expired';
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const login = useMutation({
    mutationFn: () => api(loginAddress(), { method: 'POST', json: credentials }),
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
          {FIELDS.map(({ name, label, autoComplete }) => (
            <TextField
              key={name}
              label={intl.formatMessage({ id: label })}
              type={name}
              autoComplete={autoComplete}
              required
              value={credentials[name]}
              onChange={(event) => setCredentials((given) => ({ ...given, [name]: event.target.value }))}
            />
          ))}
          <Button type="submit" className="w-full" disabled={login.isPending}>
            <FormattedMessage id={login.isPending ? 'operator.login.pending' : 'operator.login.submit'} />
          </Button>
        </form>
      </Card>
    </div>
  );
}
