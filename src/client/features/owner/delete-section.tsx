import { type ReactNode, useState } from 'react';
import type { OwnerDeleteAddress } from '../../../shared/api-routes';
import { api } from '../../lib/api';
import type { MessageId } from '../../lib/intl';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useMutation } from '../../lib/query';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { TitledCard } from '../../ui/titled-card';
import { useToast } from '../../ui/toast';

/** The texts of one delete section, by their catalog ids (the stone's or the collection's). */
export interface DeleteTexts {
  title: MessageId;
  /** What goes, and that it cannot be undone. */
  text: MessageId;
  open: MessageId;
  dialogTitle: MessageId;
  /** The field's label: type `expected` to confirm. */
  confirmLabel: MessageId;
  confirm: MessageId;
  deleting: MessageId;
  failed: MessageId;
  cancel: MessageId;
}

/** Spaces at the ends and the case do not count: what is typed only has to name the same thing. */
const same = (typed: string, expected: string) => typed.trim().toLocaleLowerCase() === expected.trim().toLocaleLowerCase();

/**
 * Deleting for good, on an owner page: the section says what goes; its button opens a dialog in which the owner types
 * `expected` (the stone's code, the collection's title) before the delete button works, so neither a slip nor a
 * second click deletes a memorial. `values` fill the texts' placeholders; `extra` says more in the section.
 */
export function DeleteSection({
  id,
  texts,
  values,
  extra,
  expected,
  path,
  onDeleted,
}: {
  id: string;
  texts: DeleteTexts;
  values: Record<string, string | number>;
  extra?: ReactNode;
  expected: string;
  /** The API address the DELETE goes to. */
  path: OwnerDeleteAddress;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => api(path, { method: 'DELETE' }),
    onSuccess: () => {
      setOpen(false);
      onDeleted();
    },
    onError: () => toast({ title: intl.formatMessage({ id: texts.failed }), variant: 'error' }),
  });
  const confirmed = same(typed, expected);
  return (
    <TitledCard id={`${id}-title`} title={<FormattedMessage id={texts.title} />}>
      <p className="mt-2 text-sm text-stone-700">
        <FormattedMessage id={texts.text} values={values} />
      </p>
      {extra}
      <Button
        className="mt-3 border-red-300 text-red-800 hover:bg-red-50"
        variant="secondary"
        onClick={() => {
          setTyped('');
          setOpen(true);
        }}
      >
        <FormattedMessage id={texts.open} />
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !remove.isPending && setOpen(next)}
        title={<FormattedMessage id={texts.dialogTitle} values={values} />}
        description={<FormattedMessage id={texts.text} values={values} />}
      >
        {/* The field is the dialog's first control: it has the focus when the dialog opens. */}
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !remove.isPending) remove.mutate();
          }}
        >
          <TextField
            label={intl.formatMessage({ id: texts.confirmLabel }, values)}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            data-testid={`${id}-confirm-input`}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setOpen(false)}>
              <FormattedMessage id={texts.cancel} />
            </Button>
            <Button type="submit" className="bg-red-700 hover:bg-red-800 disabled:bg-red-300" disabled={!confirmed || remove.isPending}>
              <FormattedMessage id={remove.isPending ? texts.deleting : texts.confirm} />
            </Button>
          </div>
        </form>
      </Dialog>
    </TitledCard>
  );
}
