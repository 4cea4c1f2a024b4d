import { useState } from 'react';
import type { MessageId } from '../../../shared/i18n/message-ids';
import { OWNER_NOTIFY, type OwnerNotify } from '../../../shared/schemas/notify';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { FrequencyChoice } from '../../ui/frequency-choice';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/** The texts of an owner's "how often" card, from the page's own namespace. */
export interface NotifyTexts {
  title: MessageId;
  legend: MessageId;
  choices: Record<OwnerNotify, MessageId>;
  saved: (notify: OwnerNotify) => MessageId;
  failed: MessageId;
}

/**
 * How often an owner hears of finds (a stone's or a whole collection's): four choices, saved at once. What was just
 * chosen shows in the same render as the click; the saved value takes over when the answer comes, and a failure
 * falls back to it.
 */
export function NotifyCard<T extends { notify: OwnerNotify }>({
  id,
  value,
  texts,
  save,
  onSaved,
}: {
  id: string;
  value: OwnerNotify;
  texts: NotifyTexts;
  save: (notify: OwnerNotify) => Promise<T>;
  onSaved: (next: T) => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [chosen, setChosen] = useState<OwnerNotify | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (next) => {
      onSaved(next);
      toast({ title: intl.formatMessage({ id: texts.saved(next.notify) }) });
    },
    onError: () => toast({ title: intl.formatMessage({ id: texts.failed }), variant: 'error' }),
    onSettled: () => setChosen(null),
  });
  return (
    <TitledCard id={id} title={<FormattedMessage id={texts.title} />}>
      <FrequencyChoice
        name={id}
        legend={texts.legend}
        choices={OWNER_NOTIFY}
        labels={texts.choices}
        value={chosen ?? value}
        disabled={chosen !== null}
        onChange={(next) => {
          setChosen(next);
          mutation.mutate(next);
        }}
      />
    </TitledCard>
  );
}
