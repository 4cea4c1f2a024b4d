import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { isValidCode, normalizeCode } from '../../../shared/code';
import { formatCodeEdit, hasLookalikes } from '../../../shared/code-entry';
import { FormattedMessage, useIntl } from '../../lib/intl-react';
import { useQueryClient } from '../../lib/query';
import { useRouter } from '../../lib/router';
import { useTexts } from '../../lib/screen-messages';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';
import { stoneQuery } from '../stone/api';
import { FoundStone } from './found-stone';
import type { ChosenStone } from './many-finds-form';

const QrScan = lazy(() => import('./qr-scan'));
const ManyFindsForm = lazy(() => import('./many-finds-form'));

type Problem = { title: string; text: string } | null;

/** The find-a-stone dialog: typed code or camera scan, lookup, then "log find now" or "just view". */
export default function FindDialog({ onClose }: { onClose: () => void }) {
  useTexts('find-dialog');
  return <FindDialogPanel onClose={onClose} />;
}

function FindDialogPanel({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { navigate } = useRouter();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<ChosenStone | null>(null);
  // Stones found at the same place, chosen before this one; `many`: their one find form is open.
  const [chosen, setChosen] = useState<ChosenStone[]>([]);
  const [many, setMany] = useState(false);
  const [scanning, setScanning] = useState(false);
  // Shown once a look-alike letter was typed, so the finder sees why the field shows a digit instead.
  const [readAsDigits, setReadAsDigits] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookup(code);
  };

  const lookup = async (candidate: string) => {
    if (!isValidCode(candidate)) {
      setProblem({
        title: intl.formatMessage({ id: 'find-dialog.code.invalid.title' }),
        text: intl.formatMessage({ id: 'find-dialog.code.invalid.text' }),
      });
      return;
    }
    if (chosen.some((stone) => stone.code === normalizeCode(candidate))) {
      setProblem({ title: intl.formatMessage({ id: 'find-dialog.many.already' }), text: '' });
      return;
    }
    setSearching(true);
    setProblem(null);
    try {
      const stone = await queryClient.fetchQuery(stoneQuery(candidate));
      if (stone) setFound({ code: stone.code, title: stone.title });
      else
        setProblem({
          title: intl.formatMessage({ id: 'core.stone.notFound.title' }),
          text: intl.formatMessage({ id: 'core.stone.notFound.text' }),
        });
    } catch {
      setProblem({
        title: intl.formatMessage({ id: 'core.stone.lookupError.title' }),
        text: intl.formatMessage({ id: 'core.stone.lookupError.text' }),
      });
    } finally {
      setSearching(false);
    }
  };

  const go = (path: string) => {
    onClose();
    navigate(path);
  };

  // One dialog for both steps, so focus stays inside and returns to the opener when it closes.
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={
        many
          ? intl.formatMessage({ id: 'find-dialog.many.title' }, { count: chosen.length })
          : found
            ? intl.formatMessage({ id: 'find-dialog.findModal.title' }, { code: found.code })
            : intl.formatMessage({ id: 'find-dialog.title' })
      }
      description={intl.formatMessage({
        id: many ? 'find-dialog.many.description' : found ? 'find-dialog.findModal.text' : 'find-dialog.description',
      })}
      initialFocus={codeInput}
    >
      {many ? (
        <Suspense fallback={<Spinner />}>
          <ManyFindsForm stones={chosen} onDone={onClose} />
        </Suspense>
      ) : found ? (
        <FoundStone
          found={found}
          chosen={chosen}
          go={go}
          add={() => {
            setChosen([...chosen, found]);
            setFound(null);
            setCode('');
          }}
          logAll={() => {
            setChosen([...chosen, found]);
            setMany(true);
          }}
        />
      ) : (
        <>
          <fieldset className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-stone-100 p-1">
            <button
              type="button"
              aria-pressed={!scanning}
              onClick={() => setScanning(false)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${scanning ? 'text-stone-600' : 'bg-white shadow'}`}
            >
              <FormattedMessage id="find-dialog.type" />
            </button>
            <button
              type="button"
              aria-pressed={scanning}
              onClick={() => setScanning(true)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${scanning ? 'bg-white shadow' : 'text-stone-600'}`}
            >
              <FormattedMessage id="find-dialog.scan" />
            </button>
          </fieldset>
          {scanning ? (
            <Suspense fallback={<Spinner />}>
              <QrScan
                onCode={(scanned) => {
                  setCode(scanned);
                  setScanning(false);
                  void lookup(scanned);
                }}
              />
            </Suspense>
          ) : null}
          {chosen.length > 0 ? (
            <p className="mb-3 text-sm text-stone-700" data-testid="chosen-stones">
              <FormattedMessage id="find-dialog.many.chosen" values={{ titles: chosen.map((stone) => stone.title).join(', ') }} />
            </p>
          ) : null}
          <form onSubmit={submit} noValidate className={scanning ? 'hidden' : 'space-y-4'}>
            <div className="space-y-1">
              <label htmlFor="stone-code" className="block text-sm font-medium text-stone-800">
                <FormattedMessage id="find-dialog.codeLabel" />
              </label>
              <input
                ref={codeInput}
                id="stone-code"
                name="code"
                value={code}
                onChange={(event) => {
                  // Reformat in place so the caret stays where the person is typing instead of jumping to the end.
                  const input = event.currentTarget;
                  const edit = formatCodeEdit(input.value, input.selectionStart ?? input.value.length);
                  // Read before the field is rewritten below: the updater must not look at the live input.
                  const typedLookalike = hasLookalikes(input.value);
                  setReadAsDigits((shown) => (edit.value === '' ? false : shown || typedLookalike));
                  if (input.value !== edit.value) input.value = edit.value;
                  input.setSelectionRange(edit.caret, edit.caret);
                  setCode(edit.value);
                  setProblem(null);
                }}
                placeholder="ABC-123-DEF"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={
                  [problem ? 'stone-code-problem' : '', readAsDigits ? 'stone-code-read' : ''].join(' ').trim() || undefined
                }
                className="w-full rounded-lg border border-stone-300 px-3 py-3 text-center font-mono text-2xl tracking-widest focus:border-amber-600 focus:outline-2 focus:outline-amber-600/30"
              />
              <p id="stone-code-read" aria-live="polite" className="min-h-5 text-sm text-stone-600">
                {readAsDigits ? <FormattedMessage id="find-dialog.readAsDigits" /> : null}
              </p>
            </div>
            {problem ? (
              <div id="stone-code-problem" role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{problem.title}</p>
                {problem.text ? <p>{problem.text}</p> : null}
              </div>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                <FormattedMessage id="find-dialog.cancel" />
              </Button>
              <Button type="submit" disabled={searching}>
                <FormattedMessage id={searching ? 'find-dialog.searching' : 'find-dialog.submit'} />
              </Button>
            </div>
          </form>
        </>
      )}
    </Dialog>
  );
}
