import { type AllHTMLAttributes, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const inputClass =
  'w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-stone-900 placeholder:text-stone-400 focus:border-amber-600 focus:outline-2 focus:outline-amber-600/30 read-only:bg-stone-50 aria-[invalid=true]:border-red-600';

interface FieldProps {
  label: string;
  error?: string | null;
  hint?: string;
}

/** What an input, a text area and a select all take: React types their handlers bivariantly, so each one's props fit. */
type ControlProps = AllHTMLAttributes<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

/** A labelled input, text area or select whose error and hint are tied to it for screen readers. */
function Field({ as: Control, label, error, hint, id, ...props }: FieldProps & ControlProps & { as: 'input' | 'textarea' | 'select' }) {
  const generated = useId();
  const inputId = id ?? generated;
  // The error first, then the hint; neither: no attribute.
  const describedBy = `${error ? `${inputId}-error` : ''} ${hint ? `${inputId}-hint` : ''}`.trim();
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <Control
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return <Field as="input" {...props} />;
}

/**
 * An e-mail address: the keyboard, autofill and check of one (`name` is `email` unless given), and its value as a
 * string.
 */
export function EmailField({
  onValue,
  ...props
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & { onValue: (value: string) => void }) {
  return <Field as="input" name="email" autoComplete="email" {...props} type="email" onChange={(event) => onValue(event.target.value)} />;
}

export function TextArea(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Field as="textarea" {...props} />;
}

/** A labelled choice among its `<option>` children. */
export function SelectField(props: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return <Field as="select" {...props} />;
}
