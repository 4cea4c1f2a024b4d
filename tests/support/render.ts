import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Mounts React components in the unit tests' Node, which has no DOM (the project has neither jsdom nor happy-dom,
 * and react-dom/server runs no effects): react-dom's client needs only these few objects to mount components that
 * render nothing — all the hooks' tests draw, each recording what its hooks return. Every step runs in act(), so
 * its effects and state updates have happened when it resolves.
 */
const document: Record<string, unknown> = { nodeType: 9, activeElement: null, addEventListener() {}, removeEventListener() {} };
const view = { document, event: undefined, HTMLIFrameElement: class {} };
document.defaultView = view;

const globals = globalThis as { window?: unknown; IS_REACT_ACT_ENVIRONMENT?: boolean };
globals.window ??= view;
globals.IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  rerender(node: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

export async function render(node: ReactNode): Promise<Rendered> {
  const container = { nodeType: 1, nodeName: 'DIV', tagName: 'DIV', ownerDocument: document, textContent: '' };
  Object.assign(container, { addEventListener() {}, removeEventListener() {} });
  const root = createRoot(container as unknown as Element);
  await act(async () => root.render(node));
  return {
    rerender: (next) => act(async () => root.render(next)),
    unmount: () => act(async () => root.unmount()),
  };
}

/** Runs a step that changes what the components show (a promise settling, a timer, a call of a hook's function). */
export const settle = (step: () => unknown): Promise<void> =>
  act(async () => {
    await step();
  });

/** A promise the test settles when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
