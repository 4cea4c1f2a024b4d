import { pathTo } from '../../../shared/routes';
import { MAX_CODES_AT_ONCE } from '../../../shared/schemas/limits';
import { FormattedMessage } from '../../lib/intl-react';
import { Button } from '../../ui/button';
import type { ChosenStone } from './many-finds-form';

/**
 * The stone found: log its find, only view it, or add another stone found at the same place (up to
 * MAX_CODES_AT_ONCE); with stones chosen before, one find for all of them.
 */
export function FoundStone({
  found,
  chosen,
  go,
  add,
  logAll,
}: {
  found: ChosenStone;
  chosen: ChosenStone[];
  go: (path: string) => void;
  add: () => void;
  logAll: () => void;
}) {
  const count = chosen.length + 1;
  return (
    <>
      <p className="mb-4 font-medium text-stone-800">{found.title}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {chosen.length > 0 ? (
          <Button className="flex-1" autoFocus onClick={logAll}>
            <FormattedMessage id="find-dialog.many.logAll" values={{ count }} />
          </Button>
        ) : (
          <>
            <Button className="flex-1" autoFocus onClick={() => go(`${pathTo('stone', { code: found.code })}#find-form`)}>
              <FormattedMessage id="find-dialog.findModal.log" />
            </Button>
            <Button variant="secondary" className="flex-1" onClick={() => go(pathTo('view', { code: found.code }))}>
              <FormattedMessage id="find-dialog.findModal.view" />
            </Button>
          </>
        )}
      </div>
      {count < MAX_CODES_AT_ONCE ? (
        <button type="button" onClick={add} className="mt-4 text-sm font-medium text-amber-800 underline">
          <FormattedMessage id="find-dialog.many.add" />
        </button>
      ) : null}
    </>
  );
}
