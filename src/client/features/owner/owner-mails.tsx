import { ownerStoneAddress } from '../../../shared/api-routes';
import type { OwnerStoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { NotifyCard, type NotifyTexts } from './notify-card';

const SAVED = { instant: 'owner.mails.on', daily: 'owner.mails.daily', weekly: 'owner.mails.weekly', off: 'owner.mails.off' } as const;

const TEXTS: NotifyTexts = {
  title: 'owner.mails.title',
  legend: 'owner.mails.notify',
  choices: {
    instant: 'owner.mails.choice.instant',
    daily: 'owner.mails.choice.daily',
    weekly: 'owner.mails.choice.weekly',
    off: 'owner.mails.choice.off',
  },
  saved: (notify) => SAVED[notify],
  failed: 'owner.updateFailed',
};

/** How often the owner hears of finds: a mail per find (the default), a daily or weekly letter, or not at all. */
export function OwnerMails({ token, stone, onSaved }: { token: string; stone: OwnerStoneView; onSaved: (next: OwnerStoneView) => void }) {
  return (
    <NotifyCard
      id="owner-mails-title"
      value={stone.notify}
      texts={TEXTS}
      save={(notify) => api(ownerStoneAddress(token), { method: 'PATCH', json: { notify } })}
      onSaved={onSaved}
    />
  );
}
