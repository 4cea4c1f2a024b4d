import type { MessageId } from '../../lib/intl';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';

/** The message ids of a dialog form's two buttons, the save button's while it is saving included. */
export interface DialogButtonTexts {
  cancel: MessageId;
  save: MessageId;
  saving: MessageId;
}

/** The foot of an operator's edit dialog: cancel closes it, save submits its form and waits while saving. */
export function DialogButtons({ texts, saving, onCancel }: { texts: DialogButtonTexts; saving: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        <FormattedMessage id={texts.cancel} />
      </Button>
      <Button type="submit" disabled={saving}>
        <FormattedMessage id={saving ? texts.saving : texts.save} />
      </Button>
    </div>
  );
}
