import { ownerStoneAddress } from '../../../shared/api-routes';
import type { OwnerStoneView } from '../../../shared/types';
import { api } from '../../lib/api';
import { useIntl } from '../../lib/intl-react';
import { MemorialCard, type MemorialTexts } from './memorial-card';

const TEXTS: MemorialTexts = {
  title: 'owner.memorial.title',
  intro: 'owner.memorial.intro',
  legend: 'owner.memorial.legend',
  day: 'owner.memorial.day',
  month: 'owner.memorial.month',
  none: 'owner.memorial.none',
  incomplete: 'owner.memorial.incomplete',
  anniversary: 'owner.memorial.anniversary',
  letter: 'owner.memorial.letter',
  save: 'owner.memorial.save',
  saving: 'owner.saving',
  remove: 'owner.memorial.remove',
  saved: 'owner.memorial.saved',
  savedNone: 'owner.memorial.savedNone',
  failed: 'owner.updateFailed',
};

/** The stone's day to remember and whether its owner gets the letter of the year on it. */
export function OwnerMemorial({
  token,
  stone,
  onSaved,
}: {
  token: string;
  stone: OwnerStoneView;
  onSaved: (next: OwnerStoneView) => void;
}) {
  const intl = useIntl();
  return (
    <MemorialCard
      id="owner-memorial"
      value={stone}
      createdAt={stone.createdAt}
      noDay={
        stone.collection ? intl.formatMessage({ id: 'owner.memorial.inCollection' }, { collection: stone.collection.title }) : undefined
      }
      texts={TEXTS}
      save={(choice) => api(ownerStoneAddress(token), { method: 'PATCH', json: choice })}
      onSaved={onSaved}
    />
  );
}
