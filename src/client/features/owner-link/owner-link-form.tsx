import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { stoneOwnerLinkAddress } from '../../../shared/api-routes';
import { isValidCode } from '../../../shared/code';
import { formatCodeInput } from '../../../shared/code-entry';
import { email as emailSchema } from '../../../shared/schemas/common';
import { api, apiErrorMessage } from '../../lib/api';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { EmailField, TextField } from '../../ui/field';
import type { OwnerLinkTarget } from './owner-link-request';

/**
 * Asks for a new owner link by mail. The answer never says whether the address fits the stone (so the
 * message is the same either way), and the link only ever goes to the creator's address.
 */
export default function OwnerLinkForm(target: OwnerLinkTarget) {
  return <Form {...target} />;
}

/** Without a known stone or address (an owner link that no longer works), the form asks for the stone's code too. */
function Form({ code: knownCode, path, texts }: OwnerLinkTarget) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(knownCode ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: { email: string }) => api(path ?? stoneOwnerLinkAddress(code), { method: 'POST', json: body }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!path && !isValidCode(code)) {
      setCodeError(intl.formatMessage({ id: 'ownerLink.codeInvalid' }));
      return;
    }
    setCodeError(null);
    const result = v.safeParse(emailSchema, email);
    if (!result.success) {
      setError(intl.formatMessage({ id: result.issues[0]?.message ?? 'email.invalid' }));
      return;
    }
    setError(null);
    mutation.mutate({ email: result.output });
  };

  if (mutation.isSuccess) {
    return (
      <p role="status" className="mt-3 text-stone-700">
        <FormattedMessage id={texts?.sent ?? 'ownerLink.sent'} />
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <p>
        <FormattedMessage id={texts?.text ?? 'ownerLink.text'} />
      </p>
      {knownCode || path ? null : (
        <TextField
          label={intl.formatMessage({ id: 'ownerLink.code' })}
          name="code"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(formatCodeInput(event.target.value))}
          error={codeError}
        />
      )}
      <EmailField
        label={intl.formatMessage({ id: 'ownerLink.email' })}
        required
        value={email}
        onValue={setEmail}
        error={error ?? (mutation.isError ? (apiErrorMessage(mutation.error) ?? mutation.error.message) : null)}
      />
      <Button type="submit" variant="secondary" disabled={mutation.isPending}>
        <FormattedMessage id={mutation.isPending ? 'ownerLink.submitting' : 'ownerLink.submit'} />
      </Button>
    </form>
  );
}
