import type { ReactNode } from 'react';

/**
 * A screen that is only a message (not found, could not be loaded): a heading, a line of text and the way on (a
 * link or a button). `alert` announces it at once: a failure the reader did not ask for.
 */
export function NoticePage({
  title,
  text,
  alert,
  mark,
  children,
}: {
  title: ReactNode;
  text: ReactNode;
  alert?: boolean;
  /** Shown large above the heading (the 404 page's number). */
  mark?: string;
  children: ReactNode;
}) {
  return (
    <div role={alert ? 'alert' : undefined} className="mx-auto max-w-xl px-4 py-24 text-center">
      {mark ? <p className="mb-4 text-6xl font-bold text-stone-500">{mark}</p> : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-8">{children}</div>
    </div>
  );
}
