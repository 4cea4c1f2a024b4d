import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import type { OwnerLinkRequestAddress } from '../../../shared/api-routes';
import { stoneOwnerLinkAddress } from '../../../shared/api-routes';
import { isValidCode } from '../../../shared/code';
import { formatCodeInput } from '../../../shared/code-entry';
import { email as emailSchema } from '../../../shared/schemas/common';
import { firstRefusal } from '../../../shared/schemas/says';
import { api, apiErrorMessage } from '../../lib/api';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { EmailField, TextField } from '../../ui/field';

/** What the request is for: a stone (its code, or asked for), or another owner link's address and texts (a collection). */
export interface OwnerLinkTarget {
  code?: string;
  /** The request's address, e.g. `/api/collections/{id}/owner-link`, instead of the stone's. */
  path?: OwnerLinkRequestAddress;
  /** The texts where they are not a stone's: the disclosure's summary, the form's explanation, the answer. */
  texts?: { summary: MessageId; text: MessageId; sent: MessageId };
}

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
      setCodeError(intl.formatMessage({ id: 'owner-link.codeInvalid' }));
      return;
    }
    setCodeError(null);
    const result = v.safeParse(emailSchema, email);
    if (!result.success) {
      setError(intl.formatMessage({ id: firstRefusal(result.issues, 'core.email.invalid') }));
      return;
    }
    setError(null);
    mutation.mutate({ email: result.output });
  };

  if (mutation.isSuccess) {
    return (
      <p role="status" className="mt-3 text-stone-700">
        <FormattedMessage id={texts?.sent ?? 'owner-link.sent'} />
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <p>
        <FormattedMessage id={texts?.text ?? 'owner-link.text'} />
      </p>
      {knownCode || path ? null : (
        <TextField
          label={intl.formatMessage({ id: 'owner-link.code' })}
          name="code"
          autoComplete="off"
          value={code}
          onChange={(event) => setCode(formatCodeInput(event.target.value))}
          error={codeError}
        />
      )}
      <EmailField
        label={intl.formatMessage({ id: 'owner-link.email' })}
        required
        value={email}
        onValue={setEmail}
        error={error ?? (mutation.isError ? (apiErrorMessage(mutation.error) ?? mutation.error.message) : null)}
      />
      <Button type="submit" variant="secondary" disabled={mutation.isPending}>
        <FormattedMessage id={mutation.isPending ? 'owner-link.submitting' : 'owner-link.submit'} />
      </Button>
    </form>
  );
}
