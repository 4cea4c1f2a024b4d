import type { ReactNode } from 'react';
import { Card } from './card';

/**
 * A card headed by its title, which also names it for screen readers. A module of its own: in card.tsx it would
 * ride along in every page's JavaScript that has a card.
 */
export function TitledCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}
