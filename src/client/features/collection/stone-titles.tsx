import { MAX_TITLE_LENGTH } from '../../../shared/schemas/limits';
import { TextArea } from '../../ui/field';

/**
 * The stones' own titles from one line each, for `count` stones: an empty line (or none) leaves that stone the
 * collection's title with its number. Undefined when no line has a title, so the server names them all.
 */
export function titlesFrom(text: string, count: number): string[] | undefined {
  const lines = text.split('\n').map((line) => line.trim().slice(0, MAX_TITLE_LENGTH));
  const titles = Array.from({ length: count }, (_, i) => lines[i] ?? '');
  return titles.some(Boolean) ? titles : undefined;
}

/** The optional per-stone titles, one per line (the creator's collection step and the owner's "add stones"). */
export function StoneTitlesField({
  label,
  hint,
  value,
  onValue,
  error,
}: {
  label: string;
  hint: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
}) {
  return (
    <TextArea
      label={label}
      hint={hint}
      name="titles"
      rows={4}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      error={error}
    />
  );
}
